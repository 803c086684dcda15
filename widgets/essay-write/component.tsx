import { useTranslation } from "react-i18next";
import type { EssayWriteProps } from "@schemas/generated/page-config";
import "./styles.css";
import type { WidgetRenderProps } from "../kit/types";
import { asText } from "../kit/page";
import { SmartLink } from "../kit/links";

/** A round pen button over the list's bottom right corner: a plain link, so it works before the page's code loads. */
export default function EssayWrite({ props }: WidgetRenderProps<EssayWriteProps>) {
  const { t } = useTranslation("essay");
  return (
    <SmartLink to={props.link} className="essay-write">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>{asText(props.label) || t("write")}</span>
    </SmartLink>
  );
}
