import * as forms from "@schemas/generated/form-kits.ts";
import type {
  BindPhoneForm,
  ChangePasswordForm,
  FeedbackForm,
  FindPasswordForm,
  LoginCodeForm,
  LoginEmailForm,
  LoginPasswordForm,
  RegisterEmailForm,
  RegisterPhoneForm,
  SendEmailCodeForm,
  SendSmsForm,
} from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { captchaPng, spendCaptcha } from "./captcha.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { formKit as kit, validateBody } from "./kernel/request-body.server.ts";
import { hashPassword, newToken, sha256, sixDigits, verifyPassword } from "./kernel/secrets.server.ts";
import { say } from "./kernel/language.server.ts";

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

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;
const PER_TARGET_PER_DAY = 10;
const PER_IP_PER_HOUR = 30;
const LOGIN_PER_IP_PER_MINUTE = 30;

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

const COUNTRY_PREFIXES = [
  { id: 1, mobilePrefix: "86", country: "中国大陆", countryEnShort: "CN" },
  { id: 2, mobilePrefix: "852", country: "中国香港", countryEnShort: "HK" },
  { id: 3, mobilePrefix: "853", country: "中国澳门", countryEnShort: "MO" },
  { id: 4, mobilePrefix: "886", country: "中国台湾", countryEnShort: "TW" },
  { id: 5, mobilePrefix: "1", country: "美国/加拿大", countryEnShort: "US" },
  { id: 6, mobilePrefix: "44", country: "英国", countryEnShort: "GB" },
  { id: 7, mobilePrefix: "65", country: "新加坡", countryEnShort: "SG" },
  { id: 8, mobilePrefix: "81", country: "日本", countryEnShort: "JP" },
  { id: 9, mobilePrefix: "82", country: "韩国", countryEnShort: "KR" },
  { id: 10, mobilePrefix: "61", country: "澳大利亚", countryEnShort: "AU" },
  { id: 11, mobilePrefix: "49", country: "德国", countryEnShort: "DE" },
  { id: 12, mobilePrefix: "33", country: "法国", countryEnShort: "FR" },
];

export function createAccounts(db: Db, options: AccountOptions) {
  const iso = (context: ApiContext) => context.now().toISOString();
  const userById = db.prepare("SELECT * FROM users WHERE id = ?");
  const userByPhone = db.prepare("SELECT * FROM users WHERE mobile_prefix = ? AND phone = ?");
  const userByEmail = db.prepare("SELECT * FROM users WHERE email = ?");

  function send(context: ApiContext, channel: "sms" | "email", to: string, code: string, text: string) {
    db.prepare("INSERT INTO outbox (channel, recipient, code, text, sent_at) VALUES (?, ?, ?, ?, ?)").run(channel, to, code, text, iso(context));
    options.announceMessage?.(`outbox: ${channel} to ${to}: ${text}`);
  }

  /** A new login replaces the user's earlier sessions; the old tokens then answer 10001 (offline notice). */
  function startSession(context: ApiContext, userId: number): string {
    const token = newToken();
    db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'replaced' WHERE user_id = ? AND ended_at IS NULL").run(iso(context), userId);
    db.prepare("INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)").run(sha256(token), userId, iso(context));
    return token;
  }

  type Current = { user: UserRow } | { envelope: Envelope };

  /** Who the token belongs to; 10001 for a token replaced by a newer login, 4 for a disabled account. */
  function current(context: ApiContext): Current {
    if (!context.token) return { envelope: fail(401, say(context, "请先登录", "Please log in first")) };
    const session = db.prepare("SELECT * FROM sessions WHERE token_hash = ?").get(sha256(context.token)) as
      | { user_id: number; ended_at: string | null; ended_reason: string | null }
      | undefined;
    if (!session) return { envelope: fail(401, say(context, "登录已失效，请重新登录", "Your session has expired. Please log in again")) };
    if (session.ended_at) {
      return session.ended_reason === "replaced"
        ? {
            envelope: fail(
              10001,
              say(
                context,
                "您的账号已在其他设备登录，如非本人操作请及时修改密码",
                "Your account was signed in on another device. If this was not you, change your password.",
              ),
            ),
          }
        : { envelope: fail(401, say(context, "您已退出登录", "You have logged out")) };
    }
    const user = userById.get(session.user_id) as UserRow;
    if (user.disabled) return { envelope: suspended(context) };
    return { user };
  }

  function withUser(handler: (context: ApiContext, user: UserRow) => Envelope | Response) {
    return (context: ApiContext) => {
      const who = current(context);
      return "envelope" in who ? who.envelope : handler(context, who.user);
    };
  }

  /** Issues a code after the captcha and the limits: one per target per 60 s, per day, and per IP per hour. */
  function issueCode(
    context: ApiContext,
    channel: "sms" | "email",
    target: string,
    purpose: string,
    captcha: { randStr: string; ticket: string },
  ): Envelope | string {
    if (!spendCaptcha(db, captcha.randStr, captcha.ticket, options.captchaTestMode)) {
      return fail(1001, say(context, "图形验证码错误，请重试", "The image code is wrong. Please try again"));
    }
    const now = context.now().getTime();
    const last = db.prepare("SELECT created_at FROM codes WHERE channel = ? AND target = ? ORDER BY id DESC LIMIT 1").pluck().get(channel, target) as
      | string
      | undefined;
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
    db.prepare("INSERT INTO codes (channel, target, purpose, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
      channel,
      target,
      purpose,
      sha256(`${target}:${code}`),
      context.ip,
      new Date(now).toISOString(),
      new Date(now + CODE_TTL_MS).toISOString(),
    );
    return code;
  }

  /** A code is good once, for 10 minutes, for its target; five wrong tries spend it. */
  function useCode(context: ApiContext, channel: "sms" | "email", target: string, code: string): boolean {
    const row = db
      .prepare("SELECT id, code_hash, attempts, expires_at FROM codes WHERE channel = ? AND target = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1")
      .get(channel, target) as { id: number; code_hash: string; attempts: number; expires_at: string } | undefined;
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS || new Date(row.expires_at) < context.now()) return false;
    if (row.code_hash !== sha256(`${target}:${code}`)) {
      db.prepare("UPDATE codes SET attempts = attempts + 1 WHERE id = ?").run(row.id);
      return false;
    }
    db.prepare("UPDATE codes SET used_at = ? WHERE id = ?").run(iso(context), row.id);
    return true;
  }

  const suspended = (context: ApiContext) =>
    fail(4, say(context, "账号已被停用，请联系客服", "This account has been suspended. Please contact customer service."));
  const wrongCode = (context: ApiContext) => fail(0, say(context, "验证码错误或已失效", "The verification code is wrong or has expired"));
  const phoneTarget = (prefix: string | undefined, phone: string) => `+${prefix ?? "86"} ${phone}`;

  function sendSms(context: ApiContext): Envelope {
    const body = validateBody<SendSmsForm>(context, kit(forms.sendSmsSchema, forms.sendSmsValidators));
    if (!body.ok) return body.envelope;
    const { phoneNum, prefix = "86", randStr, ticket } = body.value;
    const target = phoneTarget(prefix, phoneNum);
    const issued = issueCode(context, "sms", target, body.value.purpose ?? "login", { randStr, ticket });
    if (typeof issued !== "string") return issued;
    send(
      context,
      "sms",
      target,
      issued,
      say(context, `【经管学术圈】您的验证码是${issued}，10分钟内有效。`, `[EconScholar] Your code is ${issued}. It is valid for 10 minutes.`),
    );
    return ok(undefined, "SMS code sent successfully");
  }

  function sendEmailCode(context: ApiContext): Envelope {
    const body = validateBody<SendEmailCodeForm>(context, kit(forms.sendEmailCodeSchema, forms.sendEmailCodeValidators));
    if (!body.ok) return body.envelope;
    const email = body.value.email.toLowerCase();
    const issued = issueCode(context, "email", email, body.value.purpose ?? "findPwd", body.value);
    if (typeof issued !== "string") return issued;
    send(
      context,
      "email",
      email,
      issued,
      say(context, `您的验证码是 ${issued}，10分钟内有效。`, `Your verification code is ${issued}. It is valid for 10 minutes.`),
    );
    return ok(undefined, say(context, "验证码已发送至邮箱", "The code has been sent to your email"));
  }

  function loginAllowed(context: ApiContext): Envelope | null {
    return allow(db, `login-ip:${context.ip}`, LOGIN_PER_IP_PER_MINUTE, 60_000, context.now().getTime())
      ? null
      : fail(429, say(context, "登录过于频繁，请稍后再试", "Too many login attempts. Please try again later"));
  }

  const failuresOf = db.prepare("SELECT failures, locked_until FROM login_failures WHERE identifier = ?");
  const recordFailures = db.prepare(
    "INSERT INTO login_failures (identifier, failures, locked_until) VALUES (?, ?, ?) ON CONFLICT (identifier) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until",
  );
  const forgetFailures = db.prepare("DELETE FROM login_failures WHERE identifier = ?");
  // Unknown names and password-less accounts are checked against this, so every wrong guess costs the same time.
  const decoyHash = hashPassword(newToken());

  /**
   * Password check with a lock per login name: 10002 when this failure locks it, 10003 while it is locked. Names no
   * account has count and lock the same way, and a suspended account says so only to someone who knows its password.
   * `ready` is asked only after the password matched, so it reveals nothing to someone guessing.
   */
  function passwordLogin(
    context: ApiContext,
    identifier: string,
    user: UserRow | undefined,
    password: string,
    ready: (user: UserRow) => boolean = () => true,
  ): Envelope {
    const now = context.now();
    const record = failuresOf.get(identifier) as { failures: number; locked_until: string | null } | undefined;
    if (record?.locked_until && new Date(record.locked_until) > now) {
      const minutes = Math.ceil((new Date(record.locked_until).getTime() - now.getTime()) / 60_000);
      return fail(
        10003,
        say(
          context,
          `密码错误次数过多，账号已锁定，请${minutes}分钟后再试或使用验证码登录`,
          `Too many wrong passwords: the account is locked. Try again in ${minutes} min or log in with a code.`,
        ),
      );
    }
    if (!verifyPassword(password, user?.password_hash ?? decoyHash) || !user) {
      const failures = (record?.locked_until ? 0 : (record?.failures ?? 0)) + 1;
      if (failures >= options.maxFailedLogins) {
        const until = new Date(now.getTime() + options.lockMinutes * 60_000).toISOString();
        recordFailures.run(identifier, 0, until);
        return fail(
          10002,
          say(
            context,
            `密码连续错误${failures}次，账号已锁定${options.lockMinutes}分钟`,
            `${failures} wrong passwords in a row: the account is locked for ${options.lockMinutes} min.`,
          ),
        );
      }
      recordFailures.run(identifier, failures, null);
      return fail(
        0,
        say(
          context,
          `账号或密码错误，还可尝试${options.maxFailedLogins - failures}次`,
          `Wrong account or password. ${options.maxFailedLogins - failures} ${options.maxFailedLogins - failures === 1 ? "attempt" : "attempts"} left.`,
        ),
      );
    }
    forgetFailures.run(identifier);
    if (user.disabled) return suspended(context);
    if (!ready(user)) return fail(0, say(context, "邮箱尚未验证，请先点击邮件中的确认链接", "Please confirm your email with the link we sent first"));
    const token = startSession(context, user.id);
    return { code: 100000, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(userById.get(user.id) as UserRow) } };
  }

  function createUser(
    context: ApiContext,
    fields: {
      userName: string;
      prefix?: string;
      phone?: string;
      email?: string;
      password?: string;
      userSource?: string;
      regChannel?: string;
      emailConfirmed?: boolean;
    },
  ): UserRow {
    const result = db
      .prepare(`INSERT INTO users (user_name, mobile_prefix, phone, email, password_hash, nickname, is_bind_phone, user_source, reg_channel, email_confirmed, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        fields.userName,
        fields.prefix ?? "86",
        fields.phone ?? null,
        fields.email ?? null,
        fields.password ? hashPassword(fields.password) : null,
        fields.phone ? `用户${fields.phone.slice(-4)}` : fields.email ? fields.email.split("@")[0] : "微信用户",
        fields.phone ? 1 : 0,
        fields.userSource ?? "",
        fields.regChannel ?? "",
        fields.emailConfirmed ? 1 : 0,
        iso(context),
      );
    return userById.get(Number(result.lastInsertRowid)) as UserRow;
  }

  function emailLink(context: ApiContext, userId: number, purpose: string): string {
    const token = newToken();
    db.prepare("INSERT INTO email_links (token_hash, user_id, purpose, created_at) VALUES (?, ?, ?, ?)").run(sha256(token), userId, purpose, iso(context));
    return `${options.publicOrigin}/api/web/email?token=${token}`;
  }

  function bindPhone(context: ApiContext, user: UserRow): Envelope {
    const body = validateBody<BindPhoneForm>(context, kit(forms.bindPhoneSchema, forms.bindPhoneValidators));
    if (!body.ok) return body.envelope;
    const { phoneNumber, mobilePrefix = "86", smsVerifyCode } = body.value;
    if (!user.user_name.includes("wx:") && !user.user_name.includes("email:"))
      return fail(0, say(context, "该账号无需绑定手机号", "This account needs no phone binding"));
    if (!useCode(context, "sms", phoneTarget(mobilePrefix, phoneNumber), smsVerifyCode)) return wrongCode(context);
    const owner = userByPhone.get(mobilePrefix, phoneNumber) as UserRow | undefined;
    if (owner && owner.id !== user.id) {
      return fail(
        2,
        say(
          context,
          "该手机号已绑定其他账号，请联系客服处理或更换手机号",
          "This phone number is bound to another account. Contact customer service or use another number.",
        ),
      );
    }
    db.prepare("UPDATE users SET phone = ?, mobile_prefix = ?, is_bind_phone = 1 WHERE id = ?").run(phoneNumber, mobilePrefix, user.id);
    const token = startSession(context, user.id);
    return { code: 1, message: say(context, "绑定成功", "Phone bound"), datas: { map: { token, user: toUserObj(userById.get(user.id) as UserRow) } } };
  }

  function resetPassword(context: ApiContext, by: "phone" | "email"): Envelope {
    const body = validateBody<FindPasswordForm>(context, kit(forms.findPasswordSchema, forms.findPasswordValidators));
    if (!body.ok) return body.envelope;
    const { phone, email, mobilePrefix = "86", verCode, password } = body.value;
    const user = (by === "phone" ? phone && userByPhone.get(mobilePrefix, phone) : email && userByEmail.get(email.toLowerCase())) as UserRow | undefined;
    const target = by === "phone" ? phoneTarget(mobilePrefix, phone ?? "") : (email ?? "").toLowerCase();
    if (!useCode(context, by === "phone" ? "sms" : "email", target, verCode)) return wrongCode(context);
    if (!user) return fail(0, say(context, "该账号不存在", "No account uses this"));
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hashPassword(password), user.id);
    forgetFailures.run(target);
    db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'password' WHERE user_id = ? AND ended_at IS NULL").run(iso(context), user.id);
    return ok(undefined, say(context, "密码已重置，请重新登录", "Password reset. Please log in again"));
  }

  function changePassword(context: ApiContext, user: UserRow): Envelope {
    const body = validateBody<ChangePasswordForm>(context, kit(forms.changePasswordSchema, forms.changePasswordValidators));
    if (!body.ok) return body.envelope;
    if (!verifyPassword(body.value.oldPassword, user.password_hash)) return fail(0, say(context, "原密码错误", "The current password is wrong"));
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hashPassword(body.value.password), user.id);
    db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'password' WHERE user_id = ? AND ended_at IS NULL AND token_hash != ?").run(
      iso(context),
      user.id,
      sha256(context.token ?? ""),
    );
    return ok(undefined, say(context, "密码修改成功", "Password changed"));
  }

  const routes: RouteDefinition[] = [
    {
      method: "GET",
      path: "/web/isLogin",
      handler: (context) => {
        const who = current(context);
        return "envelope" in who ? who.envelope : ok(toUserObj(who.user));
      },
    },
    { method: "GET", path: "/web/getUserInfoWithToken", handler: withUser((_context, user) => ok(toUserObj(user))) },
    {
      method: "POST",
      path: "/web/logout",
      handler: (context) => {
        if (context.token)
          db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'logout' WHERE token_hash = ? AND ended_at IS NULL").run(
            iso(context),
            sha256(context.token),
          );
        return ok(undefined, say(context, "已退出登录", "Logged out"));
      },
    },
    {
      method: "GET",
      path: "/web/captcha.jpg",
      handler: (context) => {
        const randStr = String(context.params.randStr ?? "");
        if (!/^[A-Za-z0-9_-]{8,64}$/.test(randStr)) return fail(400, say(context, "缺少randStr", "randStr is required"));
        if (!allow(db, `captcha-ip:${context.ip}`, 60, 60_000, context.now().getTime())) return fail(429, say(context, "操作过于频繁", "Too many requests"));
        const answer = sixDigits().slice(0, 4);
        db.prepare("INSERT OR REPLACE INTO captchas (rand_str, answer, created_at) VALUES (?, ?, ?)").run(randStr, answer, iso(context));
        return new Response(new Uint8Array(captchaPng(answer)), { headers: { "Content-Type": "image/png", "Cache-Control": "no-store" } });
      },
    },
    ...["/web/sendMessage", "/web/sendMessageWithCaptcha", "/sms/sendMessageCommon"].map(
      (path): RouteDefinition => ({ method: "POST", path, handler: sendSms }),
    ),
    ...["/web/sendCodeEmail", "/web/sendMessageInFindPwdForEmail"].map((path): RouteDefinition => ({ method: "POST", path, handler: sendEmailCode })),
    {
      method: "POST",
      path: "/web/login",
      handler: (context) => {
        const limited = loginAllowed(context);
        if (limited) return limited;
        const body = validateBody<LoginPasswordForm>(context, kit(forms.loginPasswordSchema, forms.loginPasswordValidators));
        if (!body.ok) return body.envelope;
        const prefix = body.value.mobilePrefix ?? "86";
        const user = userByPhone.get(prefix, body.value.mobile) as UserRow | undefined;
        return passwordLogin(context, phoneTarget(prefix, body.value.mobile), user, body.value.password);
      },
    },
    {
      method: "POST",
      path: "/web/loginByAccountEmail",
      handler: (context) => {
        const limited = loginAllowed(context);
        if (limited) return limited;
        const body = validateBody<LoginEmailForm>(context, kit(forms.loginEmailSchema, forms.loginEmailValidators));
        if (!body.ok) return body.envelope;
        const email = body.value.accountEmail.toLowerCase();
        return passwordLogin(context, email, userByEmail.get(email) as UserRow | undefined, body.value.password, (row) => row.email_confirmed === 1);
      },
    },
    {
      method: "POST",
      path: "/web/loginMessage",
      handler: (context) => {
        const limited = loginAllowed(context);
        if (limited) return limited;
        const body = validateBody<LoginCodeForm>(context, kit(forms.loginCodeSchema, forms.loginCodeValidators));
        if (!body.ok) return body.envelope;
        const { userName, mobilePrefix = "86", smsVerifyCode } = body.value;
        if (!useCode(context, "sms", phoneTarget(mobilePrefix, userName), smsVerifyCode)) return wrongCode(context);
        const user =
          (userByPhone.get(mobilePrefix, userName) as UserRow | undefined) ??
          createUser(context, { userName, prefix: mobilePrefix, phone: userName, regChannel: "codeLogin" });
        if (user.disabled) return suspended(context);
        const token = startSession(context, user.id);
        return { code: 1, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(user) } };
      },
    },
    {
      method: "POST",
      path: "/reg/register",
      handler: (context) => {
        const body = validateBody<RegisterPhoneForm>(context, kit(forms.registerPhoneSchema, forms.registerPhoneValidators));
        if (!body.ok) return body.envelope;
        const { userName, mobilePrefix = "86", password, smsVerifyCode, userSource, regChannel } = body.value;
        if (userByPhone.get(mobilePrefix, userName))
          return {
            ...fail(0, say(context, "该手机号已注册，请直接登录", "This phone number is already registered. Please log in")),
            success: false,
          } as Envelope;
        if (!useCode(context, "sms", phoneTarget(mobilePrefix, userName), smsVerifyCode)) return { ...wrongCode(context), success: false } as Envelope;
        createUser(context, { userName, prefix: mobilePrefix, phone: userName, password, userSource, regChannel });
        return { code: 200, success: true, message: say(context, "注册成功", "Registered") } as Envelope;
      },
    },
    {
      method: "POST",
      path: "/reg/registerByEmail",
      handler: (context) => {
        const body = validateBody<RegisterEmailForm>(context, kit(forms.registerEmailSchema, forms.registerEmailValidators));
        if (!body.ok) return body.envelope;
        const email = body.value.userName.toLowerCase();
        if (userByEmail.get(email)) return fail(0, say(context, "该邮箱已注册", "This email is already registered"));
        if (!allow(db, `register-email-ip:${context.ip}`, 10, 3_600_000, context.now().getTime()))
          return fail(429, say(context, "操作过于频繁，请稍后再试", "Too many requests. Please try again later"));
        const user = createUser(context, {
          userName: `email:${email}`,
          email,
          password: body.value.password,
          userSource: body.value.userSource,
          regChannel: body.value.regChannel,
        });
        const link = emailLink(context, user.id, "confirm");
        send(context, "email", email, "", say(context, `请点击链接完成邮箱验证：${link}`, `Confirm your email by opening: ${link}`));
        return ok({ email }, say(context, "注册成功，请前往邮箱完成验证", "Registered. Please confirm your email"));
      },
    },
    {
      method: "POST",
      path: "/web/sendEmail",
      handler: (context) => {
        const email = String(context.params.email ?? "")
          .trim()
          .toLowerCase();
        const user = userByEmail.get(email) as UserRow | undefined;
        if (!user || user.email_confirmed) return fail(0, say(context, "没有待验证的邮箱", "No email waits for confirmation"));
        if (!allow(db, `confirm-mail:${email}`, 1, RESEND_MS, context.now().getTime())) return fail(429, say(context, "请60秒后再试", "Please wait 60 s"));
        const link = emailLink(context, user.id, "confirm");
        send(context, "email", email, "", say(context, `请点击链接完成邮箱验证：${link}`, `Confirm your email by opening: ${link}`));
        return ok(undefined, say(context, "验证邮件已重新发送", "Confirmation email sent again"));
      },
    },
    {
      method: "GET",
      path: "/web/email",
      handler: (context) => {
        const token = String(context.params.token ?? "");
        const link = db.prepare("SELECT * FROM email_links WHERE token_hash = ?").get(sha256(token)) as
          | { user_id: number; purpose: string; used_at: string | null; created_at: string }
          | undefined;
        const valid = link && !link.used_at && context.now().getTime() - new Date(link.created_at).getTime() < 7 * 86_400_000;
        if (valid) {
          db.prepare("UPDATE email_links SET used_at = ? WHERE token_hash = ?").run(iso(context), sha256(token));
          if (link.purpose === "claim") {
            db.prepare("UPDATE scholar_claims SET is_pass = 0, updated_at = ? WHERE user_id = ? AND is_pass = 3").run(iso(context), link.user_id);
          } else {
            db.prepare("UPDATE users SET email_confirmed = 1 WHERE id = ?").run(link.user_id);
          }
        }
        return new Response(null, { status: 302, headers: { Location: `/emailVerifyResult?status=${valid ? "success" : "invalid"}` } });
      },
    },
    { method: "POST", path: "/web/findPwd", handler: (context) => resetPassword(context, "phone") },
    { method: "POST", path: "/web/InFindPwd", handler: (context) => resetPassword(context, "phone") },
    { method: "POST", path: "/web/findPwdByEmail", handler: (context) => resetPassword(context, "email") },
    { method: "POST", path: "/web/changePassword", handler: withUser(changePassword) },
    { method: "POST", path: "/reg/change", handler: withUser(changePassword) },
    { method: "GET", path: "/sys/country/mobile/prefix", handler: () => ok(COUNTRY_PREFIXES) },
    {
      method: "POST",
      path: "/wechatpub/login",
      handler: (context) => {
        const sceneStr = newToken();
        db.prepare("INSERT INTO wechat_scenes (scene_str, created_at) VALUES (?, ?)").run(sceneStr, iso(context));
        return { code: 1, message: "ok", data: { sceneStr, url: `${options.publicOrigin}/dev/wechat/confirm?sceneStr=${sceneStr}` } };
      },
    },
    {
      method: "POST",
      path: "/wechatpub/pollingLogin",
      handler: (context) => {
        const scene = db.prepare("SELECT * FROM wechat_scenes WHERE scene_str = ?").get(String(context.params.sceneStr ?? "")) as
          | { user_id: number | null; confirmed_at: string | null; created_at: string }
          | undefined;
        if (!scene || context.now().getTime() - new Date(scene.created_at).getTime() > CODE_TTL_MS)
          return fail(404, say(context, "二维码已过期，请刷新", "The QR code has expired. Please refresh"));
        if (!scene.confirmed_at || !scene.user_id) return fail(0, say(context, "等待扫码", "Waiting for the scan"));
        db.prepare("DELETE FROM wechat_scenes WHERE scene_str = ?").run(String(context.params.sceneStr));
        const token = startSession(context, scene.user_id);
        return { code: 1, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(userById.get(scene.user_id) as UserRow) } };
      },
    },
    ...["/BindPhone/Wechat", "/BindPhone/Email", "/web/wxBindMobile", "/web/emailBindMobile"].map(
      (path): RouteDefinition => ({ method: "POST", path, handler: withUser(bindPhone) }),
    ),
    {
      method: "POST",
      path: "/feedBack/addFeedBack",
      handler: (context) => {
        const body = validateBody<FeedbackForm>(context, kit(forms.feedbackSchema, forms.feedbackValidators));
        if (!body.ok) return body.envelope;
        if (!allow(db, `feedback-ip:${context.ip}`, 10, 3_600_000, context.now().getTime()))
          return fail(429, say(context, "提交过于频繁，请稍后再试", "Too many submissions. Please try again later"));
        const who = current(context);
        db.prepare("INSERT INTO feedback (user_id, data_code, contact, content, feedback_type, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
          "user" in who ? who.user.id : null,
          body.value.dataCode ?? "",
          body.value.contactInformation ?? "",
          body.value.feedbackContent,
          body.value.feedbackType ?? "",
          iso(context),
        );
        return { code: 1, message: say(context, "提交成功", "submitted successfully") };
      },
    },
  ];

  /** The WeChat scan a phone would make, for the developer's confirm page: creates or reuses a wx: account. */
  function confirmWechatScene(sceneStr: string, openId: string, now: Date): boolean {
    const scene = db.prepare("SELECT * FROM wechat_scenes WHERE scene_str = ? AND confirmed_at IS NULL").get(sceneStr);
    if (!scene) return false;
    const userName = `wx:${openId}`;
    let user = db.prepare("SELECT * FROM users WHERE user_name = ?").get(userName) as UserRow | undefined;
    if (!user) {
      const result = db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES (?, ?, ?)").run(userName, "微信用户", now.toISOString());
      user = userById.get(Number(result.lastInsertRowid)) as UserRow;
    }
    db.prepare("UPDATE wechat_scenes SET user_id = ?, confirmed_at = ? WHERE scene_str = ?").run(user.id, now.toISOString(), sceneStr);
    return true;
  }

  return { routes, current, withUser, toUserObj, confirmWechatScene, sendMessage: send, userById: (id: number) => userById.get(id) as UserRow | undefined };
}

export type Accounts = ReturnType<typeof createAccounts>;
