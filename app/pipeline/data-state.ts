import type { GateOutcome } from "~/lib/gate";

/** The state of one named data source, as widgets see it. */
export type DataState =
  | { status: "ok"; value: unknown }
  | { status: "error"; message: string }
  | { status: "loading" }
  | { status: "gated"; outcome: GateOutcome };

/** Codes the platform uses for success on reads (200) and on several account calls (1). */
export const SUCCESS_CODES = new Set([200, 1]);
