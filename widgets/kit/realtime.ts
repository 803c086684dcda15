/** The widget kit's sockets: the live-room chat protocol and the browser's connection to it. */
export { CHAT_TEXT_LIMIT, chatSocketUrl, type ChatErrorCode, type ChatMessage, type ChatServerEvent } from "@contracts/chat";
export { createChatConnection, type ChatConnection, type ChatConnectionStatus } from "~/realtime/chat-connection";
export { browserClock } from "~/realtime/socket";
