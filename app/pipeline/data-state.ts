import { isSuccess, type ApiEnvelope } from "@contracts/envelope";
import type { GateOutcome } from "@contracts/gate";

/** The state of one named data source, as widgets see it. */
export type DataState =
  | { status: "ok"; value: unknown }
  | { status: "error"; message: string; code?: number }
  | { status: "loading" }
  | { status: "gated"; outcome: GateOutcome };

/** What a data source's answer means to the widgets that use it, on the server and in the browser alike. */
export function dataStateOf(envelope: ApiEnvelope): DataState {
  return isSuccess(envelope)
    ? { status: "ok", value: envelope.data ?? null }
    : { status: "error", message: envelope.message || `code ${envelope.code}`, code: envelope.code };
}
