import type { IncomingMessage } from "node:http";
import type { WebSocket, RawData } from "ws";
import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { evaluateGate } from "@contracts/gate.ts";
import { CHAT_TEXT_LIMIT, type ChatMessage, type ChatServerEvent } from "@contracts/chat.ts";
import { socketContext, userOf } from "./session.server.ts";
import { chatQueries, type ChatMessageRow, type ChatQueries } from "./queries.server.ts";

/** Limits of the live-room chat; the browser shows the same numbers. */
export const CHAT_LIMITS = {
  /** Characters (code points) per message. */
  maxLength: CHAT_TEXT_LIMIT,
  /** Messages per user per window, over all of the user's connections. */
  perWindow: 5,
  windowMs: 10_000,
  /** Messages a joining reader gets. */
  history: 50,
  /** A frame larger than this closes the socket (1009): no message needs more. */
  maxPayloadBytes: 8 * 1024,
} as const;

function toMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    planId: row.plan_id,
    text: row.text,
    authorCode: row.author_code,
    authorName: row.author_name,
    authorNameEn: row.author_name_en,
    createTime: row.created_at,
    ...(row.robot ? { robot: true as const, textEn: row.text_en } : {}),
  };
}

/** Control characters other than line breaks would let one message redraw another's layout; they go. */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control and direction characters are what this strips
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
      .trim()
  );
}

/** A `send` frame as received: its text, or none for anything else; the clientId only when well-formed. */
function readSend(raw: RawData, isBinary: boolean): { clientId?: string; text?: string } {
  let parsed: { type?: unknown; text?: unknown; clientId?: unknown } = {};
  try {
    const value: unknown = isBinary ? null : JSON.parse(raw.toString());
    if (value && typeof value === "object") parsed = value;
  } catch {
    /* answered as a bad message */
  }
  const clientId = typeof parsed.clientId === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(parsed.clientId) ? parsed.clientId : undefined;
  return { clientId, text: parsed.type === "send" && typeof parsed.text === "string" ? parsed.text : undefined };
}

/** Stores a message under the author's scholar name, never the user name: for most users that is a phone number or an email address. */
function storeMessage(
  queries: ChatQueries,
  sent: { planId: number; userId: number; authorCode: string; nickname: string | null; text: string; at: number },
): ChatMessage {
  const fallback = sent.nickname || sent.authorCode;
  const name = queries.scholarName(sent.authorCode) ?? { name: fallback, name_en: fallback };
  const row = {
    plan_id: sent.planId,
    author_code: sent.authorCode,
    author_name: name.name,
    author_name_en: name.name_en,
    text: sent.text,
    created_at: new Date(sent.at).toISOString(),
  };
  return toMessage({ id: queries.insertMessage(row, sent.userId), ...row, robot: 0, text_en: "" });
}

function send(socket: WebSocket, event: ChatServerEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

interface Member {
  socket: WebSocket;
  request: IncomingMessage;
}

/** The room's robot (ADR 081): stores its reply to a message as a chat row, or answers null. */
export interface ChatRobot {
  replyInChat(planId: number, askerId: number, text: string, at: Date): number | null;
}

export interface ChatHubOptions {
  db: Db;
  accounts: Accounts;
  now: () => Date;
  robot?: ChatRobot;
}

/** How often a node looks for messages another node (another process on the same database) stored. */
const RELAY_INTERVAL_MS = 500;

/**
 * The live-room chat: one room per live plan, history from SQLite, sending for verified scholars only. Everything a
 * second process on the same database needs is in the database: the send limit counts rate_events, and each node
 * relays to its own readers the messages other nodes stored (polling its rooms every RELAY_INTERVAL_MS).
 */
export function createChatHub({ db, accounts, now, robot }: ChatHubOptions) {
  const rooms = new Map<number, Set<Member>>();
  /** Per room: the newest message id its readers have been sent. */
  const relayedUpTo = new Map<number, number>();
  const queries = chatQueries(db);

  const broadcast = (planId: number, event: ChatServerEvent) => {
    for (const member of rooms.get(planId) ?? []) send(member.socket, event);
  };

  /** Checked on every message, not only on joining: a session ended meanwhile (logout, newer login) may no longer post. */
  const viewer = (member: Member) => {
    const user = userOf(accounts, socketContext(db, member.request, now));
    return { user, access: evaluateGate("scholar", user ? accounts.toUserObj(user) : null) };
  };

  /**
   * Sliding window per user over every node (rate_events), counted in one write transaction so two nodes cannot both
   * take the last place; answers how long to wait when the window is full (0: counted, send it).
   */
  const takeSendSlot = db.transaction((userId: number, at: number): number => {
    const bucket = `chat:${userId}`;
    const times = queries.sendsInWindow(bucket, at - CHAT_LIMITS.windowMs);
    if (times.length >= CHAT_LIMITS.perWindow) return times[times.length - CHAT_LIMITS.perWindow] + CHAT_LIMITS.windowMs - at;
    queries.countSend(bucket, at);
    return 0;
  });

  /**
   * Sends a room's readers, in id order, the messages stored since its last relay: those of other nodes as they are,
   * this node's own new message (`own`) through its own delivery (which echoes the sender's clientId).
   */
  const relay = (planId: number, own?: { id: number; deliver: () => void }) => {
    const upTo = relayedUpTo.get(planId);
    if (upTo === undefined) return;
    for (const row of queries.newerThan(planId, upTo)) {
      if (row.id === own?.id) own.deliver();
      else broadcast(planId, { type: "message", message: toMessage(row) });
      relayedUpTo.set(planId, row.id);
    }
  };
  const relayOtherNodes = () => {
    for (const planId of relayedUpTo.keys()) relay(planId);
  };
  const relayTimer = setInterval(relayOtherNodes, RELAY_INTERVAL_MS);
  relayTimer.unref();

  const onMessage = (planId: number, member: Member, raw: RawData, isBinary: boolean) => {
    const { clientId, text: sent } = readSend(raw, isBinary);
    if (sent === undefined) {
      send(member.socket, { type: "error", code: "badMessage", clientId });
      return;
    }
    const { user, access } = viewer(member);
    if (!user || access !== "ok" || !user.author_code) {
      send(member.socket, { type: "error", code: "notAllowed", clientId, access });
      return;
    }
    const text = normalizeText(sent);
    if (!text) {
      send(member.socket, { type: "error", code: "empty", clientId });
      return;
    }
    if ([...text].length > CHAT_LIMITS.maxLength) {
      send(member.socket, { type: "error", code: "tooLong", clientId });
      return;
    }
    const at = now().getTime();
    const wait = takeSendSlot.immediate(user.id, at);
    if (wait > 0) {
      send(member.socket, { type: "error", code: "rateLimited", clientId, retryAfterMs: wait });
      return;
    }
    const message = storeMessage(queries, { planId, userId: user.id, authorCode: user.author_code, nickname: user.nickname, text, at });
    // Only the sender gets its own clientId back, to match the answer to its send.
    relay(planId, {
      id: message.id,
      deliver: () => {
        for (const other of rooms.get(planId) ?? []) {
          send(other.socket, { type: "message", message: other === member && clientId ? { ...message, clientId } : message });
        }
      },
    });
    // After the question, so every reader sees the robot's answer below it.
    if (robot?.replyInChat(planId, user.id, text, new Date(at))) relay(planId);
  };

  return {
    /** A socket for the room of one live plan (the plan is known to exist); the session is the upgrade's cookie. */
    join(socket: WebSocket, request: IncomingMessage, planId: number): void {
      const member: Member = { socket, request };
      let room = rooms.get(planId);
      if (!room) {
        room = new Set();
        rooms.set(planId, room);
        relayedUpTo.set(planId, queries.newestId(planId));
      } else {
        relay(planId);
      }
      room.add(member);
      const limits = { maxLength: CHAT_LIMITS.maxLength, perWindow: CHAT_LIMITS.perWindow, windowMs: CHAT_LIMITS.windowMs };
      send(socket, { type: "welcome", planId, access: viewer(member).access, online: room.size, limits });
      send(socket, {
        type: "history",
        messages: queries.history(planId, relayedUpTo.get(planId) ?? 0, CHAT_LIMITS.history).map((row) => toMessage(row)),
      });
      broadcast(planId, { type: "online", count: room.size });
      socket.on("message", (raw, isBinary) => onMessage(planId, member, raw, isBinary));
      socket.on("close", () => {
        room.delete(member);
        if (room.size === 0) {
          rooms.delete(planId);
          relayedUpTo.delete(planId);
        } else broadcast(planId, { type: "online", count: room.size });
      });
    },

    close(): void {
      clearInterval(relayTimer);
    },
  };
}
