/**
 * The widget kit's calls (ADR 069): named platform calls only, each answer typed by its path's contract. Widgets never
 * call fetch or name a path (tests/unit/widget-api-calls.test.ts). Each group of calls is a module of
 * its own in ./calls/ (ADR 098): a widget imports the groups it calls, so a page's first load carries only those.
 */
export type { ApiEnvelope } from "@contracts/envelope";
export type { ApiAnswers } from "@contracts/generated/api";
export type { ApiRequests } from "@contracts/generated/requests";
export type { AnswerOf, ApiPath, NamedCall, RequestOf } from "~/api/call-table";
export { isSuccess } from "@contracts/envelope";
export {
  callApi,
  refusalOf,
  showFailure,
  validatedRequest,
} from "~/api/calls";
export { callLiveRoom } from "~/api/live-room-api";
