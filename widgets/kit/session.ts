/**
 * The widget kit's viewer: who is signed in, what they may do, the dialogs and toasts that ask or tell them, and their
 * message centre (ADR 063: its contract, the live unread count and arrivals).
 */
import type { ApiEnvelope } from "@contracts/envelope";
import { $user } from "~/stores/session";
import { openDialog } from "~/stores/dialogs";

export { evaluateGate, type GateOutcome, type SessionUser } from "@contracts/gate";
export { $user, storeSession } from "~/stores/session";
export { openDialog, showToast } from "~/stores/dialogs";
export { $loginTab } from "~/stores/account";
export { dialogForGate } from "~/renderer/GatePrompt";
export { $arrived, $unread } from "~/stores/messages";
export { DIRECT_TEXT_LIMIT, IM_API, NOTICE_CHANNEL, directChannel, peerOf, type ImChannel, type ImMessage } from "@contracts/messages";

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
