import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RemindMeProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess, showFailure } from "../kit/api";
import { messageCalls } from "../kit/calls/message";
import { requireLogin, showToast } from "../kit/session";

/** States before a live starts (ADR 007): not started and upcoming. */
const NOT_YET = new Set(["0", "1"]);

/** "Remind me" (ADR 063): the platform writes a notice when the live or meeting starts; tap again to cancel. */
export default function RemindMe({ props }: WidgetRenderProps<RemindMeProps>) {
  const { t } = useTranslation("messages");
  const hydrated = useHydrated();
  const user = useViewer();
  const itemId = asText(props.itemId);
  const [reminding, setReminding] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!user || !itemId) return;
    void callApi(messageCalls.reminderState, { itemId }).then((answer) => {
      if (isSuccess(answer) && answer.data) setReminding(answer.data.reminding);
    });
  }, [user, itemId]);
  if (!hydrated || !NOT_YET.has(asText(props.status))) return null;

  const toggle = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(reminding ? messageCalls.cancelReminder : messageCalls.remind, { itemId });
    setBusy(false);
    if (!isSuccess(answer) || !answer.data) {
      showFailure(answer);
      return;
    }
    setReminding(answer.data.reminding);
    if (answer.data.reminding) showToast(t("remind.done"), "success");
  };
  return (
    <div className="remind-me">
      <button type="button" className={reminding ? "button" : "button button-primary"} aria-pressed={reminding} disabled={busy} onClick={() => void toggle()}>
        {reminding ? t("remind.on") : t("remind.action")}
      </button>
    </div>
  );
}
