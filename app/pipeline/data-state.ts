import { isSuccess, type ApiEnvelope } from "@contracts/envelope";
import type { GateOutcome } from "@contracts/gate";

/** The state of one named data source, as widgets see it. */
export type DataState =
  /**
   * `asVisitor`: the answer a visitor gets, in a render shared by a signed-in viewer's class (ADR 083), of a source
   * whose answer depends on who asks; the browser reads it again with the person's cookie.
   */
  | { status: "ok"; value: unknown; asVisitor?: true }
  | { status: "error"; message: string; code?: number }
  | { status: "loading" }
  | { status: "gated"; outcome: GateOutcome };

/** What a data source's answer means to the widgets that use it, on the server and in the browser alike. */
export function dataStateOf(envelope: ApiEnvelope): DataState {
  return isSuccess(envelope)
    ? { status: "ok", value: envelope.data ?? null }
    : { status: "error", message: envelope.message || `code ${envelope.code}`, code: envelope.code };
}
