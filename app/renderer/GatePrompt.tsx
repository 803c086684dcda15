import { useTranslation } from "react-i18next";
import type { GateOutcome } from "~/lib/gate";
import { openDialog, type DialogName } from "~/stores/dialogs";

const DIALOG_FOR: Record<Exclude<GateOutcome, "ok">, DialogName> = {
  needLogin: "login",
  needBind: "bindPhone",
  needVerify: "verify",
  needVip: "login",
};

export function dialogForGate(outcome: Exclude<GateOutcome, "ok">): DialogName {
  return DIALOG_FOR[outcome];
}

/** What a viewer sees in place of gated content: why, and the one action that opens the way. */
export function GatePrompt({ outcome, page = false }: { outcome: Exclude<GateOutcome, "ok">; page?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <section className={page ? "gate-prompt gate-prompt-page" : "gate-prompt"} data-gate={outcome}>
      <p>{t(`gate.${outcome}.text`)}</p>
      <button type="button" className="button button-primary" onClick={() => openDialog(DIALOG_FOR[outcome], outcome)}>
        {t(`gate.${outcome}.action`)}
      </button>
    </section>
  );
}
