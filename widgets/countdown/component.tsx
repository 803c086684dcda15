import { useTranslation } from "react-i18next";
import type { CountdownProps } from "@schemas/generated/page-config";
import { asText, usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { countdownParts } from "../kit/format";

/** Days, hours and minutes to a deadline; the page's clock keeps server and client renders identical. */
export default function Countdown({ props }: WidgetRenderProps<CountdownProps>) {
  const { t } = useTranslation("common");
  const { now } = usePage();
  const parts = countdownParts(asText(props.until), now);
  const label = asText(props.label);
  if (parts.ended) {
    return <p className="countdown countdown-ended">{asText(props.endedText) || t("countdown.ended")}</p>;
  }
  return (
    <div className="countdown" role="timer" aria-live="off">
      {label && <span className="countdown-label">{label}</span>}
      <span className="countdown-unit">
        <strong data-unit="days">{parts.days}</strong>
        {t("countdown.days")}
      </span>
      <span className="countdown-unit">
        <strong data-unit="hours">{String(parts.hours).padStart(2, "0")}</strong>
        {t("countdown.hours")}
      </span>
      <span className="countdown-unit">
        <strong data-unit="minutes">{String(parts.minutes).padStart(2, "0")}</strong>
        {t("countdown.minutes")}
      </span>
    </div>
  );
}
