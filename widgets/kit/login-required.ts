import { $user } from "~/stores/session";
import { openDialog } from "~/stores/dialogs";
import { type ApiEnvelope } from "@contracts/envelope";

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
