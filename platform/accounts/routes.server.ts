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
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { formKit as kit, validateBody } from "../kernel/request-body.server.ts";
import { hashPassword, newToken, sha256, sixDigits, verifyPassword } from "../kernel/secrets.server.ts";
import { say } from "../kernel/language.server.ts";
import { captchaPng } from "./captcha.server.ts";
import * as queries from "./queries.server.ts";
import type { UserRow } from "./queries.server.ts";
import {
  CODE_TTL_MS,
  createUser,
  current,
  emailLink,
  iso,
  issueCode,
  loginAllowed,
  passwordLogin,
  phoneTarget,
  RESEND_MS,
  send,
  startSession,
  suspended,
  toUserObj,
  useCode,
  wrongCode,
  type AccountsContext,
} from "./rules.server.ts";

type Handler = (accounts: AccountsContext, context: ApiContext) => Envelope | Response;
type UserHandler = (accounts: AccountsContext, context: ApiContext, user: UserRow) => Envelope;

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

const confirmationText = (context: ApiContext, link: string) => say(context, `请点击链接完成邮箱验证：${link}`, `Confirm your email by opening: ${link}`);

function isLogin({ db }: AccountsContext, context: ApiContext): Envelope {
  const who = current(db, context);
  return "envelope" in who ? who.envelope : ok(toUserObj(who.user));
}

function logout({ db }: AccountsContext, context: ApiContext): Envelope {
  if (context.token) queries.endSession(db, sha256(context.token), iso(context));
  return ok(undefined, say(context, "已退出登录", "Logged out"));
}

function captchaImage({ db }: AccountsContext, context: ApiContext): Envelope | Response {
  const randStr = String(context.params.randStr ?? "");
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(randStr)) return fail(400, say(context, "缺少randStr", "randStr is required"));
  if (!allow(db, `captcha-ip:${context.ip}`, 60, 60_000, context.now().getTime())) return fail(429, say(context, "操作过于频繁", "Too many requests"));
  const answer = sixDigits().slice(0, 4);
  queries.saveCaptcha(db, randStr, answer, iso(context));
  return new Response(new Uint8Array(captchaPng(answer)), { headers: { "Content-Type": "image/png", "Cache-Control": "no-store" } });
}

function sendSms(accounts: AccountsContext, context: ApiContext): Envelope {
  const body = validateBody<SendSmsForm>(context, kit(forms.sendSmsSchema, forms.sendSmsValidators));
  if (!body.ok) return body.envelope;
  const { phoneNum, prefix = "86", randStr, ticket } = body.value;
  const target = phoneTarget(prefix, phoneNum);
  const issued = issueCode(accounts, context, { channel: "sms", target, purpose: body.value.purpose ?? "login" }, { randStr, ticket });
  if (typeof issued !== "string") return issued;
  const text = say(context, `【经管学术圈】您的验证码是${issued}，10分钟内有效。`, `[EconScholar] Your code is ${issued}. It is valid for 10 minutes.`);
  send(accounts, context, "sms", target, issued, text);
  return ok(undefined, "SMS code sent successfully");
}

function sendEmailCode(accounts: AccountsContext, context: ApiContext): Envelope {
  const body = validateBody<SendEmailCodeForm>(context, kit(forms.sendEmailCodeSchema, forms.sendEmailCodeValidators));
  if (!body.ok) return body.envelope;
  const email = body.value.email.toLowerCase();
  const issued = issueCode(accounts, context, { channel: "email", target: email, purpose: body.value.purpose ?? "findPwd" }, body.value);
  if (typeof issued !== "string") return issued;
  send(
    accounts,
    context,
    "email",
    email,
    issued,
    say(context, `您的验证码是 ${issued}，10分钟内有效。`, `Your verification code is ${issued}. It is valid for 10 minutes.`),
  );
  return ok(undefined, say(context, "验证码已发送至邮箱", "The code has been sent to your email"));
}

function phoneLogin(accounts: AccountsContext, context: ApiContext): Envelope {
  const limited = loginAllowed(accounts.db, context);
  if (limited) return limited;
  const body = validateBody<LoginPasswordForm>(context, kit(forms.loginPasswordSchema, forms.loginPasswordValidators));
  if (!body.ok) return body.envelope;
  const prefix = body.value.mobilePrefix ?? "86";
  const user = queries.userByPhone(accounts.db, prefix, body.value.mobile);
  return passwordLogin(accounts, context, { identifier: phoneTarget(prefix, body.value.mobile), user, password: body.value.password });
}

function emailLogin(accounts: AccountsContext, context: ApiContext): Envelope {
  const limited = loginAllowed(accounts.db, context);
  if (limited) return limited;
  const body = validateBody<LoginEmailForm>(context, kit(forms.loginEmailSchema, forms.loginEmailValidators));
  if (!body.ok) return body.envelope;
  const email = body.value.accountEmail.toLowerCase();
  const user = queries.userByEmail(accounts.db, email);
  return passwordLogin(accounts, context, { identifier: email, user, password: body.value.password }, (row) => row.email_confirmed === 1);
}

function codeLogin({ db }: AccountsContext, context: ApiContext): Envelope {
  const limited = loginAllowed(db, context);
  if (limited) return limited;
  const body = validateBody<LoginCodeForm>(context, kit(forms.loginCodeSchema, forms.loginCodeValidators));
  if (!body.ok) return body.envelope;
  const { userName, mobilePrefix = "86", smsVerifyCode } = body.value;
  if (!useCode(db, context, "sms", phoneTarget(mobilePrefix, userName), smsVerifyCode)) return wrongCode(context);
  const user =
    queries.userByPhone(db, mobilePrefix, userName) ?? createUser(db, context, { userName, prefix: mobilePrefix, phone: userName, regChannel: "codeLogin" });
  if (user.disabled) return suspended(context);
  const token = startSession(db, context, user.id);
  return { code: 1, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(user) } };
}

/**
 * The spec's register payloads (§7) carry no passwordNext: the second entry is the form's own check. A body without
 * the field is taken as the spec sends it; a body that has it (our form's) must still repeat the password.
 */
function withSpecPayload(context: ApiContext): ApiContext {
  return "passwordNext" in context.params ? context : { ...context, params: { ...context.params, passwordNext: context.params.password } };
}

function registerByPhone({ db }: AccountsContext, context: ApiContext): Envelope {
  const body = validateBody<RegisterPhoneForm>(withSpecPayload(context), kit(forms.registerPhoneSchema, forms.registerPhoneValidators));
  if (!body.ok) return body.envelope;
  const { userName, mobilePrefix = "86", password, smsVerifyCode, userSource, regChannel } = body.value;
  if (queries.userByPhone(db, mobilePrefix, userName))
    return { ...fail(0, say(context, "该手机号已注册，请直接登录", "This phone number is already registered. Please log in")), success: false } as Envelope;
  if (!useCode(db, context, "sms", phoneTarget(mobilePrefix, userName), smsVerifyCode)) return { ...wrongCode(context), success: false } as Envelope;
  createUser(db, context, { userName, prefix: mobilePrefix, phone: userName, password, userSource, regChannel });
  return { code: 200, success: true, message: say(context, "注册成功", "Registered") } as Envelope;
}

function registerByEmail(accounts: AccountsContext, context: ApiContext): Envelope {
  const { db } = accounts;
  const body = validateBody<RegisterEmailForm>(withSpecPayload(context), kit(forms.registerEmailSchema, forms.registerEmailValidators));
  if (!body.ok) return body.envelope;
  const email = body.value.userName.toLowerCase();
  if (queries.userByEmail(db, email)) return fail(0, say(context, "该邮箱已注册", "This email is already registered"));
  if (!allow(db, `register-email-ip:${context.ip}`, 10, 3_600_000, context.now().getTime()))
    return fail(429, say(context, "操作过于频繁，请稍后再试", "Too many requests. Please try again later"));
  const { password, userSource, regChannel } = body.value;
  const user = createUser(db, context, { userName: `email:${email}`, email, password, userSource, regChannel });
  send(accounts, context, "email", email, "", confirmationText(context, emailLink(accounts, context, user.id, "confirm")));
  return ok({ email }, say(context, "注册成功，请前往邮箱完成验证", "Registered. Please confirm your email"));
}

function resendConfirmation(accounts: AccountsContext, context: ApiContext): Envelope {
  const email = String(context.params.email ?? "")
    .trim()
    .toLowerCase();
  const user = queries.userByEmail(accounts.db, email);
  if (!user || user.email_confirmed) return fail(0, say(context, "没有待验证的邮箱", "No email waits for confirmation"));
  if (!allow(accounts.db, `confirm-mail:${email}`, 1, RESEND_MS, context.now().getTime())) return fail(429, say(context, "请60秒后再试", "Please wait 60 s"));
  send(accounts, context, "email", email, "", confirmationText(context, emailLink(accounts, context, user.id, "confirm")));
  return ok(undefined, say(context, "验证邮件已重新发送", "Confirmation email sent again"));
}

/** An email's one-time link: confirms the address, or sends a scholar claim to review; a week to open it. */
function openEmailLink({ db }: AccountsContext, context: ApiContext): Response {
  const tokenHash = sha256(String(context.params.token ?? ""));
  const link = queries.emailLinkByHash(db, tokenHash);
  const valid = link && !link.used_at && context.now().getTime() - new Date(link.created_at).getTime() < 7 * 86_400_000;
  if (valid) {
    queries.markEmailLinkUsed(db, tokenHash, iso(context));
    if (link.purpose === "claim") queries.submitEmailedClaim(db, link.user_id, iso(context));
    else queries.confirmEmail(db, link.user_id);
  }
  return new Response(null, { status: 302, headers: { Location: `/emailVerifyResult?status=${valid ? "success" : "invalid"}` } });
}

function resetPassword({ db }: AccountsContext, context: ApiContext, by: "phone" | "email"): Envelope {
  const body = validateBody<FindPasswordForm>(context, kit(forms.findPasswordSchema, forms.findPasswordValidators));
  if (!body.ok) return body.envelope;
  const { phone, email, mobilePrefix = "86", verCode, password } = body.value;
  const user =
    by === "phone" ? (phone ? queries.userByPhone(db, mobilePrefix, phone) : undefined) : email ? queries.userByEmail(db, email.toLowerCase()) : undefined;
  const target = by === "phone" ? phoneTarget(mobilePrefix, phone ?? "") : (email ?? "").toLowerCase();
  if (!useCode(db, context, by === "phone" ? "sms" : "email", target, verCode)) return wrongCode(context);
  if (!user) return fail(0, say(context, "该账号不存在", "No account uses this"));
  queries.setPasswordHash(db, user.id, hashPassword(password));
  queries.forgetLoginFailures(db, target);
  queries.endSessions(db, user.id, "password", iso(context));
  return ok(undefined, say(context, "密码已重置，请重新登录", "Password reset. Please log in again"));
}

function changePassword({ db }: AccountsContext, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<ChangePasswordForm>(context, kit(forms.changePasswordSchema, forms.changePasswordValidators));
  if (!body.ok) return body.envelope;
  if (!verifyPassword(body.value.oldPassword, user.password_hash)) return fail(0, say(context, "原密码错误", "The current password is wrong"));
  queries.setPasswordHash(db, user.id, hashPassword(body.value.password));
  queries.endSessions(db, user.id, "password", iso(context), sha256(context.token ?? ""));
  return ok(undefined, say(context, "密码修改成功", "Password changed"));
}

function bindPhone({ db }: AccountsContext, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<BindPhoneForm>(context, kit(forms.bindPhoneSchema, forms.bindPhoneValidators));
  if (!body.ok) return body.envelope;
  const { phoneNumber, mobilePrefix = "86", smsVerifyCode } = body.value;
  if (!user.user_name.includes("wx:") && !user.user_name.includes("email:"))
    return fail(0, say(context, "该账号无需绑定手机号", "This account needs no phone binding"));
  if (!useCode(db, context, "sms", phoneTarget(mobilePrefix, phoneNumber), smsVerifyCode)) return wrongCode(context);
  const owner = queries.userByPhone(db, mobilePrefix, phoneNumber);
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
  queries.setPhone(db, user.id, phoneNumber, mobilePrefix);
  const token = startSession(db, context, user.id);
  return { code: 1, message: say(context, "绑定成功", "Phone bound"), datas: { map: { token, user: toUserObj(queries.userById(db, user.id) as UserRow) } } };
}

function wechatLogin({ db, options }: AccountsContext, context: ApiContext): Envelope {
  const sceneStr = newToken();
  queries.insertWechatScene(db, sceneStr, iso(context));
  return { code: 1, message: "ok", data: { sceneStr, url: `${options.publicOrigin}/dev/wechat/confirm?sceneStr=${sceneStr}` } };
}

function pollWechatLogin({ db }: AccountsContext, context: ApiContext): Envelope {
  const sceneStr = String(context.params.sceneStr ?? "");
  const scene = queries.wechatScene(db, sceneStr);
  if (!scene || context.now().getTime() - new Date(scene.created_at).getTime() > CODE_TTL_MS)
    return fail(404, say(context, "二维码已过期，请刷新", "The QR code has expired. Please refresh"));
  if (!scene.confirmed_at || !scene.user_id) return fail(0, say(context, "等待扫码", "Waiting for the scan"));
  queries.deleteWechatScene(db, sceneStr);
  const token = startSession(db, context, scene.user_id);
  return { code: 1, message: say(context, "登录成功", "Logged in"), data: { token, user: toUserObj(queries.userById(db, scene.user_id) as UserRow) } };
}

function addFeedback({ db }: AccountsContext, context: ApiContext): Envelope {
  const body = validateBody<FeedbackForm>(context, kit(forms.feedbackSchema, forms.feedbackValidators));
  if (!body.ok) return body.envelope;
  if (!allow(db, `feedback-ip:${context.ip}`, 10, 3_600_000, context.now().getTime()))
    return fail(429, say(context, "提交过于频繁，请稍后再试", "Too many submissions. Please try again later"));
  const who = current(db, context);
  queries.insertFeedback(db, {
    userId: "user" in who ? who.user.id : null,
    dataCode: body.value.dataCode ?? "",
    contact: body.value.contactInformation ?? "",
    content: body.value.feedbackContent,
    feedbackType: body.value.feedbackType ?? "",
    createdAt: iso(context),
  });
  return { code: 1, message: say(context, "提交成功", "submitted successfully") };
}

/** The accounts area's paths: sessions, codes, logins, registration, passwords, phone binding, WeChat scans, feedback. */
export function accountRoutes(accounts: AccountsContext, withUser: (handler: (context: ApiContext, user: UserRow) => Envelope) => RouteDefinition["handler"]) {
  const bound = (handler: Handler) => (context: ApiContext) => handler(accounts, context);
  const forUser = (handler: UserHandler) => withUser((context, user) => handler(accounts, context, user));
  const post = (paths: string[], handler: RouteDefinition["handler"]) => paths.map((path): RouteDefinition => ({ method: "POST", path, handler }));
  return [
    { method: "GET", path: "/web/isLogin", handler: bound(isLogin) },
    { method: "GET", path: "/web/getUserInfoWithToken", handler: withUser((_context, user) => ok(toUserObj(user))) },
    { method: "POST", path: "/web/logout", handler: bound(logout) },
    { method: "GET", path: "/web/captcha.jpg", handler: bound(captchaImage) },
    ...post(["/web/sendMessage", "/web/sendMessageWithCaptcha", "/sms/sendMessageCommon"], bound(sendSms)),
    ...post(["/web/sendCodeEmail", "/web/sendMessageInFindPwdForEmail"], bound(sendEmailCode)),
    { method: "POST", path: "/web/login", handler: bound(phoneLogin) },
    { method: "POST", path: "/web/loginByAccountEmail", handler: bound(emailLogin) },
    { method: "POST", path: "/web/loginMessage", handler: bound(codeLogin) },
    { method: "POST", path: "/reg/register", handler: bound(registerByPhone) },
    { method: "POST", path: "/reg/registerByEmail", handler: bound(registerByEmail) },
    { method: "POST", path: "/web/sendEmail", handler: bound(resendConfirmation) },
    { method: "GET", path: "/web/email", handler: bound(openEmailLink) },
    ...post(["/web/findPwd", "/web/InFindPwd"], (context) => resetPassword(accounts, context, "phone")),
    { method: "POST", path: "/web/findPwdByEmail", handler: (context) => resetPassword(accounts, context, "email") },
    ...post(["/web/changePassword", "/reg/change"], forUser(changePassword)),
    { method: "GET", path: "/sys/country/mobile/prefix", handler: () => ok(COUNTRY_PREFIXES) },
    { method: "POST", path: "/wechatpub/login", handler: bound(wechatLogin) },
    { method: "POST", path: "/wechatpub/pollingLogin", handler: bound(pollWechatLogin) },
    ...post(["/BindPhone/Wechat", "/BindPhone/Email", "/web/wxBindMobile", "/web/emailBindMobile"], forUser(bindPhone)),
    { method: "POST", path: "/feedBack/addFeedBack", handler: bound(addFeedback) },
  ] satisfies RouteDefinition[];
}
