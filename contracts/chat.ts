/** The live-room chat socket's protocol: what the browser and the server say to each other on /ws/chat. */
import type { GateOutcome } from "./gate";

export const CHAT_SOCKET_PATH = "/ws/chat";

export const CHAT_TEXT_LIMIT = 500;

export interface ChatMessage {
  id: number;
  planId: number;
  text: string;
  authorCode: string;
  authorName: string;
  authorNameEn: string;
  createTime: string;
  /** The sender's own id for the message, echoed to the sender only. */
  clientId?: string;
  /** The room's robot answered (ADR 081): authorCode is empty, textEn the answer in English. */
  robot?: true;
  textEn?: string;
}

export type ChatErrorCode = "badMessage" | "empty" | "tooLong" | "rateLimited" | "notAllowed";

/** What the server sends. `access` is the viewer's gate for sending: "ok" for verified scholars only. */
export type ChatServerEvent =
  | { type: "welcome"; planId: number; access: GateOutcome; online: number; limits: { maxLength: number; perWindow: number; windowMs: number } }
  | { type: "history"; messages: ChatMessage[] }
  | { type: "message"; message: ChatMessage }
  | { type: "online"; count: number }
  | { type: "error"; code: ChatErrorCode; clientId?: string; retryAfterMs?: number; access?: GateOutcome };

/** What the browser sends. */
export interface ChatSend {
  type: "send";
  text: string;
  clientId: string;
}

export function chatSocketUrl(location: { protocol: string; host: string }, planId: string | number): string {
  const search = new URLSearchParams({ planId: String(planId) });
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAT_SOCKET_PATH}?${search}`;
}
