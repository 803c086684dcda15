/** The widget kit's calls: the one API client of the browser and the named platform calls. Widgets never call fetch. */
export type { ApiEnvelope } from "@contracts/envelope";
export { isSuccess } from "@contracts/envelope";
export { browserApi } from "~/api/browser-api";
export { accountCalls, audioCalls, callApi, drawCalls, memberCalls, orderCalls, pointCalls, showFailure, voteCalls } from "~/api/calls";
export { callLiveRoom, liveRoomPaths } from "~/api/live-room-api";
