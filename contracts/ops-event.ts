/**
 * The console's calls for the event a page signs people up for (ADR 071), beside OPS_API (contracts/ops.ts): our
 * server relays them, for a signed-in staff member, to the platform's /opsConsole/event calls, whose answers are
 * contracts/api/opsConsole.event.json and opsConsole.event.save.json.
 */
import type { OpsConsoleEventAnswer } from "./generated/api.ts";

export const OPS_EVENT_API = {
  /** GET ?specialId=900011 → OpsEvent; 404 notFound. */
  event: "/ops/api/event",
  /** Publisher only: the event changes at once. POST OpsEventSaveRequest → OpsEvent; 422 invalid with problems (field, message). */
  saveEvent: "/ops/api/event/save",
} as const;

export type OpsEvent = OpsConsoleEventAnswer;
export type OpsEventSignUp = NonNullable<OpsEvent["signUp"]>;
export type OpsEventGuest = OpsEvent["guests"][number];
export type OpsEventAgendaEntry = OpsEvent["agenda"][number];

/** The parts given replace the event's, all or none. */
export type OpsEventDetails = Omit<OpsEvent["event"], "id" | "kind">;

export interface OpsEventSaveRequest {
  specialId: number;
  details?: OpsEventDetails;
  signUp?: Omit<OpsEventSignUp, "enrollCount">;
  guests?: OpsEventGuest[];
  agenda?: OpsEventAgendaEntry[];
}

/** A refused save's problem: field is the platform's ("guests/2/nameEn", entries numbered from 1), message in the caller's language. */
export interface OpsEventProblem {
  field: string;
  message: string;
}
