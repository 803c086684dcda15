import type { Db } from "../kernel/db.server.ts";
import { publicName, type UserRow } from "../accounts/index.server.ts";
import { fail, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import { isBlocked, refuseRiskWords } from "../community/rules.server.ts";
import { LIVE } from "../live/rules.server.ts";
import { notify } from "../notices/index.server.ts";
import { DIRECT_RATE, directChannel, NOTICE_CHANNEL, type ImChannel, type ImMessage } from "@contracts/messages.ts";
import * as queries from "./queries.server.ts";
import type { DirectRow, NoticeRow } from "./queries.server.ts";

/** A channel's page of messages. */
export const PAGE_SIZE = 30;

export function noticeMessage(row: NoticeRow): ImMessage {
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

export function directMessage(row: DirectRow, viewerId: number): ImMessage {
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

export const peerCard = (peer: UserRow) => ({ id: peer.id, name: publicName(peer), portraitUrl: peer.portrait_url });

export const unreadCount = (db: Db, userId: number) => queries.unreadNotices(db, userId) + queries.unreadDirect(db, userId);

/** A person's channels: the notices first, then each conversation, the latest first. */
export function channelsOf(db: Db, user: UserRow): ImChannel[] {
  const lastNotice = queries.lastNotice(db, user.id);
  const notices: ImChannel = {
    channelId: NOTICE_CHANNEL,
    kind: "notices",
    unread: queries.unreadNotices(db, user.id),
    last: lastNotice ? noticeMessage(lastNotice) : null,
  };
  const direct = queries.peersOf(db, user.id).flatMap((entry): ImChannel[] => {
    const peer = queries.userById(db, entry.peer);
    const last = queries.directById(db, entry.last_id);
    if (!peer) return [];
    return [{ channelId: directChannel(peer.id), kind: "direct", peer: peerCard(peer), unread: entry.unread, last: directMessage(last, user.id) }];
  });
  return [notices, ...direct];
}

/** Why a message may not go, the same for text and pictures: the blacklist either way, risk words, the rate. */
export function refusal(db: Db, context: ApiContext, user: UserRow, peer: UserRow, text: string): Envelope | null {
  if (isBlocked(db, peer.id, user.id))
    return fail(403, say(context, "对方已将你加入黑名单，无法发送", "This person has blocked you; the message was not sent"), { blocked: "byPeer" });
  if (isBlocked(db, user.id, peer.id))
    return fail(403, say(context, "你已将对方加入黑名单，移出后才能发送", "You have blocked this person; unblock them to write"), { blocked: "byMe" });
  const risky = refuseRiskWords(context, db, text);
  if (risky) return { ...risky, data: { ...(risky.data as object), field: "text" } };
  if (!allow(db, `im:${user.id}`, DIRECT_RATE.perWindow, DIRECT_RATE.windowMs, context.now().getTime()))
    return fail(429, say(context, "发送太频繁，请稍后再试", "You are sending too often. Please try again in a minute"));
  return null;
}

/** What a person's socket sends after `afterNotice`/`afterDirect`: their new notices and messages to them. */
export function newFor(db: Db, userId: number, afterNotice: number, afterDirect: number): ImMessage[] {
  const notices = queries.noticesAfter(db, userId, afterNotice).map(noticeMessage);
  const direct = queries.directAfter(db, userId, afterDirect).map((row) => directMessage(row, userId));
  return [...notices, ...direct];
}

/**
 * A live counts as started when its state says so or its start time has passed. Each reminder is marked sent in the
 * same transaction as its notice is written, so two nodes sending at once send it once.
 */
export function sendReminders(db: Db, at: Date): number {
  const due = db.transaction(() => {
    const rows = queries.dueReminders(db, LIVE.living, at.toISOString());
    for (const row of rows) {
      queries.markReminderSent(db, row.user_id, row.id, at.toISOString());
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
