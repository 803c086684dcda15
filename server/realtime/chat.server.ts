import type { IncomingMessage } from "node:http";
import type { WebSocket, RawData } from "ws";
import type { Accounts } from "../platform-api/accounts.server.ts";
import type { Db } from "../platform-api/db.server.ts";
import { evaluateGate } from "@contracts/gate.ts";
import { CHAT_TEXT_LIMIT, type ChatMessage, type ChatServerEvent } from "@contracts/chat.ts";
import { socketContext, userOf } from "./common.server.ts";

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

interface MessageRow {
  id: number;
  plan_id: number;
  text: string;
  author_code: string;
  author_name: string;
  author_name_en: string;
  created_at: string;
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    planId: row.plan_id,
    text: row.text,
    authorCode: row.author_code,
    authorName: row.author_name,
    authorNameEn: row.author_name_en,
    createTime: row.created_at,
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

interface Member {
  socket: WebSocket;
  request: IncomingMessage;
}

export interface ChatHubOptions {
  db: Db;
  accounts: Accounts;
  now: () => Date;
}

/** The live-room chat: one room per live plan, history from SQLite, sending for verified scholars only. */
export function createChatHub({ db, accounts, now }: ChatHubOptions) {
  const rooms = new Map<number, Set<Member>>();
  const recent = new Map<number, number[]>();
  const insert = db.prepare(
    "INSERT INTO chat_messages (plan_id, user_id, author_code, author_name, author_name_en, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const history = db.prepare("SELECT * FROM (SELECT * FROM chat_messages WHERE plan_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id");
  const scholarName = db.prepare("SELECT name, name_en FROM scholars WHERE author_code = ?");

  const send = (socket: WebSocket, event: ChatServerEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };
  const broadcast = (planId: number, event: ChatServerEvent) => {
    for (const member of rooms.get(planId) ?? []) send(member.socket, event);
  };

  /** Checked on every message, not only on joining: a session ended meanwhile (logout, newer login) may no longer post. */
  const viewer = (member: Member) => {
    const user = userOf(accounts, socketContext(db, member.request, now));
    return { user, access: evaluateGate("scholar", user ? accounts.toUserObj(user) : null) };
  };

  /** Sliding window per user; answers how long to wait when the window is full. */
  const waitBeforeSending = (userId: number, at: number): number => {
    const times = (recent.get(userId) ?? []).filter((time) => time > at - CHAT_LIMITS.windowMs);
    recent.set(userId, times);
    return times.length < CHAT_LIMITS.perWindow ? 0 : times[0] + CHAT_LIMITS.windowMs - at;
  };
  // Users who stopped sending leave nothing behind.
  const forgetQuietUsers = (at: number) => {
    for (const [userId, times] of recent) if (!times.some((time) => time > at - CHAT_LIMITS.windowMs)) recent.delete(userId);
  };

  const onMessage = (planId: number, member: Member, raw: RawData, isBinary: boolean) => {
    let parsed: { type?: unknown; text?: unknown; clientId?: unknown } = {};
    try {
      const value: unknown = isBinary ? null : JSON.parse(raw.toString());
      if (value && typeof value === "object") parsed = value;
    } catch {
      /* answered as a bad message below */
    }
    const clientId = typeof parsed.clientId === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(parsed.clientId) ? parsed.clientId : undefined;
    if (parsed.type !== "send" || typeof parsed.text !== "string") {
      send(member.socket, { type: "error", code: "badMessage", clientId });
      return;
    }
    const { user, access } = viewer(member);
    if (!user || access !== "ok" || !user.author_code) {
      send(member.socket, { type: "error", code: "notAllowed", clientId, access });
      return;
    }
    const text = normalizeText(parsed.text);
    if (!text) {
      send(member.socket, { type: "error", code: "empty", clientId });
      return;
    }
    if ([...text].length > CHAT_LIMITS.maxLength) {
      send(member.socket, { type: "error", code: "tooLong", clientId });
      return;
    }
    const at = now().getTime();
    if (recent.size > 1_000) forgetQuietUsers(at);
    const wait = waitBeforeSending(user.id, at);
    if (wait > 0) {
      send(member.socket, { type: "error", code: "rateLimited", clientId, retryAfterMs: wait });
      return;
    }
    recent.get(user.id)!.push(at);
    // Never the user name: for most users it is their phone number or email address.
    const fallback = user.nickname || user.author_code;
    const name = (scholarName.get(user.author_code) as { name: string; name_en: string } | undefined) ?? { name: fallback, name_en: fallback };
    const createdAt = new Date(at).toISOString();
    const id = Number(insert.run(planId, user.id, user.author_code, name.name, name.name_en, text, createdAt).lastInsertRowid);
    const message: ChatMessage = { id, planId, text, authorCode: user.author_code, authorName: name.name, authorNameEn: name.name_en, createTime: createdAt };
    // Only the sender gets its own clientId back, to match the answer to its send.
    for (const other of rooms.get(planId) ?? []) {
      send(other.socket, { type: "message", message: other === member && clientId ? { ...message, clientId } : message });
    }
  };

  return {
    /** A socket for the room of one live plan (the plan is known to exist); the session is the upgrade's cookie. */
    join(socket: WebSocket, request: IncomingMessage, planId: number): void {
      const member: Member = { socket, request };
      let room = rooms.get(planId);
      if (!room) {
        room = new Set();
        rooms.set(planId, room);
      }
      room.add(member);
      send(socket, {
        type: "welcome",
        planId,
        access: viewer(member).access,
        online: room.size,
        limits: { maxLength: CHAT_LIMITS.maxLength, perWindow: CHAT_LIMITS.perWindow, windowMs: CHAT_LIMITS.windowMs },
      });
      send(socket, { type: "history", messages: (history.all(planId, CHAT_LIMITS.history) as MessageRow[]).map((row) => toMessage(row)) });
      broadcast(planId, { type: "online", count: room.size });
      socket.on("message", (raw, isBinary) => onMessage(planId, member, raw, isBinary));
      socket.on("close", () => {
        room.delete(member);
        if (room.size === 0) rooms.delete(planId);
        else broadcast(planId, { type: "online", count: room.size });
      });
    },
  };
}
