import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { say } from "./kernel/language.server.ts";
import { isBlocked, positiveId, refuseRiskWords } from "./community/rules.server.ts";
import { isStoredImageUrl } from "./files/index.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { directMessageSchema, directMessageValidators } from "@schemas/generated/form-kits.ts";
import type { DirectMessageForm } from "@schemas/generated/forms.ts";
import { LIVE } from "./live/rules.server.ts";
import { notify } from "./notices/index.server.ts";
import { DIRECT_RATE, directChannel, IM_API, NOTICE_CHANNEL, peerOf, type ImChannel, type ImMessage, type NoticeKind } from "@contracts/messages.ts";

/**
 * The message centre (issue 31, ADR 063, migration 031): notices the platform writes where things happen (notify),
 * direct messages between people (blacklist either way, risk words, a rate limit, images only from /file/upload),
 * reading one channel or all, and reminders of lives that start.
 */

interface NoticeRow {
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

interface DirectRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  text: string;
  image_url: string;
  created_at: string;
  read_at: string | null;
}

function noticeMessage(row: NoticeRow): ImMessage {
  return {
    id: row.id,
    channelId: NOTICE_CHANNEL,
    from: "notice",
    kind: row.kind,
    title: row.title,
    titleEn: row.title_en,
    text: row.body,
    textEn: row.body_en,
    link: row.link || undefined,
    createTime: row.created_at,
    read: row.read_at !== null,
  };
}

function directMessage(row: DirectRow, viewerId: number): ImMessage {
  const peer = row.sender_id === viewerId ? row.recipient_id : row.sender_id;
  return {
    id: row.id,
    channelId: directChannel(peer),
    from: row.sender_id === viewerId ? "mine" : "theirs",
    text: row.text,
    imageUrl: row.image_url || undefined,
    createTime: row.created_at,
    read: row.sender_id === viewerId || row.read_at !== null,
  };
}

const PAGE_SIZE = 30;
const directMessageKit = formKit(directMessageSchema, directMessageValidators);

export function createMessages(db: Db, accounts: Accounts, uploadsDir: string) {
  const unreadNotices = db.prepare("SELECT COUNT(*) FROM im_notices WHERE user_id = ? AND read_at IS NULL").pluck();
  const unreadDirect = db.prepare("SELECT COUNT(*) FROM im_direct_messages WHERE recipient_id = ? AND read_at IS NULL").pluck();
  const userById = db.prepare("SELECT * FROM users WHERE id = ?");

  const unreadCount = (userId: number) => (unreadNotices.get(userId) as number) + (unreadDirect.get(userId) as number);

  const channels = (user: UserRow): ImChannel[] => {
    const lastNotice = db.prepare("SELECT * FROM im_notices WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(user.id) as NoticeRow | undefined;
    const peers = db
      .prepare(
        `SELECT CASE WHEN sender_id = @me THEN recipient_id ELSE sender_id END AS peer, MAX(id) AS last_id,
                SUM(CASE WHEN recipient_id = @me AND read_at IS NULL THEN 1 ELSE 0 END) AS unread
         FROM im_direct_messages WHERE sender_id = @me OR recipient_id = @me GROUP BY peer ORDER BY last_id DESC LIMIT 100`,
      )
      .all({ me: user.id }) as { peer: number; last_id: number; unread: number }[];
    const notices: ImChannel = {
      channelId: NOTICE_CHANNEL,
      kind: "notices",
      unread: unreadNotices.get(user.id) as number,
      last: lastNotice ? noticeMessage(lastNotice) : null,
    };
    const direct = peers.flatMap((entry): ImChannel[] => {
      const peer = userById.get(entry.peer) as UserRow | undefined;
      const last = db.prepare("SELECT * FROM im_direct_messages WHERE id = ?").get(entry.last_id) as DirectRow;
      if (!peer) return [];
      return [
        {
          channelId: directChannel(peer.id),
          kind: "direct",
          peer: { id: peer.id, name: publicName(peer), portraitUrl: peer.portrait_url },
          unread: entry.unread,
          last: directMessage(last, user.id),
        },
      ];
    });
    return [notices, ...direct];
  };

  /** A channel's messages, newest first, a page before `beforeId`. */
  const messages = (context: ApiContext, user: UserRow): Envelope => {
    const channelId = String(context.params.channelId ?? "");
    const beforeId = positiveId(context.params.beforeId) ?? Number.MAX_SAFE_INTEGER;
    if (channelId === NOTICE_CHANNEL) {
      const rows = db
        .prepare("SELECT * FROM im_notices WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?")
        .all(user.id, beforeId, PAGE_SIZE) as NoticeRow[];
      return ok({ list: rows.map(noticeMessage), channelId });
    }
    const peerId = peerOf(channelId);
    const peer = peerId ? (userById.get(peerId) as UserRow | undefined) : undefined;
    if (!peer) return fail(404, say(context, "会话不存在", "No such conversation"));
    const rows = db
      .prepare(
        "SELECT * FROM im_direct_messages WHERE ((sender_id = @me AND recipient_id = @peer) OR (sender_id = @peer AND recipient_id = @me)) AND id < @before ORDER BY id DESC LIMIT @size",
      )
      .all({ me: user.id, peer: peer.id, before: beforeId, size: PAGE_SIZE }) as DirectRow[];
    return ok({
      list: rows.map((row) => directMessage(row, user.id)),
      channelId,
      peer: { id: peer.id, name: publicName(peer), portraitUrl: peer.portrait_url },
      blocked: isBlocked(db, user.id, peer.id),
    });
  };

  /**
   * One direct message, checked with the composer's own schema: to a person who exists and neither blocked the other,
   * text without risk words or a picture /file/upload stored (through the image pipeline), within the rate.
   */
  const send = (context: ApiContext, user: UserRow): Envelope => {
    const body = validateBody<DirectMessageForm>(context, directMessageKit);
    if (!body.ok) return body.envelope;
    const peer = userById.get(body.value.toUserId) as UserRow | undefined;
    if (!peer || peer.id === user.id || peer.disabled) return fail(404, say(context, "收信人不存在", "No such recipient"));
    const text = body.value.text ?? "";
    const imageUrl = body.value.imageUrl ?? "";
    if (!text && !imageUrl) return fail(400, say(context, "请输入消息内容", "Write a message"), { field: "text" });
    if (imageUrl && !isStoredImageUrl(uploadsDir, imageUrl))
      return fail(400, say(context, "图片无效，请重新上传", "That image is not valid. Please upload it again"), { field: "image" });
    const refused = refusal(context, user, peer, text);
    if (refused) return refused;
    const id = Number(
      db
        .prepare("INSERT INTO im_direct_messages (sender_id, recipient_id, text, image_url, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(user.id, peer.id, text, imageUrl, context.now().toISOString()).lastInsertRowid,
    );
    return ok(directMessage(db.prepare("SELECT * FROM im_direct_messages WHERE id = ?").get(id) as DirectRow, user.id), say(context, "已发送", "Sent"));
  };

  /** Why a message may not go, the same for text and pictures: the blacklist either way, risk words, the rate. */
  const refusal = (context: ApiContext, user: UserRow, peer: UserRow, text: string): Envelope | null => {
    if (isBlocked(db, peer.id, user.id))
      return fail(403, say(context, "对方已将你加入黑名单，无法发送", "This person has blocked you; the message was not sent"), { blocked: "byPeer" });
    if (isBlocked(db, user.id, peer.id))
      return fail(403, say(context, "你已将对方加入黑名单，移出后才能发送", "You have blocked this person; unblock them to write"), { blocked: "byMe" });
    const risky = refuseRiskWords(context, db, text);
    if (risky) return { ...risky, data: { ...(risky.data as object), field: "text" } };
    if (!allow(db, `im:${user.id}`, DIRECT_RATE.perWindow, DIRECT_RATE.windowMs, context.now().getTime()))
      return fail(429, say(context, "发送太频繁，请稍后再试", "You are sending too often. Please try again in a minute"));
    return null;
  };

  const readChannel = (context: ApiContext, user: UserRow): Envelope => {
    const channelId = String(context.params.channelId ?? "");
    const at = context.now().toISOString();
    if (channelId === NOTICE_CHANNEL) db.prepare("UPDATE im_notices SET read_at = ? WHERE user_id = ? AND read_at IS NULL").run(at, user.id);
    else {
      const peerId = peerOf(channelId);
      if (!peerId) return fail(404, say(context, "会话不存在", "No such conversation"));
      db.prepare("UPDATE im_direct_messages SET read_at = ? WHERE recipient_id = ? AND sender_id = ? AND read_at IS NULL").run(at, user.id, peerId);
    }
    return ok({ unread: unreadCount(user.id) });
  };

  const readAll = db.transaction((userId: number, at: string) => {
    db.prepare("UPDATE im_notices SET read_at = ? WHERE user_id = ? AND read_at IS NULL").run(at, userId);
    db.prepare("UPDATE im_direct_messages SET read_at = ? WHERE recipient_id = ? AND read_at IS NULL").run(at, userId);
  });

  const routes: RouteDefinition[] = [
    { method: "ANY", path: IM_API.channels, handler: accounts.withUser((_context, user) => ok({ list: channels(user), unread: unreadCount(user.id) })) },
    { method: "ANY", path: IM_API.messages, handler: accounts.withUser(messages) },
    { method: "POST", path: IM_API.send, handler: accounts.withUser(send) },
    { method: "POST", path: IM_API.read, handler: accounts.withUser(readChannel) },
    {
      method: "POST",
      path: IM_API.readAll,
      handler: accounts.withUser((context, user) => {
        readAll.immediate(user.id, context.now().toISOString());
        return ok({ unread: 0 }, say(context, "已全部标为已读", "All marked as read"));
      }),
    },
    { method: "ANY", path: IM_API.unread, handler: accounts.withUser((_context, user) => ok({ unread: unreadCount(user.id) })) },
    ...reminderRoutes(db, accounts),
  ];

  return {
    routes,
    unreadCount,
    /** What a person's socket sends after `afterNotice`/`afterDirect`: their new notices and messages to them. */
    newFor(userId: number, afterNotice: number, afterDirect: number): ImMessage[] {
      const notices = (db.prepare("SELECT * FROM im_notices WHERE user_id = ? AND id > ? ORDER BY id").all(userId, afterNotice) as NoticeRow[]).map(
        noticeMessage,
      );
      const direct = (db.prepare("SELECT * FROM im_direct_messages WHERE recipient_id = ? AND id > ? ORDER BY id").all(userId, afterDirect) as DirectRow[]).map(
        (row) => directMessage(row, userId),
      );
      return [...notices, ...direct];
    },
    latestIds(userId: number): { notice: number; direct: number } {
      return {
        notice: db.prepare("SELECT COALESCE(MAX(id), 0) FROM im_notices WHERE user_id = ?").pluck().get(userId) as number,
        direct: db.prepare("SELECT COALESCE(MAX(id), 0) FROM im_direct_messages WHERE recipient_id = ?").pluck().get(userId) as number,
      };
    },
    /** Sends the reminders of lives that have started: one notice each, once. */
    sendReminders: (at: Date) => sendReminders(db, at),
  };
}

export type Messages = ReturnType<typeof createMessages>;

/** "Remind me" on a live or meeting that has not started (spec §7 /wechatsubscription/*). */
function reminderRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const itemOf = (context: ApiContext) => {
    const itemId = positiveId(context.params.itemId);
    return itemId
      ? (db.prepare("SELECT id, kind, status, starts_at FROM items WHERE id = ? AND kind IN ('live', 'meeting')").get(itemId) as
          | { id: number; status: number }
          | undefined)
      : undefined;
  };
  return [
    {
      method: "POST",
      path: IM_API.remind,
      handler: accounts.withUser((context, user) => {
        const item = itemOf(context);
        if (!item) return fail(404, say(context, "活动不存在", "No such event"));
        if (item.status >= LIVE.living) return fail(400, say(context, "已经开始了，无需提醒", "It has already started"));
        db.prepare("INSERT OR IGNORE INTO im_reminders (user_id, item_id, created_at) VALUES (?, ?, ?)").run(user.id, item.id, context.now().toISOString());
        return ok({ reminding: true }, say(context, "开始时会提醒你", "We will remind you when it starts"));
      }),
    },
    {
      method: "POST",
      path: IM_API.cancelReminder,
      handler: accounts.withUser((context, user) => {
        db.prepare("DELETE FROM im_reminders WHERE user_id = ? AND item_id = ? AND sent_at IS NULL").run(user.id, positiveId(context.params.itemId) ?? 0);
        return ok({ reminding: false }, say(context, "已取消提醒", "Reminder cancelled"));
      }),
    },
    {
      method: "ANY",
      path: IM_API.reminderState,
      handler: accounts.withUser((context, user) => {
        const reminding = db
          .prepare("SELECT 1 FROM im_reminders WHERE user_id = ? AND item_id = ? AND sent_at IS NULL")
          .get(user.id, positiveId(context.params.itemId) ?? 0);
        return ok({ reminding: Boolean(reminding) });
      }),
    },
  ];
}

/**
 * A live counts as started when its state says so or its start time has passed. Each reminder is marked sent in the
 * same transaction as its notice is written, so two nodes sending at once send it once.
 */
function sendReminders(db: Db, at: Date): number {
  const due = db.transaction(() => {
    const rows = db
      .prepare(
        `SELECT r.user_id, i.id, i.kind, i.title, i.title_en FROM im_reminders r JOIN items i ON i.id = r.item_id
         WHERE r.sent_at IS NULL AND (i.status >= ? OR i.starts_at <= ?)`,
      )
      .all(LIVE.living, at.toISOString()) as { user_id: number; id: number; kind: string; title: string; title_en: string }[];
    for (const row of rows) {
      db.prepare("UPDATE im_reminders SET sent_at = ? WHERE user_id = ? AND item_id = ?").run(at.toISOString(), row.user_id, row.id);
      notify(
        db,
        row.user_id,
        {
          kind: "reminder",
          title: `开始了：${row.title}`,
          titleEn: `Starting now: ${row.title_en || row.title}`,
          link: row.kind === "live" ? `/viewLive?id=${row.id}` : `/scienceMeetingDetail?id=${row.id}`,
        },
        at,
      );
    }
    return rows.length;
  });
  return due.immediate();
}
