import type { Db } from "../kernel/db.server.ts";
import { fail, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { hashPassword, newToken, sha256, sixDigits, verifyPassword } from "../kernel/secrets.server.ts";
import { say } from "../kernel/language.server.ts";
import { spendCaptcha } from "./captcha.server.ts";
import * as queries from "./queries.server.ts";
import type { UserRow } from "./queries.server.ts";

export interface AccountOptions {
  /** CAPTCHA=test: any captcha answer passes (like reCAPTCHA's test keys). */
  captchaTestMode: boolean;
  /** Wrong passwords in a row before the account locks. */
  maxFailedLogins: number;
  lockMinutes: number;
  /** Public origin for links in emails, e.g. http://localhost:3000. */
  publicOrigin: string;
  /** Where a developer reads what was sent when the outbox page is off (the server's console). */
  announceMessage?: (line: string) => void;
}

/** What every rule of the accounts area works with. */
export interface AccountsContext {
  db: Db;
  options: AccountOptions;
  /** Unknown names and password-less accounts are checked against this, so every wrong guess costs the same time. */
  decoyHash: string;
}

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;
const PER_TARGET_PER_DAY = 10;
const PER_IP_PER_HOUR = 30;
const LOGIN_PER_IP_PER_MINUTE = 30;

export const iso = (context: ApiContext) => context.now().toISOString();

/** How a user is named to other people: the nickname, else the phone number with its middle hidden. */
export function publicName(user: Pick<UserRow, "nickname" | "user_name">): string {
  return user.nickname || user.user_name.replace(/^(\d{3})\d+(\d{4})$/, "$1****$2");
}

/** How a user is named to English readers: their English name when they have one, else as to everyone. */
export function publicNameEn(user: Pick<UserRow, "nickname" | "nickname_en" | "user_name">): string {
  return user.nickname_en || publicName(user);
}

/** userObj as the spec names it: userName, mobilePrefix, isBindPhone, authorCode, portraitUrl, id. */
export function toUserObj(row: UserRow) {
  return {
    id: row.id,
    userName: row.user_name,
    mobilePrefix: row.mobile_prefix,
    isBindPhone: row.is_bind_phone === 1,
    authorCode: row.author_code,
    portraitUrl: row.portrait_url,
    nickname: row.nickname,
    isVip: row.is_vip === 1,
  };
}

export const suspended = (context: ApiContext) =>
  fail(4, say(context, "账号已被停用，请联系客服", "This account has been suspended. Please contact customer service."));
export const wrongCode = (context: ApiContext) => fail(0, say(context, "验证码错误或已失效", "The verification code is wrong or has expired"));
export const phoneTarget = (prefix: string | undefined, phone: string) => `+${prefix ?? "86"} ${phone}`;

/** An SMS or email, kept in the outbox (the developer's page reads it) and announced on the console when asked. */
export function send(accounts: AccountsContext, context: ApiContext, channel: "sms" | "email", to: string, code: string, text: string): void {
  queries.insertOutbox(accounts.db, channel, to, code, text, iso(context));
  accounts.options.announceMessage?.(`outbox: ${channel} to ${to}: ${text}`);
}

/** A new login replaces the user's earlier sessions; the old tokens then answer 10001 (offline notice). */
export function startSession(db: Db, context: ApiContext, userId: number): string {
  const token = newToken();
  queries.endSessions(db, userId, "replaced", iso(context));
  queries.insertSession(db, sha256(token), userId, iso(context));
  return token;
}

export type Current = { user: UserRow } | { envelope: Envelope };

/** Who the token belongs to; 10001 for a token replaced by a newer login, 4 for a disabled account. */
export function current(db: Db, context: ApiContext): Current {
  if (!context.token) return { envelope: fail(401, say(context, "请先登录", "Please log in first")) };
  const session = queries.sessionByTokenHash(db, sha256(context.token));
  if (!session) return { envelope: fail(401, say(context, "登录已失效，请重新登录", "Your session has expired. Please log in again")) };
  if (session.ended_at) {
    const replaced = say(
      context,
      "您的账号已在其他设备登录，如非本人操作请及时修改密码",
      "Your account was signed in on another device. If this was not you, change your password.",
    );
    return { envelope: session.ended_reason === "replaced" ? fail(10001, replaced) : fail(401, say(context, "您已退出登录", "You have logged out")) };
  }
  const user = queries.userById(db, session.user_id) as UserRow;
  if (user.disabled) return { envelope: suspended(context) };
  return { user };
}

/**
 * Issues a code after the captcha and the limits: one per purpose and target per 60 s (the browser's countdown, so a
 * new number never waits for another's), ten per target a day whatever the purpose, and thirty per IP an hour.
 */
export function issueCode(
  accounts: AccountsContext,
  context: ApiContext,
  request: { channel: "sms" | "email"; target: string; purpose: string },
  captcha: { randStr: string; ticket: string },
): Envelope | string {
  const { db } = accounts;
  const { channel, target } = request;
  if (!spendCaptcha(db, captcha.randStr, captcha.ticket, accounts.options.captchaTestMode)) {
    return fail(1001, say(context, "图形验证码错误，请重试", "The image code is wrong. Please try again"));
  }
  const now = context.now().getTime();
  const last = queries.lastCodeAt(db, channel, target, request.purpose);
  if (last && now - new Date(last).getTime() < RESEND_MS) {
    const wait = Math.ceil((RESEND_MS - (now - new Date(last).getTime())) / 1000);
    return fail(429, say(context, `请${wait}秒后再试`, `Please wait ${wait} s before asking again`));
  }
  // The address first: a refused address must not use up the target's daily quota.
  if (!allow(db, `code-ip:${context.ip}`, PER_IP_PER_HOUR, 3_600_000, now)) {
    return fail(429, say(context, "操作过于频繁，请稍后再试", "Too many requests. Please try again later"));
  }
  if (!allow(db, `code:${channel}:${target}`, PER_TARGET_PER_DAY, 86_400_000, now)) {
    return fail(429, say(context, "今日验证码发送次数已达上限", "Too many codes today for this number or address"));
  }
  const code = sixDigits();
  queries.insertCode(db, {
    channel,
    target,
    purpose: request.purpose,
    codeHash: sha256(`${target}:${code}`),
    ip: context.ip,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + CODE_TTL_MS).toISOString(),
  });
  return code;
}

/** A code is good once, for 10 minutes, for its target; five wrong tries spend it. */
export function useCode(db: Db, context: ApiContext, channel: "sms" | "email", target: string, code: string): boolean {
  const row = queries.latestUnusedCode(db, channel, target);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS || new Date(row.expires_at) < context.now()) return false;
  if (row.code_hash !== sha256(`${target}:${code}`)) {
    queries.countWrongCode(db, row.id);
    return false;
  }
  queries.markCodeUsed(db, row.id, iso(context));
  return true;
}

export function loginAllowed(db: Db, context: ApiContext): Envelope | null {
  return allow(db, `login-ip:${context.ip}`, LOGIN_PER_IP_PER_MINUTE, 60_000, context.now().getTime())
    ? null
    : fail(429, say(context, "登录过于频繁，请稍后再试", "Too many login attempts. Please try again later"));
}

function lockedAnswer(context: ApiContext, lockedUntil: string): Envelope {
  const minutes = Math.ceil((new Date(lockedUntil).getTime() - context.now().getTime()) / 60_000);
  return fail(
    10003,
    say(
      context,
      `密码错误次数过多，账号已锁定，请${minutes}分钟后再试或使用验证码登录`,
      `Too many wrong passwords: the account is locked. Try again in ${minutes} min or log in with a code.`,
    ),
  );
}

/** A wrong password counts against its login name; the one that reaches the limit locks the name. */
function wrongPassword(accounts: AccountsContext, context: ApiContext, identifier: string, earlier: ReturnType<typeof queries.loginFailures>): Envelope {
  const { maxFailedLogins, lockMinutes } = accounts.options;
  const failures = (earlier?.locked_until ? 0 : (earlier?.failures ?? 0)) + 1;
  if (failures >= maxFailedLogins) {
    queries.recordLoginFailures(accounts.db, identifier, 0, new Date(context.now().getTime() + lockMinutes * 60_000).toISOString());
    return fail(
      10002,
      say(
        context,
        `密码连续错误${failures}次，账号已锁定${lockMinutes}分钟`,
        `${failures} wrong passwords in a row: the account is locked for ${lockMinutes} min.`,
      ),
    );
  }
  queries.recordLoginFailures(accounts.db, identifier, failures, null);
  const left = maxFailedLogins - failures;
  return fail(0, say(context, `账号或密码错误，还可尝试${left}次`, `Wrong account or password. ${left} ${left === 1 ? "attempt" : "attempts"} left.`));
}

/**
 * Password check with a lock per login name: 10002 when this failure locks it, 10003 while it is locked. Names no
 * account has count and lock the same way, and a suspended account says so only to someone who knows its password.
 * `ready` is asked only after the password matched, so it reveals nothing to someone guessing.
 */
export function passwordLogin(
  accounts: AccountsContext,
  context: ApiContext,
  login: { identifier: string; user: UserRow | undefined; password: string },
  ready: (user: UserRow) => boolean = () => true,
): Envelope {
  const { db } = accounts;
  const { identifier, user } = login;
  const record = queries.loginFailures(db, identifier);
  if (record?.locked_until && new Date(record.locked_until) > context.now()) return lockedAnswer(context, record.locked_until);
  if (!verifyPassword(login.password, user?.password_hash ?? accounts.decoyHash) || !user) return wrongPassword(accounts, context, identifier, record);
  queries.forgetLoginFailures(db, identifier);
  if (user.disabled) return suspended(context);
  if (!ready(user)) return fail(0, say(context, "邮箱尚未验证，请先点击邮件中的确认链接", "Please confirm your email with the link we sent first"));
  const token = startSession(db, context, user.id);
  return { code: 100000, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(queries.userById(db, user.id) as UserRow) } };
}

export interface UserFields {
  userName: string;
  prefix?: string;
  phone?: string;
  email?: string;
  password?: string;
  userSource?: string;
  regChannel?: string;
  emailConfirmed?: boolean;
}

export function createUser(db: Db, context: ApiContext, fields: UserFields): UserRow {
  const id = queries.insertUser(db, {
    userName: fields.userName,
    prefix: fields.prefix ?? "86",
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    passwordHash: fields.password ? hashPassword(fields.password) : null,
    nickname: fields.phone ? `用户${fields.phone.slice(-4)}` : fields.email ? fields.email.split("@")[0] : "微信用户",
    userSource: fields.userSource ?? "",
    regChannel: fields.regChannel ?? "",
    emailConfirmed: fields.emailConfirmed ?? false,
    createdAt: iso(context),
  });
  return queries.userById(db, id) as UserRow;
}

/** A one-time link in an email (confirming the address, or a scholar claim), answered by GET /web/email. */
export function emailLink(accounts: AccountsContext, context: ApiContext, userId: number, purpose: string): string {
  const token = newToken();
  queries.insertEmailLink(accounts.db, sha256(token), userId, purpose, iso(context));
  return `${accounts.options.publicOrigin}/api/web/email?token=${token}`;
}

/** The WeChat scan a phone would make, for the developer's confirm page: creates or reuses a wx: account. */
export function confirmWechatScene(db: Db, sceneStr: string, openId: string, now: Date): boolean {
  if (!queries.unconfirmedWechatScene(db, sceneStr)) return false;
  const userName = `wx:${openId}`;
  const userId = queries.userByName(db, userName)?.id ?? queries.insertWechatUser(db, userName, now.toISOString());
  queries.confirmWechatScene(db, sceneStr, userId, now.toISOString());
  return true;
}
