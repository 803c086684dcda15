import type { IncomingMessage } from "node:http";
import type { WebSocket, RawData } from "ws";
import type { Accounts } from "@platform/accounts/index.server.ts";
import type { Db } from "@platform/kernel/db.server.ts";
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
  robot: number;
  text_en: string;
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

interface Member {
  socket: WebSocket;
  request: IncomingMessage;
}

export interface ChatHubOptions {
  db: Db;
  accounts: Accounts;
  now: () => Date;
  /** The room's robot (ADR 081): stores its reply to a message as a chat row, or answers null. */
  robot?: { replyInChat(planId: number, askerId: number, text: string, at: Date): number | null };
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
  const insert = db.prepare(
    "INSERT INTO chat_messages (plan_id, user_id, author_code, author_name, author_name_en, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const history = db.prepare("SELECT * FROM (SELECT * FROM chat_messages WHERE plan_id = ? AND id <= ? ORDER BY id DESC LIMIT ?) ORDER BY id");
  const newerThan = db.prepare("SELECT * FROM chat_messages WHERE plan_id = ? AND id > ? ORDER BY id");
  const newestId = db.prepare("SELECT COALESCE(MAX(id), 0) FROM chat_messages WHERE plan_id = ?").pluck();
  const scholarName = db.prepare("SELECT name, name_en FROM scholars WHERE author_code = ?");
  const sendsInWindow = db.prepare("SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at").pluck();
  const countSend = db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)");

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

  /**
   * Sliding window per user over every node (rate_events), counted in one write transaction so two nodes cannot both
   * take the last place; answers how long to wait when the window is full (0: counted, send it).
   */
  const takeSendSlot = db.transaction((userId: number, at: number): number => {
    const bucket = `chat:${userId}`;
    const times = sendsInWindow.all(bucket, at - CHAT_LIMITS.windowMs) as number[];
    if (times.length >= CHAT_LIMITS.perWindow) return times[times.length - CHAT_LIMITS.perWindow] + CHAT_LIMITS.windowMs - at;
    countSend.run(bucket, at);
    return 0;
  });

  /**
   * Sends a room's readers, in id order, the messages stored since its last relay: those of other nodes as they are,
   * this node's own new message (`own`) through its own delivery (which echoes the sender's clientId).
   */
  const relay = (planId: number, own?: { id: number; deliver: () => void }) => {
    const upTo = relayedUpTo.get(planId);
    if (upTo === undefined) return;
    for (const row of newerThan.all(planId, upTo) as MessageRow[]) {
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
    const wait = takeSendSlot.immediate(user.id, at);
    if (wait > 0) {
      send(member.socket, { type: "error", code: "rateLimited", clientId, retryAfterMs: wait });
      return;
    }
    // Never the user name: for most users it is their phone number or email address.
    const fallback = user.nickname || user.author_code;
    const name = (scholarName.get(user.author_code) as { name: string; name_en: string } | undefined) ?? { name: fallback, name_en: fallback };
    const createdAt = new Date(at).toISOString();
    const id = Number(insert.run(planId, user.id, user.author_code, name.name, name.name_en, text, createdAt).lastInsertRowid);
    const message: ChatMessage = { id, planId, text, authorCode: user.author_code, authorName: name.name, authorNameEn: name.name_en, createTime: createdAt };
    // Only the sender gets its own clientId back, to match the answer to its send.
    relay(planId, {
      id,
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
        relayedUpTo.set(planId, newestId.get(planId) as number);
      } else {
        relay(planId);
      }
      room.add(member);
      send(socket, {
        type: "welcome",
        planId,
        access: viewer(member).access,
        online: room.size,
        limits: { maxLength: CHAT_LIMITS.maxLength, perWindow: CHAT_LIMITS.perWindow, windowMs: CHAT_LIMITS.windowMs },
      });
      send(socket, {
        type: "history",
        messages: (history.all(planId, relayedUpTo.get(planId), CHAT_LIMITS.history) as MessageRow[]).map((row) => toMessage(row)),
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
