/**
 * The message centre (spec §7 /im/*, /wechatsubscription/*, ADR 063): notices from the platform and direct messages
 * between people, read one channel or all; and the socket (/ws/im) that tells a signed-in person of new ones at once.
 */

export const IM_SOCKET_PATH = "/ws/im";

export const IM_API = {
  channels: "/im/channels",
  messages: "/im/messages",
  send: "/im/send",
  read: "/im/read",
  readAll: "/im/readAll",
  unread: "/im/unreadCount",
  remind: "/wechatsubscription/subscribe",
  cancelReminder: "/wechatsubscription/cancel",
  reminderState: "/wechatsubscription/state",
} as const;

export const DIRECT_TEXT_LIMIT = 500;

/** Sends a person may make: this many direct messages a minute. */
export const DIRECT_RATE = { perWindow: 10, windowMs: 60_000 } as const;

export const NOTICE_KINDS = ["order", "refund", "claim", "reply", "mention", "follow", "prize", "reminder"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The notices' channel; a conversation with a person is `user-<their id>` (a query value takes letters, digits, _ and - only). */
export const NOTICE_CHANNEL = "notices";

export interface ImMessage {
  id: number;
  channelId: string;
  /** "notice" from the platform; "mine" or "theirs" in a conversation. */
  from: "notice" | "mine" | "theirs";
  kind?: NoticeKind;
  title?: string;
  titleEn?: string;
  text: string;
  textEn?: string;
  imageUrl?: string;
  link?: string;
  createTime: string;
  read: boolean;
}

export interface ImChannel {
  channelId: string;
  kind: "notices" | "direct";
  peer?: { id: number; name: string; portraitUrl: string };
  unread: number;
  last: ImMessage | null;
}

export type ImServerEvent = { type: "unread"; count: number } | { type: "message"; message: ImMessage };

export function imSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${IM_SOCKET_PATH}`;
}

/** A conversation's channel id for a person, and back (null for anything else). */
export function directChannel(userId: number): string {
  return `user-${userId}`;
}
export function peerOf(channelId: string): number | null {
  const match = /^user-([1-9][0-9]{0,11})$/.exec(channelId);
  return match ? Number(match[1]) : null;
}
