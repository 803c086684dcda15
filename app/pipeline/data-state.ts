import type { ApiEnvelope } from "~/lib/api-client";
import type { GateOutcome } from "~/lib/gate";

/** The state of one named data source, as widgets see it. */
export type DataState =
  | { status: "ok"; value: unknown }
  | { status: "error"; message: string; code?: number }
  | { status: "loading" }
  | { status: "gated"; outcome: GateOutcome };

/** Codes the platform uses for success on reads (200) and on several account calls (1). */
export const SUCCESS_CODES = new Set([200, 1]);

/** The platform's answer for an item that does not exist. */
export const NOT_FOUND_CODE = 404;

/** What a data source's answer means to the widgets that use it, on the server and in the browser alike. */
export function dataStateOf(envelope: ApiEnvelope): DataState {
  return SUCCESS_CODES.has(envelope.code)
    ? { status: "ok", value: envelope.data ?? null }
    : { status: "error", message: envelope.message || `code ${envelope.code}`, code: envelope.code };
}
