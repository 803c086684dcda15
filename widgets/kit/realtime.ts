/** The widget kit's sockets: the live-room chat protocol and the browser's connection to it. */
export { CHAT_TEXT_LIMIT, chatSocketUrl, type ChatErrorCode, type ChatMessage, type ChatServerEvent } from "@contracts/chat";
export { createChatConnection, type ChatConnection, type ChatConnectionStatus } from "~/realtime/chat-connection";
export { browserClock } from "~/realtime/socket";
export {
  SCREEN_TEXT_LIMIT,
  type QuestionResults,
  type ScreenPush,
  type ScreenServerEvent,
} from "@contracts/screen";
export { createScreenConnection } from "~/realtime/screen-connection";
export {
  ALREADY_ANSWERED_CODE,
  ANSWER_TEXT_LIMIT,
  checkAnswer,
  QUESTIONNAIRE_API,
  type PlanQuestion,
} from "@contracts/questionnaire";
export { INVITE_CODE, INVITE_QUERY, inviteLink } from "@contracts/audience";
