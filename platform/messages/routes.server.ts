import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { isBlocked, positiveId } from "../community/rules.server.ts";
import { isStoredImageUrl } from "../files/index.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { directMessageSchema, directMessageValidators } from "@schemas/generated/form-kits.ts";
import type { DirectMessageForm } from "@schemas/generated/forms.ts";
import { LIVE } from "../live/rules.server.ts";
import { IM_API, NOTICE_CHANNEL, peerOf } from "@contracts/messages.ts";
import * as queries from "./queries.server.ts";
import { channelsOf, directMessage, noticeMessage, PAGE_SIZE, peerCard, refusal, unreadCount } from "./rules.server.ts";

const directMessageKit = formKit(directMessageSchema, directMessageValidators);

/** A channel's messages, newest first, a page before `beforeId`. */
function channelMessages(db: Db, context: ApiContext, user: UserRow): Envelope {
  const channelId = String(context.params.channelId ?? "");
  const beforeId = positiveId(context.params.beforeId) ?? Number.MAX_SAFE_INTEGER;
  if (channelId === NOTICE_CHANNEL) return ok({ list: queries.noticesBefore(db, user.id, beforeId, PAGE_SIZE).map(noticeMessage), channelId });
  const peerId = peerOf(channelId);
  const peer = peerId ? queries.userById(db, peerId) : undefined;
  if (!peer) return fail(404, say(context, "会话不存在", "No such conversation"));
  const rows = queries.conversationBefore(db, user.id, peer.id, beforeId, PAGE_SIZE);
  return ok({
    list: rows.map((row) => directMessage(row, user.id)),
    channelId,
    peer: peerCard(peer),
    blocked: isBlocked(db, user.id, peer.id),
  });
}

/**
 * One direct message, checked with the composer's own schema: to a person who exists and neither blocked the other,
 * text without risk words or a picture /file/upload stored (through the image pipeline), within the rate.
 */
function send(db: Db, uploadsDir: string, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<DirectMessageForm>(context, directMessageKit);
  if (!body.ok) return body.envelope;
  const peer = queries.userById(db, body.value.toUserId);
  if (!peer || peer.id === user.id || peer.disabled) return fail(404, say(context, "收信人不存在", "No such recipient"));
  const text = body.value.text ?? "";
  const imageUrl = body.value.imageUrl ?? "";
  if (!text && !imageUrl) return fail(400, say(context, "请输入消息内容", "Write a message"), { field: "text" });
  if (imageUrl && !isStoredImageUrl(uploadsDir, imageUrl))
    return fail(400, say(context, "图片无效，请重新上传", "That image is not valid. Please upload it again"), { field: "image" });
  const refused = refusal(db, context, user, peer, text);
  if (refused) return refused;
  const id = queries.insertDirect(db, user.id, peer.id, text, imageUrl, context.now().toISOString());
  return ok(directMessage(queries.directById(db, id), user.id), say(context, "已发送", "Sent"));
}

function readChannel(db: Db, context: ApiContext, user: UserRow): Envelope {
  const channelId = String(context.params.channelId ?? "");
  const at = context.now().toISOString();
  if (channelId === NOTICE_CHANNEL) queries.readNotices(db, user.id, at);
  else {
    const peerId = peerOf(channelId);
    if (!peerId) return fail(404, say(context, "会话不存在", "No such conversation"));
    queries.readConversation(db, user.id, peerId, at);
  }
  return ok({ unread: unreadCount(db, user.id) });
}

/** The message centre's paths (spec §7 /im/*): channels, a channel's messages, sending, reading, the unread count. */
export function messageRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const readAll = db.transaction((userId: number, at: string) => {
    queries.readNotices(db, userId, at);
    queries.readAllDirect(db, userId, at);
  });
  return [
    {
      method: "ANY",
      path: IM_API.channels,
      handler: accounts.withUser((_context, user) => ok({ list: channelsOf(db, user), unread: unreadCount(db, user.id) })),
    },
    { method: "ANY", path: IM_API.messages, handler: accounts.withUser((context, user) => channelMessages(db, context, user)) },
    { method: "POST", path: IM_API.send, handler: accounts.withUser((context, user) => send(db, uploadsDir, context, user)) },
    { method: "POST", path: IM_API.read, handler: accounts.withUser((context, user) => readChannel(db, context, user)) },
    {
      method: "POST",
      path: IM_API.readAll,
      handler: accounts.withUser((context, user) => {
        readAll.immediate(user.id, context.now().toISOString());
        return ok({ unread: 0 }, say(context, "已全部标为已读", "All marked as read"));
      }),
    },
    { method: "ANY", path: IM_API.unread, handler: accounts.withUser((_context, user) => ok({ unread: unreadCount(db, user.id) })) },
    ...reminderRoutes(db, accounts),
  ];
}

/** "Remind me" on a live or meeting that has not started (spec §7 /wechatsubscription/*). */
function reminderRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const itemOf = (context: ApiContext) => {
    const itemId = positiveId(context.params.itemId);
    return itemId ? queries.remindableItem(db, itemId) : undefined;
  };
  return [
    {
      method: "POST",
      path: IM_API.remind,
      handler: accounts.withUser((context, user) => {
        const item = itemOf(context);
        if (!item) return fail(404, say(context, "活动不存在", "No such event"));
        if (item.status >= LIVE.living) return fail(400, say(context, "已经开始了，无需提醒", "It has already started"));
        queries.insertReminder(db, user.id, item.id, context.now().toISOString());
        return ok({ reminding: true }, say(context, "开始时会提醒你", "We will remind you when it starts"));
      }),
    },
    {
      method: "POST",
      path: IM_API.cancelReminder,
      handler: accounts.withUser((context, user) => {
        queries.deleteReminder(db, user.id, positiveId(context.params.itemId) ?? 0);
        return ok({ reminding: false }, say(context, "已取消提醒", "Reminder cancelled"));
      }),
    },
    {
      method: "ANY",
      path: IM_API.reminderState,
      handler: accounts.withUser((context, user) => ok({ reminding: queries.isReminding(db, user.id, positiveId(context.params.itemId) ?? 0) })),
    },
  ];
}
