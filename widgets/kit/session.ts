/** The widget kit's session: who is signed in, what they may do, and the dialogs and toasts that ask or tell them. */
import type { ApiEnvelope } from "@contracts/envelope";
import { $user } from "~/stores/session";
import { openDialog } from "~/stores/dialogs";

export { evaluateGate, type GateOutcome, type SessionUser } from "@contracts/gate";
export { $user, storeSession } from "~/stores/session";
export { openDialog, showToast } from "~/stores/dialogs";
export { $loginTab } from "~/stores/account";
export { dialogForGate } from "~/renderer/GatePrompt";
export { switchLanguage } from "~/i18n/switch-language";

/** Login-gated actions (spec §6): a visitor gets the login dialog instead of the action. */
export function requireLogin(): boolean {
  if ($user.get()) return true;
  openDialog("login", "needLogin");
  return false;
}

/** An answer saying the session is gone (expired, logged out) also asks the viewer to log in again. */
export function askedToLogIn(envelope: ApiEnvelope): boolean {
  if (envelope.code !== 401) return false;
  openDialog("login", "needLogin");
  return true;
}
