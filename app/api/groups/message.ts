import { calls } from "../call-table";

/** The message centre (ADR 063) and reminders by WeChat subscription. */
export const messageCalls = calls({
  channels: { path: "/im/channels", method: "GET" },
  messages: { path: "/im/messages", method: "GET" },
  send: { path: "/im/send" },
  read: { path: "/im/read" },
  readAll: { path: "/im/readAll" },
  remind: { path: "/wechatsubscription/subscribe" },
  cancelReminder: { path: "/wechatsubscription/cancel" },
  reminderState: { path: "/wechatsubscription/state", method: "GET" },
});
