import type { Db } from "../kernel/db.server.ts";

export interface UserRow {
  id: number;
  user_name: string;
  mobile_prefix: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  nickname: string;
  /** The name English readers see; empty when the person gave none. */
  nickname_en: string;
  portrait_url: string;
  is_bind_phone: number;
  author_code: string | null;
  is_vip: number;
  email_confirmed: number;
  disabled: number;
}

export interface SessionRow {
  user_id: number;
  ended_at: string | null;
  ended_reason: string | null;
}

export interface CodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
}

export interface EmailLinkRow {
  user_id: number;
  purpose: string;
  used_at: string | null;
  created_at: string;
}

export interface WechatSceneRow {
  user_id: number | null;
  confirmed_at: string | null;
  created_at: string;
}

// Users

export const userById = (db: Db, id: number) => db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;

export const userByPhone = (db: Db, prefix: string, phone: string) =>
  db.prepare("SELECT * FROM users WHERE mobile_prefix = ? AND phone = ?").get(prefix, phone) as UserRow | undefined;

export const userByEmail = (db: Db, email: string) => db.prepare("SELECT * FROM users WHERE email = ?").get(email) as UserRow | undefined;

export const userByName = (db: Db, userName: string) => db.prepare("SELECT * FROM users WHERE user_name = ?").get(userName) as UserRow | undefined;

export interface NewUser {
  userName: string;
  prefix: string;
  phone: string | null;
  email: string | null;
  passwordHash: string | null;
  nickname: string;
  userSource: string;
  regChannel: string;
  emailConfirmed: boolean;
  createdAt: string;
}

export const insertUser = (db: Db, user: NewUser) =>
  Number(
    db
      .prepare(`INSERT INTO users (user_name, mobile_prefix, phone, email, password_hash, nickname, is_bind_phone, user_source, reg_channel, email_confirmed, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        user.userName,
        user.prefix,
        user.phone,
        user.email,
        user.passwordHash,
        user.nickname,
        user.phone ? 1 : 0,
        user.userSource,
        user.regChannel,
        user.emailConfirmed ? 1 : 0,
        user.createdAt,
      ).lastInsertRowid,
  );

export const insertWechatUser = (db: Db, userName: string, createdAt: string) =>
  Number(db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES (?, ?, ?)").run(userName, "微信用户", createdAt).lastInsertRowid);

export const setPhone = (db: Db, userId: number, phone: string, prefix: string) =>
  db.prepare("UPDATE users SET phone = ?, mobile_prefix = ?, is_bind_phone = 1 WHERE id = ?").run(phone, prefix, userId);

export const setPasswordHash = (db: Db, userId: number, hash: string) => db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, userId);

export const confirmEmail = (db: Db, userId: number) => db.prepare("UPDATE users SET email_confirmed = 1 WHERE id = ?").run(userId);

// Sessions

export const sessionByTokenHash = (db: Db, tokenHash: string) =>
  db.prepare("SELECT * FROM sessions WHERE token_hash = ?").get(tokenHash) as SessionRow | undefined;

export const insertSession = (db: Db, tokenHash: string, userId: number, at: string) =>
  db.prepare("INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)").run(tokenHash, userId, at);

/** Ends a user's open sessions, except the one with keptTokenHash when given. */
export const endSessions = (db: Db, userId: number, reason: "replaced" | "password", at: string, keptTokenHash?: string) =>
  keptTokenHash === undefined
    ? db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE user_id = ? AND ended_at IS NULL").run(at, reason, userId)
    : db
        .prepare("UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE user_id = ? AND ended_at IS NULL AND token_hash != ?")
        .run(at, reason, userId, keptTokenHash);

export const endSession = (db: Db, tokenHash: string, at: string) =>
  db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'logout' WHERE token_hash = ? AND ended_at IS NULL").run(at, tokenHash);

// Codes, captchas and what was sent

export const insertOutbox = (db: Db, channel: "sms" | "email", recipient: string, code: string, text: string, at: string) =>
  db.prepare("INSERT INTO outbox (channel, recipient, code, text, sent_at) VALUES (?, ?, ?, ?, ?)").run(channel, recipient, code, text, at);

export const lastCodeAt = (db: Db, channel: string, target: string, purpose: string) =>
  db.prepare("SELECT created_at FROM codes WHERE channel = ? AND target = ? AND purpose = ? ORDER BY id DESC LIMIT 1").pluck().get(channel, target, purpose) as
    | string
    | undefined;

export interface NewCode {
  channel: string;
  target: string;
  purpose: string;
  codeHash: string;
  ip: string;
  createdAt: string;
  expiresAt: string;
}

export const insertCode = (db: Db, code: NewCode) =>
  db
    .prepare("INSERT INTO codes (channel, target, purpose, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(code.channel, code.target, code.purpose, code.codeHash, code.ip, code.createdAt, code.expiresAt);

export const latestUnusedCode = (db: Db, channel: string, target: string) =>
  db
    .prepare("SELECT id, code_hash, attempts, expires_at FROM codes WHERE channel = ? AND target = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1")
    .get(channel, target) as CodeRow | undefined;

export const countWrongCode = (db: Db, codeId: number) => db.prepare("UPDATE codes SET attempts = attempts + 1 WHERE id = ?").run(codeId);

export const markCodeUsed = (db: Db, codeId: number, at: string) => db.prepare("UPDATE codes SET used_at = ? WHERE id = ?").run(at, codeId);

export const saveCaptcha = (db: Db, randStr: string, answer: string, at: string) =>
  db.prepare("INSERT OR REPLACE INTO captchas (rand_str, answer, created_at) VALUES (?, ?, ?)").run(randStr, answer, at);

/** One statement, so two nodes on one database cannot both spend the same captcha. */
export const takeCaptchaAnswer = (db: Db, randStr: string) =>
  db.prepare("DELETE FROM captchas WHERE rand_str = ? RETURNING answer").pluck().get(randStr) as string | undefined;

// Wrong passwords

export const loginFailures = (db: Db, identifier: string) =>
  db.prepare("SELECT failures, locked_until FROM login_failures WHERE identifier = ?").get(identifier) as
    | { failures: number; locked_until: string | null }
    | undefined;

export const recordLoginFailures = (db: Db, identifier: string, failures: number, lockedUntil: string | null) =>
  db
    .prepare(
      "INSERT INTO login_failures (identifier, failures, locked_until) VALUES (?, ?, ?) ON CONFLICT (identifier) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until",
    )
    .run(identifier, failures, lockedUntil);

export const forgetLoginFailures = (db: Db, identifier: string) => db.prepare("DELETE FROM login_failures WHERE identifier = ?").run(identifier);

// Email links and WeChat scenes

export const insertEmailLink = (db: Db, tokenHash: string, userId: number, purpose: string, at: string) =>
  db.prepare("INSERT INTO email_links (token_hash, user_id, purpose, created_at) VALUES (?, ?, ?, ?)").run(tokenHash, userId, purpose, at);

export const emailLinkByHash = (db: Db, tokenHash: string) =>
  db.prepare("SELECT * FROM email_links WHERE token_hash = ?").get(tokenHash) as EmailLinkRow | undefined;

export const markEmailLinkUsed = (db: Db, tokenHash: string, at: string) =>
  db.prepare("UPDATE email_links SET used_at = ? WHERE token_hash = ?").run(at, tokenHash);

/** A scholar claim waiting for its email link goes to review. */
export const submitEmailedClaim = (db: Db, userId: number, at: string) =>
  db.prepare("UPDATE scholar_claims SET is_pass = 0, updated_at = ? WHERE user_id = ? AND is_pass = 3").run(at, userId);

export const insertWechatScene = (db: Db, sceneStr: string, at: string) =>
  db.prepare("INSERT INTO wechat_scenes (scene_str, created_at) VALUES (?, ?)").run(sceneStr, at);

export const wechatScene = (db: Db, sceneStr: string) =>
  db.prepare("SELECT * FROM wechat_scenes WHERE scene_str = ?").get(sceneStr) as WechatSceneRow | undefined;

export const unconfirmedWechatScene = (db: Db, sceneStr: string) =>
  db.prepare("SELECT * FROM wechat_scenes WHERE scene_str = ? AND confirmed_at IS NULL").get(sceneStr) as WechatSceneRow | undefined;

export const confirmWechatScene = (db: Db, sceneStr: string, userId: number, at: string) =>
  db.prepare("UPDATE wechat_scenes SET user_id = ?, confirmed_at = ? WHERE scene_str = ?").run(userId, at, sceneStr);

export const deleteWechatScene = (db: Db, sceneStr: string) => db.prepare("DELETE FROM wechat_scenes WHERE scene_str = ?").run(sceneStr);

export interface NewFeedback {
  userId: number | null;
  dataCode: string;
  contact: string;
  content: string;
  feedbackType: string;
  createdAt: string;
}

export const insertFeedback = (db: Db, feedback: NewFeedback) =>
  db
    .prepare("INSERT INTO feedback (user_id, data_code, contact, content, feedback_type, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(feedback.userId, feedback.dataCode, feedback.contact, feedback.content, feedback.feedbackType, feedback.createdAt);
