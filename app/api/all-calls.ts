/**
 * Every group of named calls (app/api/call-table.ts and app/api/groups/), for the server's contract recorder: the
 * browser never imports this file, so a page loads only the groups its own code calls.
 */
export { sessionCalls } from "./call-table";
export { accountCalls } from "./groups/account";
export { activityCalls } from "./groups/activity";
export { audioCalls } from "./groups/audio";
export { circleCalls } from "./groups/circle";
export { commentCalls } from "./groups/comment";
export { drawCalls } from "./groups/draw";
export { essayCalls } from "./groups/essay";
export { eventCalls } from "./groups/event";
export { libraryCalls } from "./groups/library";
export { liveRoomCalls } from "./groups/live-room";
export { memberCalls } from "./groups/member";
export { messageCalls } from "./groups/message";
export { messagingPayCalls } from "./groups/messaging-pay";
export { orderCalls } from "./groups/order";
export { pointCalls } from "./groups/point";
export { qaCalls } from "./groups/qa";
export { scholarCalls } from "./groups/scholar";
export { shareCalls } from "./groups/share";
export { socialCalls } from "./groups/social";
export { voteCalls } from "./groups/vote";
