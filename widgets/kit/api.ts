/**
 * The widget kit's calls (ADR 069): named platform calls only, each answer typed by its path's contract. Widgets never
 * call fetch or name a path (tests/unit/widget-api-calls.test.ts).
 */
export type { ApiEnvelope } from "@contracts/envelope";
export type { ApiAnswers } from "@contracts/generated/api";
export type { AnswerOf, ApiPath, NamedCall } from "~/api/call-table";
export { isSuccess } from "@contracts/envelope";
export {
  accountCalls,
  audioCalls,
  callApi,
  circleCalls,
  commentCalls,
  drawCalls,
  essayCalls,
  eventCalls,
  libraryCalls,
  liveRoomCalls,
  memberCalls,
  messageCalls,
  orderCalls,
  pointCalls,
  qaCalls,
  refusalOf,
  scholarCalls,
  showFailure,
  messagingPayCalls,
  shareCalls,
  socialCalls,
  voteCalls,
} from "~/api/calls";
export { callLiveRoom } from "~/api/live-room-api";
