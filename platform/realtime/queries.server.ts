import type { Db } from "../kernel/db.server.ts";

export interface ChatMessageRow {
  id: number;
  plan_id: number;
  text: string;
  author_code: string;
  author_name: string;
  author_name_en: string;
  created_at: string;
  /** 1 for the room's robot's answers (ADR 081), which carry their English text too. */
  robot: number;
  text_en: string;
}

/**
 * The chat's statements, prepared once per hub: a room relays every 500 ms, so preparing on each call would parse
 * the same SQL several times a second per room.
 */
export function chatQueries(db: Db) {
  const insert = db.prepare(
    "INSERT INTO chat_messages (plan_id, user_id, author_code, author_name, author_name_en, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const history = db.prepare("SELECT * FROM (SELECT * FROM chat_messages WHERE plan_id = ? AND id <= ? ORDER BY id DESC LIMIT ?) ORDER BY id");
  const newerThan = db.prepare("SELECT * FROM chat_messages WHERE plan_id = ? AND id > ? ORDER BY id");
  const newestId = db.prepare("SELECT COALESCE(MAX(id), 0) FROM chat_messages WHERE plan_id = ?").pluck();
  const scholarName = db.prepare("SELECT name, name_en FROM scholars WHERE author_code = ?");
  const sendsInWindow = db.prepare("SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at").pluck();
  const countSend = db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)");
  return {
    insertMessage: (message: Omit<ChatMessageRow, "id" | "robot" | "text_en">, userId: number) =>
      Number(
        insert.run(message.plan_id, userId, message.author_code, message.author_name, message.author_name_en, message.text, message.created_at).lastInsertRowid,
      ),
    /** The last `limit` messages of a room up to an id, oldest first. */
    history: (planId: number, upTo: number, limit: number) => history.all(planId, upTo, limit) as ChatMessageRow[],
    newerThan: (planId: number, afterId: number) => newerThan.all(planId, afterId) as ChatMessageRow[],
    newestId: (planId: number) => newestId.get(planId) as number,
    scholarName: (authorCode: string) => scholarName.get(authorCode) as { name: string; name_en: string } | undefined,
    sendsInWindow: (bucket: string, since: number) => sendsInWindow.all(bucket, since) as number[],
    countSend: (bucket: string, at: number) => countSend.run(bucket, at),
  };
}

export type ChatQueries = ReturnType<typeof chatQueries>;
