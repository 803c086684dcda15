import type { Db } from "../kernel/db.server.ts";
import type { UserRow } from "../accounts/index.server.ts";
import type { NoticeKind } from "@contracts/messages.ts";

/** The message centre's SQL (migration 031): im_notices, im_direct_messages and im_reminders. */

export interface NoticeRow {
  id: number;
  user_id: number;
  kind: NoticeKind;
  title: string;
  title_en: string;
  body: string;
  body_en: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

export interface DirectRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  text: string;
  image_url: string;
  created_at: string;
  read_at: string | null;
}

/** One conversation of a person: the peer, its last message and how many of it they have not read. */
export interface PeerEntry {
  peer: number;
  last_id: number;
  unread: number;
}

/** A reminder whose live or meeting has started, with what its notice names. */
export interface DueReminder {
  user_id: number;
  id: number;
  kind: string;
  title: string;
  title_en: string;
}

export const unreadNotices = (db: Db, userId: number) =>
  db.prepare("SELECT COUNT(*) FROM im_notices WHERE user_id = ? AND read_at IS NULL").pluck().get(userId) as number;

export const unreadDirect = (db: Db, userId: number) =>
  db.prepare("SELECT COUNT(*) FROM im_direct_messages WHERE recipient_id = ? AND read_at IS NULL").pluck().get(userId) as number;

export const userById = (db: Db, id: number) => db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;

export const lastNotice = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM im_notices WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(userId) as NoticeRow | undefined;

export const peersOf = (db: Db, userId: number) =>
  db
    .prepare(
      `SELECT CASE WHEN sender_id = @me THEN recipient_id ELSE sender_id END AS peer, MAX(id) AS last_id,
              SUM(CASE WHEN recipient_id = @me AND read_at IS NULL THEN 1 ELSE 0 END) AS unread
       FROM im_direct_messages WHERE sender_id = @me OR recipient_id = @me GROUP BY peer ORDER BY last_id DESC LIMIT 100`,
    )
    .all({ me: userId }) as PeerEntry[];

export const directById = (db: Db, id: number) => db.prepare("SELECT * FROM im_direct_messages WHERE id = ?").get(id) as DirectRow;

export const noticesBefore = (db: Db, userId: number, beforeId: number, size: number) =>
  db.prepare("SELECT * FROM im_notices WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?").all(userId, beforeId, size) as NoticeRow[];

export const conversationBefore = (db: Db, me: number, peer: number, before: number, size: number) =>
  db
    .prepare(
      "SELECT * FROM im_direct_messages WHERE ((sender_id = @me AND recipient_id = @peer) OR (sender_id = @peer AND recipient_id = @me)) AND id < @before ORDER BY id DESC LIMIT @size",
    )
    .all({ me, peer, before, size }) as DirectRow[];

export const insertDirect = (db: Db, senderId: number, recipientId: number, text: string, imageUrl: string, at: string) =>
  Number(
    db
      .prepare("INSERT INTO im_direct_messages (sender_id, recipient_id, text, image_url, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(senderId, recipientId, text, imageUrl, at).lastInsertRowid,
  );

export const readNotices = (db: Db, userId: number, at: string) =>
  db.prepare("UPDATE im_notices SET read_at = ? WHERE user_id = ? AND read_at IS NULL").run(at, userId);

export const readConversation = (db: Db, userId: number, peerId: number, at: string) =>
  db.prepare("UPDATE im_direct_messages SET read_at = ? WHERE recipient_id = ? AND sender_id = ? AND read_at IS NULL").run(at, userId, peerId);

export const readAllDirect = (db: Db, userId: number, at: string) =>
  db.prepare("UPDATE im_direct_messages SET read_at = ? WHERE recipient_id = ? AND read_at IS NULL").run(at, userId);

export const noticesAfter = (db: Db, userId: number, afterId: number) =>
  db.prepare("SELECT * FROM im_notices WHERE user_id = ? AND id > ? ORDER BY id").all(userId, afterId) as NoticeRow[];

export const directAfter = (db: Db, userId: number, afterId: number) =>
  db.prepare("SELECT * FROM im_direct_messages WHERE recipient_id = ? AND id > ? ORDER BY id").all(userId, afterId) as DirectRow[];

export const latestNoticeId = (db: Db, userId: number) =>
  db.prepare("SELECT COALESCE(MAX(id), 0) FROM im_notices WHERE user_id = ?").pluck().get(userId) as number;

export const latestDirectId = (db: Db, userId: number) =>
  db.prepare("SELECT COALESCE(MAX(id), 0) FROM im_direct_messages WHERE recipient_id = ?").pluck().get(userId) as number;

export const remindableItem = (db: Db, itemId: number) =>
  db.prepare("SELECT id, kind, status, starts_at FROM items WHERE id = ? AND kind IN ('live', 'meeting')").get(itemId) as
    | { id: number; status: number }
    | undefined;

export const insertReminder = (db: Db, userId: number, itemId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO im_reminders (user_id, item_id, created_at) VALUES (?, ?, ?)").run(userId, itemId, at);

export const deleteReminder = (db: Db, userId: number, itemId: number) =>
  db.prepare("DELETE FROM im_reminders WHERE user_id = ? AND item_id = ? AND sent_at IS NULL").run(userId, itemId);

export const isReminding = (db: Db, userId: number, itemId: number) =>
  Boolean(db.prepare("SELECT 1 FROM im_reminders WHERE user_id = ? AND item_id = ? AND sent_at IS NULL").get(userId, itemId));

export const dueReminders = (db: Db, living: number, at: string) =>
  db
    .prepare(
      `SELECT r.user_id, i.id, i.kind, i.title, i.title_en FROM im_reminders r JOIN items i ON i.id = r.item_id
       WHERE r.sent_at IS NULL AND (i.status >= ? OR i.starts_at <= ?)`,
    )
    .all(living, at) as DueReminder[];

export const markReminderSent = (db: Db, userId: number, itemId: number, at: string) =>
  db.prepare("UPDATE im_reminders SET sent_at = ? WHERE user_id = ? AND item_id = ?").run(at, userId, itemId);
