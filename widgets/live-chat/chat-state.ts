import type { GateOutcome } from "../kit/session";
import type { ChatErrorCode, ChatMessage, ChatServerEvent } from "../kit/realtime";

/** A room keeps at most this many messages on screen; older ones are in the history of the server. */
export const SHOWN_MESSAGES = 200;

export interface ChatState {
  /** null until the server has sent the history. */
  messages: ChatMessage[] | null;
  online: number | null;
  /** The server's word on whether this viewer may send; null before the first welcome. */
  access: GateOutcome | null;
  error: { code: ChatErrorCode; retryAfterMs?: number } | null;
}

export const initialChatState: ChatState = { messages: null, online: null, access: null, error: null };

/** What the room looks like after one event from the server. */
export function chatReducer(state: ChatState, event: ChatServerEvent | { type: "clearError" }): ChatState {
  switch (event.type) {
    case "welcome":
      return { ...state, access: event.access, online: event.online };
    case "history":
      // A reconnect sends the history again: it replaces what was shown, so nothing appears twice.
      return { ...state, messages: event.messages.slice(-SHOWN_MESSAGES) };
    case "message": {
      const messages = state.messages ?? [];
      if (messages.some((message) => message.id === event.message.id)) return state;
      const error = event.message.clientId ? null : state.error;
      return { ...state, error, messages: [...messages, event.message].slice(-SHOWN_MESSAGES) };
    }
    case "online":
      return { ...state, online: event.count };
    case "error":
      return { ...state, error: { code: event.code, retryAfterMs: event.retryAfterMs }, access: event.access ?? state.access };
    case "clearError":
      return state.error ? { ...state, error: null } : state;
    default:
      return state;
  }
}
