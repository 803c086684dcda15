import { useTranslation } from "react-i18next";
import { Link } from "~/routing/link";
import type { GateOutcome } from "@contracts/gate";
import { openDialog, type DialogName } from "~/stores/dialogs";
import { useHasPage } from "~/routing/page-paths";

/** The dialog that opens the way (spec §6); a logged-in non-member is sent to the membership page instead. */
const DIALOG_FOR: Record<Exclude<GateOutcome, "ok" | "needVip">, DialogName> = {
  needLogin: "login",
  needBind: "bindPhone",
  needVerify: "verify",
};

export const VIP_PAGE = "/vipIndex";

/** The dialog for a gate outcome, none for a logged-in non-member (who goes to the membership page). */
export function gateDialog(outcome: Exclude<GateOutcome, "ok">): DialogName | null {
  return outcome === "needVip" ? null : DIALOG_FOR[outcome];
}

/** For callers that always open a dialog: a visitor's way to membership starts with the login dialog. */
export function dialogForGate(outcome: Exclude<GateOutcome, "ok">): DialogName {
  return gateDialog(outcome) ?? "login";
}

/** What a viewer sees in place of gated content: why, and the one action that opens the way. */
export function GatePrompt({ outcome, page = false }: { outcome: Exclude<GateOutcome, "ok">; page?: boolean }) {
  const { t } = useTranslation("common");
  const dialog = gateDialog(outcome);
  const hasPage = useHasPage();
  return (
    <section className={page ? "gate-prompt gate-prompt-page" : "gate-prompt"} data-gate={outcome}>
      <p>{t(`gate.${outcome}.text`)}</p>
      {dialog ? (
        <button type="button" className="button button-primary" onClick={() => openDialog(dialog, outcome)}>
          {t(`gate.${outcome}.action`)}
        </button>
      ) : (
        hasPage(VIP_PAGE) && (
          <Link className="button button-primary" to={VIP_PAGE}>
            {t(`gate.${outcome}.action`)}
          </Link>
        )
      )}
    </section>
  );
}
