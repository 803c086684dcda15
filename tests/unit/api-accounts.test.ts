/**
 * Integration tests of the embedded platform's account calls (spec §5, §7, §8): codes and captcha, registration,
 * password and code login, lockout, sessions, email accounts, password reset and change, country prefixes,
 * disabled accounts. Real captcha here (no test mode): every code sent needs the answer read from the captchas table.
 */
import { describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { useEmbeddedPlatform, type Envelope, type Lang } from "./embedded-platform-fixture";

const MINUTE = 60_000;
const api = useEmbeddedPlatform("2027-03-01T08:00:00.000Z", { captchaTestMode: false });
const { raw, call, advance, freshIp, outbox } = api;

let phoneCounter = 0;
const freshPhone = () => `139${String(++phoneCounter).padStart(8, "0")}`;
let emailCounter = 0;
const freshEmail = () => `user${++emailCounter}@example.com`;

const messagesTo = (to: string) => outbox().filter((row) => row.recipient === to);
function latestCode(to: string): string {
  const [row] = messagesTo(to);
  expect(row, `no message to ${to}`).toBeDefined();
  return row.code;
}
const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function solveCaptcha(from = api.ip()): Promise<{ randStr: string; ticket: string }> {
  const randStr = `rs${randomBytes(8).toString("hex")}`;
  const response = await raw("/web/captcha.jpg", { method: "GET", query: { randStr }, ip: from });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const image = new Uint8Array(await response.arrayBuffer());
  expect([...image.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const answer = api.platform.db.prepare("SELECT answer FROM captchas WHERE rand_str = ?").pluck().get(randStr) as string;
  expect(answer).toMatch(/^\d{4}$/);
  return { randStr, ticket: answer };
}

async function sendSms(phone: string, options: { prefix?: string; path?: string; ip?: string; lang?: Lang; purpose?: string } = {}) {
  const captcha = await solveCaptcha(options.ip);
  return call(options.path ?? "/web/sendMessageWithCaptcha", {
    body: { phoneNum: phone, ...(options.prefix ? { prefix: options.prefix } : {}), ...(options.purpose ? { purpose: options.purpose } : {}), ...captcha },
    ip: options.ip,
    lang: options.lang,
  });
}

async function smsCode(phone: string, prefix = "86"): Promise<string> {
  const sent = await sendSms(phone, { prefix });
  expect(sent.body, sent.body.message).toMatchObject({ code: 200, message: "SMS code sent successfully" });
  const code = latestCode(`+${prefix} ${phone}`);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

async function emailCode(email: string): Promise<string> {
  const sent = await call("/web/sendCodeEmail", { body: { email, ...(await solveCaptcha()) } });
  expect(sent.body, sent.body.message).toMatchObject({ code: 200, message: "The code has been sent to your email" });
  const code = latestCode(email);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

const register = (phone: string, password: string, smsVerifyCode: string, extra: Record<string, unknown> = {}, lang: Lang = "en") =>
  call("/reg/register", {
    body: { userName: phone, mobilePrefix: "86", password, passwordNext: password, smsVerifyCode, userSource: "", regChannel: "h5", ...extra },
    lang,
  });

async function registerPhone(phone: string, password = "abc123"): Promise<number> {
  const answer = await register(phone, password, await smsCode(phone));
  expect(answer.body, answer.body.message).toMatchObject({ code: 200, success: true });
  const id = api.platform.db.prepare("SELECT id FROM users WHERE phone = ?").pluck().get(phone) as number;
  expect(id).toBeGreaterThan(0);
  return id;
}

const login = (mobile: string, password: string, from = api.ip()) =>
  call("/web/login", { body: { mobile, mobilePrefix: "86", password, sourceUrl: "/home" }, ip: from });

async function loginToken(phone: string, password = "abc123"): Promise<string> {
  const answer = await login(phone, password);
  expect(answer.body, answer.body.message).toMatchObject({ code: 100000 });
  return answer.body.data.token as string;
}

function emailLinkTo(email: string): string {
  const [message] = messagesTo(email);
  expect(message, `no email to ${email}`).toBeDefined();
  const link = /http:\/\/localhost:3000\/api\/web\/email\?token=[A-Za-z0-9]{32}/.exec(message.text)?.[0];
  expect(link, message.text).toBeDefined();
  return link!;
}

async function follow(link: string): Promise<string | null> {
  const response = await raw(link.replace("http://localhost:3000/api", ""), { method: "GET" });
  expect(response.status).toBe(302);
  return response.headers.get("location");
}

describe("sending an SMS code", () => {
  it("refuses a wrong captcha answer, an unknown randStr and a missing answer, and sends nothing", async () => {
    const phone = freshPhone();
    const captcha = await solveCaptcha();
    const wrong = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: captcha.randStr, ticket: "not-the-answer" } });
    expect(wrong.body).toEqual({ code: 1001, message: "The image code is wrong. Please try again" });

    // A captcha that was never served (e.g. the client's fallback after the captcha script failed to load).
    const unknown = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "never-served-123", ticket: "terror_1001_x" } });
    expect(unknown.body.code).toBe(1001);

    const zh = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "never-served-456", ticket: "1234" }, lang: "zh" });
    expect(zh.body).toEqual({ code: 1001, message: "图形验证码错误，请重试" });

    const missing = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: captcha.randStr } });
    expect(missing.body.code).toBe(400);
    expect(missing.body.message).toBe("Please complete the image check first");
    expect(missing.body.data.fields).toHaveProperty("ticket");

    expect(messagesTo(`+86 ${phone}`)).toHaveLength(0);
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM codes WHERE target = ?").pluck().get(`+86 ${phone}`)).toBe(0);
  });

  it("spends a captcha on a wrong answer: the right answer afterwards is refused", async () => {
    const phone = freshPhone();
    const captcha = await solveCaptcha();
    expect((await call("/web/sendMessage", { body: { phoneNum: phone, randStr: captcha.randStr, ticket: "x" } })).body.code).toBe(1001);
    expect((await call("/web/sendMessage", { body: { phoneNum: phone, ...captcha } })).body.code).toBe(1001);
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(0);
  });

  it("accepts a solved captcha once, sends a 6-digit code to the outbox, and refuses the same captcha again", async () => {
    const phone = freshPhone();
    const captcha = await solveCaptcha();
    const sent = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, prefix: "86", ...captcha } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ code: 200, message: "SMS code sent successfully" });

    const [message] = outbox();
    expect(message.channel).toBe("sms");
    expect(message.recipient).toBe(`+86 ${phone}`);
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    expect(message.text).toContain("10 minutes");
    expect(message.sent_at).toBe(api.now().toISOString());
    // The code itself is stored hashed, never in clear.
    const stored = api.platform.db.prepare("SELECT code_hash FROM codes WHERE target = ?").pluck().get(`+86 ${phone}`) as string;
    expect(stored).toBe(sha256(`+86 ${phone}:${message.code}`));
    expect(stored).not.toContain(message.code);

    advance(MINUTE + 1000);
    const again = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, prefix: "86", ...captcha } });
    expect(again.body.code).toBe(1001);
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(1);
  });

  it("serves a captcha image only for a well-formed randStr", async () => {
    const missing = await call("/web/captcha.jpg", { method: "GET" });
    expect(missing.body).toEqual({ code: 400, message: "randStr is required" });
    const bad = await call("/web/captcha.jpg", { method: "GET", query: { randStr: "<script>" } });
    expect(bad.body.code).toBe(400);
  });

  it("limits captcha images to 60 a minute per IP", async () => {
    for (let index = 0; index < 60; index++) {
      const response = await raw("/web/captcha.jpg", { method: "GET", query: { randStr: `limit-${index}-abcdef` } });
      expect(response.status).toBe(200);
    }
    const over = await call("/web/captcha.jpg", { method: "GET", query: { randStr: "limit-60-abcdef" } });
    expect(over.body).toEqual({ code: 429, message: "Too many requests" });
    advance(MINUTE);
    await solveCaptcha();
  });

  it("answers on the aliases /web/sendMessage and /sms/sendMessageCommon as well", async () => {
    for (const path of ["/web/sendMessage", "/sms/sendMessageCommon", "/web/sendMessageWithCaptcha"]) {
      const phone = freshPhone();
      const sent = await sendSms(phone, { path });
      expect(sent.body, path).toEqual({ code: 200, message: "SMS code sent successfully" });
      expect(latestCode(`+86 ${phone}`)).toMatch(/^\d{6}$/);
    }
  });

  it("knows one phone however it is spelled: +86, 086, 0086 or a trunk 0 share one resend limit", async () => {
    const phone = freshPhone();
    expect((await sendSms(phone, { prefix: "86" })).body.code).toBe(200);
    for (const prefix of ["+86", "086", "0086", "+086", "+0086"]) {
      expect((await sendSms(phone, { prefix, ip: api.freshIp() })).body.code, prefix).toBe(429);
    }
    expect((await sendSms(`0${phone}`, { prefix: "86", ip: api.freshIp() })).body.code, "trunk 0").toBe(429);
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(1);

    const london = "7700900123";
    expect((await sendSms(london, { prefix: "44" })).body.code).toBe(200);
    for (const [prefix, national] of [
      ["0044", london],
      ["+44", `0${london}`],
      ["44", `00${london}`],
    ]) {
      expect((await sendSms(national, { prefix, ip: api.freshIp() })).body.code, `${prefix} ${national}`).toBe(429);
    }
    expect(messagesTo(`+44 ${london}`)).toHaveLength(1);
  });

  it("refuses a resend within 60 s and allows it after 60 s", async () => {
    const phone = freshPhone();
    const first = await smsCode(phone);
    advance(59_000);
    const early = await sendSms(phone);
    expect(early.body).toEqual({ code: 429, message: "Please wait 1 s before asking again" });
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(1);

    const zh = await sendSms(phone, { lang: "zh" });
    expect(zh.body).toEqual({ code: 429, message: "请1秒后再试" });

    advance(1000);
    const second = await smsCode(phone);
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(2);
    // Only the newest code counts.
    if (second !== first) {
      const stale = await register(phone, "abc123", first);
      expect(stale.body.success).toBe(false);
    }
    const fresh = await register(phone, "abc123", second);
    expect(fresh.body).toMatchObject({ code: 200, success: true });
  });

  it("keeps the 60 s wait per purpose and number: another number or purpose is sent at once, the same one waits", async () => {
    const first = freshPhone();
    expect((await sendSms(first, { purpose: "login" })).body.code).toBe(200);
    const second = freshPhone();
    const otherNumber = await sendSms(second, { purpose: "login" });
    expect(otherNumber.body, otherNumber.body.message).toEqual({ code: 200, message: "SMS code sent successfully" });
    expect((await sendSms(first, { purpose: "register" })).body.code).toBe(200);
    advance(30_000);
    expect((await sendSms(first, { purpose: "login" })).body).toEqual({ code: 429, message: "Please wait 30 s before asking again" });
    expect((await sendSms(second, { purpose: "login", lang: "zh" })).body).toEqual({ code: 429, message: "请30秒后再试" });
    expect(messagesTo(`+86 ${first}`)).toHaveLength(2);
    expect(messagesTo(`+86 ${second}`)).toHaveLength(1);
  });

  it("counts every purpose in a number's 10 codes a day", async () => {
    const phone = freshPhone();
    const purposes = ["login", "register", "bind", "findPwd"];
    for (let index = 0; index < 10; index++) {
      const sent = await sendSms(phone, { purpose: purposes[index % 4], ip: freshIp() });
      expect(sent.body.code, `code ${index + 1}`).toBe(200);
      if (index % 4 === 3) advance(MINUTE);
    }
    advance(MINUTE);
    const eleventh = await sendSms(phone, { purpose: "bind", ip: freshIp() });
    expect(eleventh.body).toEqual({ code: 429, message: "Too many codes today for this number or address" });
  });

  it("allows 10 codes a day per number, then refuses until the day has passed", async () => {
    const phone = freshPhone();
    for (let index = 0; index < 10; index++) {
      await smsCode(phone);
      advance(MINUTE);
    }
    const eleventh = await sendSms(phone);
    expect(eleventh.body).toEqual({ code: 429, message: "Too many codes today for this number or address" });
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(10);

    // Another number from the same address is not affected.
    await smsCode(freshPhone());

    advance(24 * 60 * MINUTE);
    await smsCode(phone);
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(11);
  });

  it("allows 30 codes an hour per IP, then refuses until the hour has passed", async () => {
    for (let index = 0; index < 30; index++) await smsCode(freshPhone());
    const phone = freshPhone();
    const over = await sendSms(phone);
    expect(over.body).toEqual({ code: 429, message: "Too many requests. Please try again later" });
    expect(messagesTo(`+86 ${phone}`)).toHaveLength(0);

    // Another address may still send to that number.
    const other = await sendSms(phone, { ip: freshIp() });
    expect(other.body.code).toBe(200);

    advance(60 * MINUTE);
    await smsCode(freshPhone());
  });

  it("does not let an address over its hourly limit use up another number's daily quota", async () => {
    for (let index = 0; index < 30; index++) await smsCode(freshPhone());
    const victim = freshPhone();
    for (let index = 0; index < 10; index++) {
      const refused = await sendSms(victim);
      expect(refused.body.message).toBe("Too many requests. Please try again later");
    }
    const fromElsewhere = await sendSms(victim, { ip: freshIp() });
    expect(fromElsewhere.body, fromElsewhere.body.message).toEqual({ code: 200, message: "SMS code sent successfully" });
  });

  it("validates the phone with the exact messages in en and zh", async () => {
    const cases: { body: Record<string, unknown>; lang: Lang; message: string; field: string }[] = [
      { body: {}, lang: "en", message: "Please enter phone number", field: "phoneNum" },
      { body: {}, lang: "zh", message: "请输入手机号", field: "phoneNum" },
      { body: { phoneNum: "12800138000" }, lang: "zh", message: "请输入正确的手机号码", field: "phoneNum" },
      { body: { phoneNum: "12800138000" }, lang: "en", message: "Please enter the correct phone number", field: "phoneNum" },
      { body: { phoneNum: "1380013800" }, lang: "en", message: "Please enter the correct phone number", field: "phoneNum" },
      { body: { phoneNum: "138-0013-8000" }, lang: "en", message: "Please enter the correct phone number", field: "phoneNum" },
      // Spec §5: for other prefixes the phone, the bound account's name, must not contain email or wx (digits only).
      { body: { phoneNum: "wx7700900123", prefix: "44" }, lang: "zh", message: "请输入正确的手机号码", field: "phoneNum" },
      { body: { phoneNum: "email7700900", prefix: "852" }, lang: "en", message: "Please enter the correct phone number", field: "phoneNum" },
      { body: { phoneNum: "13800138000", prefix: "abc" }, lang: "en", message: "Please choose a valid country code", field: "prefix" },
      { body: { phoneNum: "13800138000", prefix: "abc" }, lang: "zh", message: "请选择正确的国家/地区区号", field: "prefix" },
    ];
    for (const { body, lang, message, field } of cases) {
      const answer = await call("/web/sendMessageWithCaptcha", { body: { randStr: "whatever-123", ticket: "1234", ...body }, lang });
      expect(answer.body.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
      expect(Object.keys(answer.body.data.fields)).toContain(field);
    }
    // Without a lang cookie the messages are Chinese.
    const request = new Request("http://embedded/api/web/sendMessage", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(((await (await api.platform.api.fetch(request, api.ip())).json()) as Envelope).message).toBe("请输入手机号");
  });

  it("treats a blank phone (spaces only) as a missing one", async () => {
    for (const phoneNum of ["", "   "]) {
      const en = await call("/web/sendMessageWithCaptcha", { body: { phoneNum, randStr: "whatever-123", ticket: "1234" } });
      expect(en.body.message, JSON.stringify(phoneNum)).toBe("Please enter phone number");
      const zh = await call("/web/sendMessageWithCaptcha", { body: { phoneNum, randStr: "whatever-123", ticket: "1234" }, lang: "zh" });
      expect(zh.body.message, JSON.stringify(phoneNum)).toBe("请输入手机号");
    }
  });

  it("sends to numbers outside the mainland with their own prefix, and trims the number", async () => {
    const sent = await sendSms(" 7946095123 ", { prefix: "44" });
    expect(sent.body.code).toBe(200);
    expect(latestCode("+44 7946095123")).toMatch(/^\d{6}$/);
  });
});

describe("registering by phone", () => {
  it("registers with a valid code: success flag, stored user, hashed password", async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const answer = await register(phone, "Secret123", code, { userSource: "INVITE_1" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, success: true, message: "Registered" });
    const user = api.platform.db.prepare("SELECT * FROM users WHERE phone = ?").get(phone) as Record<string, unknown>;
    expect(user).toMatchObject({ user_name: phone, mobile_prefix: "86", is_bind_phone: 1, user_source: "INVITE_1", reg_channel: "h5", disabled: 0 });
    expect(String(user.password_hash)).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(String(user.password_hash)).not.toContain("Secret123");
    expect((await login(phone, "Secret123")).body.code).toBe(100000);
  });

  it("refuses a phone number that is already registered", async () => {
    const phone = freshPhone();
    await registerPhone(phone);
    advance(MINUTE);
    const again = await register(phone, "other123", await smsCode(phone));
    expect(again.body).toEqual({ code: 0, success: false, message: "This phone number is already registered. Please log in" });
    const zh = await register(phone, "other123", "123456", {}, "zh");
    expect(zh.body.message).toBe("该手机号已注册，请直接登录");
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(phone)).toBe(1);
  });

  it("refuses a wrong code, then still accepts the right one", async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const wrong = await register(phone, "abc123", wrongOf(code));
    expect(wrong.body).toEqual({ code: 0, success: false, message: "The verification code is wrong or has expired" });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(phone)).toBe(0);
    expect((await register(phone, "abc123", code)).body.success).toBe(true);
  });

  it("refuses a code sent to another number", async () => {
    const phone = freshPhone();
    const other = freshPhone();
    const code = await smsCode(other);
    expect((await register(phone, "abc123", code)).body.success).toBe(false);
  });

  it("accepts a code once only", async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    expect((await register(phone, "abc123", code)).body.success).toBe(true);
    const reused = await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code } });
    expect(reused.body).toEqual({ code: 0, message: "The verification code is wrong or has expired" });
  });

  it("expires a code after 10 minutes", async () => {
    const late = freshPhone();
    const lateCode = await smsCode(late);
    const inTime = freshPhone();
    const inTimeCode = await smsCode(inTime);
    advance(10 * MINUTE - 1000);
    expect((await register(inTime, "abc123", inTimeCode)).body.success).toBe(true);
    advance(2000);
    const expired = await register(late, "abc123", lateCode);
    expect(expired.body).toEqual({ code: 0, success: false, message: "The verification code is wrong or has expired" });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(late)).toBe(0);
  });

  it("spends a code after 5 wrong attempts; 4 wrong attempts leave it usable", async () => {
    const spent = freshPhone();
    const spentCode = await smsCode(spent);
    for (let index = 0; index < 5; index++) expect((await register(spent, "abc123", wrongOf(spentCode))).body.success).toBe(false);
    const afterFive = await register(spent, "abc123", spentCode);
    expect(afterFive.body).toMatchObject({ code: 0, success: false });

    const kept = freshPhone();
    const keptCode = await smsCode(kept);
    for (let index = 0; index < 4; index++) expect((await register(kept, "abc123", wrongOf(keptCode))).body.success).toBe(false);
    expect((await register(kept, "abc123", keptCode)).body.success).toBe(true);
  });

  it("requires 6-18 letters or digits, and the same password twice", async () => {
    const phone = freshPhone();
    const format = "Please enter a password of 6-18 digits, letters or a combination";
    for (const password of ["abc12", "abc 123", "abc_123", "密码密码密码", "a".repeat(19), ""]) {
      const answer = await register(phone, password, "123456");
      expect(answer.body.code, password).toBe(400);
      expect(answer.body.message, password).toBe(format);
      expect(answer.body.data.fields.password).toBe("password:errors.format");
    }
    const zh = await register(phone, "abc", "123456", {}, "zh");
    expect(zh.body.message).toBe("请输入6-18位数字、字母或组合的密码");

    const mismatch = await register(phone, "abc123", "123456", { passwordNext: "abc124" });
    expect(mismatch.body).toMatchObject({ code: 400, message: "The two passwords are inconsistent" });
    const mismatchZh = await register(phone, "abc123", "123456", { passwordNext: "abc124" }, "zh");
    expect(mismatchZh.body.message).toBe("两次输入的密码不一致");
    const again = await register(phone, "abc123", "123456", { passwordNext: "" });
    expect(again.body.message).toBe("Please enter the password again");
    // The spec's payload (§7: userName, password, mobilePrefix, userSource, smsVerifyCode, regChannel) has no second
    // entry: it is accepted, and the answer is about the code.
    const specPayload = { userName: phone, password: "abc123", mobilePrefix: "86", userSource: "", smsVerifyCode: "123456", regChannel: "h5" };
    const withoutSecond = await call("/reg/register", { body: specPayload });
    expect(withoutSecond.body).toMatchObject({ code: 0, message: "The verification code is wrong or has expired" });
    const badWithoutSecond = await call("/reg/register", { body: { ...specPayload, password: "abc" } });
    expect(badWithoutSecond.body.message).toBe(format);

    // 6 and 18 characters pass validation (the answer is then about the code, not the password).
    for (const password of ["abc123", "A1b2C3d4E5f6G7h8I9"]) {
      const answer = await register(phone, password, "123456");
      expect(answer.body, password).toMatchObject({ code: 0, message: "The verification code is wrong or has expired" });
    }
  });

  it("validates the other register fields", async () => {
    const missingCode = await register(freshPhone(), "abc123", "");
    expect(missingCode.body).toMatchObject({ code: 400, message: "Please enter the verification code" });
    const longCode = await register(freshPhone(), "abc123", "1234567");
    expect(longCode.body).toMatchObject({ code: 400, message: "The verification code has at most 6 characters" });
    const badInvite = await register(freshPhone(), "abc123", "123456", { userSource: "<x>" });
    expect(badInvite.body).toMatchObject({ code: 400, message: "The invitation code may contain only letters, digits, underscores and hyphens" });
    const badPhone = await register("12345", "abc123", "123456", {}, "zh");
    expect(badPhone.body).toMatchObject({ code: 400, message: "请输入正确的手机号码" });
  });
});

describe("logging in by password", () => {
  it("answers 100000 with a 32-character token and the user object", async () => {
    const phone = freshPhone();
    const id = await registerPhone(phone, "Pass1234");
    const answer = await login(phone, "Pass1234");
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(100000);
    expect(answer.body.message).toBe("Logged in");
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(answer.body.data.user).toMatchObject({ id, userName: phone, mobilePrefix: "86", isBindPhone: true, authorCode: null, portraitUrl: "" });
    for (const key of ["id", "userName", "mobilePrefix", "isBindPhone", "authorCode", "portraitUrl"]) expect(answer.body.data.user).toHaveProperty(key);

    const check = await call("/web/isLogin", { method: "GET", token: answer.body.data.token });
    expect(check.body).toMatchObject({ code: 200, data: { id, userName: phone, isBindPhone: true } });
    const info = await call("/web/getUserInfoWithToken", { method: "GET", token: answer.body.data.token });
    expect(info.body).toMatchObject({ code: 200, data: { id } });
  });

  it("refuses an unknown phone as it refuses a wrong password, and validates the fields", async () => {
    expect((await login(freshPhone(), "abc123")).body).toEqual({ code: 0, message: "Wrong account or password. 4 attempts left." });
    const missing = await call("/web/login", { body: { password: "abc123" } });
    expect(missing.body).toMatchObject({ code: 400, message: "Please enter phone number" });
    const noPassword = await call("/web/login", { body: { mobile: "13800138000" } });
    expect(noPassword.body).toMatchObject({ code: 400, message: "Please enter a password of 6-18 digits, letters or a combination" });
    // Spec §5: 6-18 letters and digits, on login as on registration.
    for (const password of ["abc12", "abc123!", "a".repeat(19), "密码密码密码"]) {
      const refused = await call("/web/login", { body: { mobile: "13800138000", password } });
      expect(refused.body, password).toMatchObject({ code: 400, message: "Please enter a password of 6-18 digits, letters or a combination" });
    }
    const wrongPhone = await call("/web/login", { body: { mobile: "10000000000", password: "abc123" }, lang: "zh" });
    expect(wrongPhone.body).toMatchObject({ code: 400, message: "请输入正确的手机号码" });
  });

  it("counts wrong passwords down, locks on the 5th (10002), answers 10003 while locked, and unlocks after 15 min", async () => {
    const phone = freshPhone();
    await registerPhone(phone, "right123");
    const bystander = freshPhone();
    await registerPhone(bystander, "right123");

    for (let left = 4; left >= 1; left--) {
      const answer = await login(phone, "wrong123");
      expect(answer.body).toEqual({ code: 0, message: `Wrong account or password. ${left} ${left === 1 ? "attempt" : "attempts"} left.` });
    }
    const fifth = await login(phone, "wrong123");
    expect(fifth.body).toEqual({ code: 10002, message: "5 wrong passwords in a row: the account is locked for 15 min." });

    const locked = await login(phone, "right123");
    expect(locked.body.code).toBe(10003);
    expect(locked.body.message).toBe("Too many wrong passwords: the account is locked. Try again in 15 min or log in with a code.");
    expect(locked.body.data).toBeUndefined();
    expect((await login(phone, "wrong123")).body.code).toBe(10003);
    const lockedZh = await call("/web/login", { body: { mobile: phone, password: "right123" }, lang: "zh" });
    expect(lockedZh.body.code).toBe(10003);
    expect(lockedZh.body.message).toContain("账号已锁定");

    // Another account is not locked.
    expect((await login(bystander, "right123")).body.code).toBe(100000);

    advance(14 * MINUTE);
    const stillLocked = await login(phone, "right123");
    expect(stillLocked.body.code).toBe(10003);
    expect(stillLocked.body.message).toContain("Try again in 1 min");

    advance(MINUTE + 1000);
    expect((await login(phone, "right123")).body.code).toBe(100000);
    // The count starts again after the lock.
    expect((await login(phone, "wrong123")).body.message).toBe("Wrong account or password. 4 attempts left.");
  });

  it("resets the count of wrong passwords after a successful login", async () => {
    const phone = freshPhone();
    await registerPhone(phone, "right123");
    await login(phone, "wrong123");
    await login(phone, "wrong123");
    expect((await login(phone, "right123")).body.code).toBe(100000);
    expect((await login(phone, "wrong123")).body.message).toBe("Wrong account or password. 4 attempts left.");
  });

  it("answers a phone no account has exactly as an existing one: the same countdown, the same lock", async () => {
    const existing = freshPhone();
    await registerPhone(existing, "right123");
    const unknown = freshPhone();
    for (let attempt = 1; attempt <= 6; attempt++) {
      const known = (await login(existing, "wrong123")).body;
      expect((await login(unknown, "wrong123")).body, `attempt ${attempt}`).toEqual(known);
    }
    expect((await login(unknown, "right123")).body.code).toBe(10003);
  });

  it("tells a suspended account so only to someone who knows its password", async () => {
    const phone = freshPhone();
    const id = await registerPhone(phone, "right123");
    api.platform.db.prepare("UPDATE users SET disabled = 1 WHERE id = ?").run(id);
    expect((await login(phone, "wrong123")).body).toEqual({ code: 0, message: "Wrong account or password. 4 attempts left." });
    expect((await login(phone, "right123")).body.code).toBe(4);
  });

  it("limits login attempts to 30 a minute per IP", async () => {
    for (let index = 0; index < 30; index++) expect((await login(freshPhone(), "abc123")).body.code).toBe(0);
    const over = await login(freshPhone(), "abc123");
    expect(over.body).toEqual({ code: 429, message: "Too many login attempts. Please try again later" });
    expect((await call("/web/loginMessage", { body: { userName: freshPhone(), smsVerifyCode: "123456" } })).body.code).toBe(429);
    expect((await call("/web/loginByAccountEmail", { body: { accountEmail: freshEmail(), password: "abc123" } })).body.code).toBe(429);
    expect((await login(freshPhone(), "abc123", freshIp())).body.code).toBe(0);
    advance(MINUTE);
    expect((await login(freshPhone(), "abc123")).body.code).toBe(0);
  });
});

describe("sessions", () => {
  it("stores tokens hashed: the sessions table never holds the raw token", async () => {
    const phone = freshPhone();
    const id = await registerPhone(phone);
    const token = await loginToken(phone);
    const rows = api.platform.db.prepare("SELECT * FROM sessions WHERE user_id = ?").all(id) as { token_hash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    const everything = JSON.stringify(api.platform.db.prepare("SELECT * FROM sessions").all());
    expect(everything).not.toContain(token);
  });

  it("ends the older token when the user logs in again (10001), and keeps the newer one", async () => {
    const phone = freshPhone();
    await registerPhone(phone);
    const first = await loginToken(phone);
    const second = await loginToken(phone);
    expect(second).not.toBe(first);
    const old = await call("/web/isLogin", { method: "GET", token: first });
    expect(old.body).toEqual({ code: 10001, message: "Your account was signed in on another device. If this was not you, change your password." });
    const oldZh = await call("/web/isLogin", { method: "GET", token: first, lang: "zh" });
    expect(oldZh.body).toEqual({ code: 10001, message: "您的账号已在其他设备登录，如非本人操作请及时修改密码" });
    expect((await call("/web/getUserInfoWithToken", { method: "GET", token: first })).body.code).toBe(10001);
    expect((await call("/web/isLogin", { method: "GET", token: second })).body.code).toBe(200);
  });

  it("ends the token on logout (401), and answers 401 without a token or with an unknown one", async () => {
    const phone = freshPhone();
    await registerPhone(phone);
    const token = await loginToken(phone);
    expect((await call("/web/logout", { token })).body).toEqual({ code: 200, message: "Logged out" });
    expect((await call("/web/isLogin", { method: "GET", token })).body).toEqual({ code: 401, message: "You have logged out" });
    expect((await call("/web/isLogin", { method: "GET" })).body).toEqual({ code: 401, message: "Please log in first" });
    const unknown = await call("/web/isLogin", { method: "GET", token: "A".repeat(32) });
    expect(unknown.body).toEqual({ code: 401, message: "Your session has expired. Please log in again" });
  });
});

describe("logging in by code", () => {
  it("creates the account for a new number and answers code 1 with a token", async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const answer = await call("/web/loginMessage", {
      body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code, uuid: "device-1", sourceUrl: "/home" },
    });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(answer.body.data.user).toMatchObject({ userName: phone, mobilePrefix: "86", isBindPhone: true, authorCode: null });
    const user = api.platform.db.prepare("SELECT * FROM users WHERE phone = ?").get(phone) as Record<string, unknown>;
    expect(user).toMatchObject({ id: answer.body.data.user.id, reg_channel: "codeLogin", password_hash: null });
    expect((await call("/web/isLogin", { method: "GET", token: answer.body.data.token })).body.data.id).toBe(user.id);
  });

  it("logs an existing account in without creating another", async () => {
    const phone = freshPhone();
    const id = await registerPhone(phone);
    advance(MINUTE);
    const answer = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: await smsCode(phone) } });
    expect(answer.body).toMatchObject({ code: 1, data: { user: { id } } });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(phone)).toBe(1);
  });

  it("refuses a wrong code and a missing one", async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const wrong = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: wrongOf(code) } });
    expect(wrong.body).toEqual({ code: 0, message: "The verification code is wrong or has expired" });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(phone)).toBe(0);
    const missing = await call("/web/loginMessage", { body: { userName: phone }, lang: "zh" });
    expect(missing.body).toMatchObject({ code: 400, message: "请输入验证码" });
  });
});

describe("email accounts", () => {
  const registerEmail = (email: string, password = "mail1234", extra: Record<string, unknown> = {}) =>
    call("/reg/registerByEmail", {
      body: { userName: email, password, passwordNext: password, userSource: "", registerSource: "1", regChannel: "h5", ...extra },
    });
  const loginEmail = (accountEmail: string, password: string) => call("/web/loginByAccountEmail", { body: { accountEmail, password, sourceUrl: "/home" } });

  it("registers with the spec's payload, which has no passwordNext", async () => {
    const email = freshEmail();
    const registered = await call("/reg/registerByEmail", {
      body: { userName: email, password: "mail1234", userSource: "", registerSource: "1", regChannel: "h5" },
    });
    expect(registered.body).toEqual({ code: 200, message: "Registered. Please confirm your email", data: { email } });
  });

  it("registers, refuses login before confirmation, confirms by link once, then logs in", async () => {
    const email = freshEmail();
    const registered = await registerEmail(email);
    expect(registered.body).toEqual({ code: 200, message: "Registered. Please confirm your email", data: { email } });
    const [message] = outbox();
    expect(message).toMatchObject({ channel: "email", recipient: email, code: "" });
    const link = emailLinkTo(email);

    const early = await loginEmail(email, "mail1234");
    expect(early.body).toEqual({ code: 0, message: "Please confirm your email with the link we sent first" });

    expect(await follow(link)).toBe("/emailVerifyResult?status=success");
    const answer = await loginEmail(email, "mail1234");
    expect(answer.body.code).toBe(100000);
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(answer.body.data.user).toMatchObject({ userName: `email:${email}`, isBindPhone: false });

    expect(await follow(link)).toBe("/emailVerifyResult?status=invalid");
    expect(await follow(`http://localhost:3000/api/web/email?token=${"B".repeat(32)}`)).toBe("/emailVerifyResult?status=invalid");
    expect(await follow("http://localhost:3000/api/web/email")).toBe("/emailVerifyResult?status=invalid");
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    const email = freshEmail();
    expect((await registerEmail(email)).body.code).toBe(200);
    const again = await registerEmail(email.toUpperCase());
    expect(again.body).toEqual({ code: 0, message: "This email is already registered" });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE email = ?").pluck().get(email)).toBe(1);
  });

  it("validates the email registration form", async () => {
    expect((await registerEmail("not-an-email")).body).toMatchObject({ code: 400, message: "Please enter a valid email" });
    expect((await call("/reg/registerByEmail", { body: { password: "abc123", passwordNext: "abc123" } })).body).toMatchObject({
      code: 400,
      message: "Please enter your email",
    });
    expect((await registerEmail(freshEmail(), "abc123", { passwordNext: "abc321" })).body).toMatchObject({
      code: 400,
      message: "The two passwords are inconsistent",
    });
    expect((await registerEmail(freshEmail(), "abc")).body).toMatchObject({
      code: 400,
      message: "Please enter a password of 6-18 digits, letters or a combination",
    });
    expect((await registerEmail(freshEmail(), "abc123", { registerSource: "2" })).body.code).toBe(400);
  });

  it("expires a confirmation link after 7 days", async () => {
    const email = freshEmail();
    await registerEmail(email);
    const link = emailLinkTo(email);
    advance(7 * 24 * 60 * MINUTE + 1000);
    expect(await follow(link)).toBe("/emailVerifyResult?status=invalid");
    expect((await loginEmail(email, "mail1234")).body.code).toBe(0);
  });

  it("sends the confirmation again at most once a minute, and only for an unconfirmed email", async () => {
    const email = freshEmail();
    await registerEmail(email);
    const first = emailLinkTo(email);
    const resent = await call("/web/sendEmail", { body: { email } });
    expect(resent.body).toEqual({ code: 200, message: "Confirmation email sent again" });
    const second = emailLinkTo(email);
    expect(second).not.toBe(first);
    expect((await call("/web/sendEmail", { body: { email } })).body).toEqual({ code: 429, message: "Please wait 60 s" });
    expect(await follow(second)).toBe("/emailVerifyResult?status=success");
    advance(MINUTE);
    expect((await call("/web/sendEmail", { body: { email } })).body).toEqual({ code: 0, message: "No email waits for confirmation" });
    expect((await call("/web/sendEmail", { body: { email: freshEmail() } })).body.code).toBe(0);
  });

  it("limits email registrations to 10 an hour per IP", async () => {
    for (let index = 0; index < 10; index++) expect((await registerEmail(freshEmail())).body.code).toBe(200);
    const over = await registerEmail(freshEmail());
    expect(over.body).toEqual({ code: 429, message: "Too many requests. Please try again later" });
    advance(60 * MINUTE);
    expect((await registerEmail(freshEmail())).body.code).toBe(200);
  });

  it("counts wrong passwords for email logins too", async () => {
    const email = freshEmail();
    await registerEmail(email);
    await follow(emailLinkTo(email));
    expect((await loginEmail(email, "wrong123")).body).toEqual({ code: 0, message: "Wrong account or password. 4 attempts left." });
    // An address no account has gets the same answer: guessing tells nothing about who is registered.
    expect((await loginEmail(freshEmail(), "wrong123")).body).toEqual({ code: 0, message: "Wrong account or password. 4 attempts left." });
  });
});

describe("resetting and changing the password", () => {
  it("resets by phone: old sessions end, the old password stops working, the new one works, and a lock is lifted", async () => {
    const phone = freshPhone();
    await registerPhone(phone, "old12345");
    const token = await loginToken(phone, "old12345");
    for (let index = 0; index < 5; index++) await login(phone, "wrong123");
    expect((await login(phone, "old12345")).body.code).toBe(10003);

    advance(MINUTE);
    const code = await smsCode(phone);
    const wrong = await call("/web/findPwd", { body: { phone, mobilePrefix: "86", verCode: wrongOf(code), password: "new12345", passwordNext: "new12345" } });
    expect(wrong.body).toEqual({ code: 0, message: "The verification code is wrong or has expired" });
    const reset = await call("/web/findPwd", { body: { phone, mobilePrefix: "86", verCode: code, password: "new12345", passwordNext: "new12345" } });
    expect(reset.body).toEqual({ code: 200, message: "Password reset. Please log in again" });

    expect((await call("/web/isLogin", { method: "GET", token })).body.code).toBe(401);
    expect((await login(phone, "old12345")).body.code).toBe(0);
    expect((await login(phone, "new12345")).body.code).toBe(100000);
  });

  it("answers on /web/InFindPwd too, and refuses numbers without an account", async () => {
    const phone = freshPhone();
    await registerPhone(phone, "old12345");
    advance(MINUTE);
    const reset = await call("/web/InFindPwd", { body: { phone, verCode: await smsCode(phone), password: "new12345", passwordNext: "new12345" } });
    expect(reset.body.code).toBe(200);
    expect((await login(phone, "new12345")).body.code).toBe(100000);

    const nobody = freshPhone();
    const noAccount = await call("/web/findPwd", { body: { phone: nobody, verCode: await smsCode(nobody), password: "new12345", passwordNext: "new12345" } });
    expect(noAccount.body).toEqual({ code: 0, message: "No account uses this" });
  });

  it("validates the reset form", async () => {
    const base = { verCode: "123456", password: "new12345", passwordNext: "new12345" };
    const both = await call("/web/findPwd", { body: { ...base, phone: "13800138000", email: "a@example.com" } });
    expect(both.body).toMatchObject({ code: 400, message: "Please fill in either a phone number or an email" });
    const neither = await call("/web/findPwd", { body: base, lang: "zh" });
    expect(neither.body).toMatchObject({ code: 400, message: "请填写手机号或邮箱其中一项" });
    const mismatch = await call("/web/findPwd", { body: { ...base, phone: "13800138000", passwordNext: "new54321" } });
    expect(mismatch.body).toMatchObject({ code: 400, message: "The two passwords are inconsistent" });
    const noCode = await call("/web/findPwd", { body: { phone: "13800138000", password: "new12345", passwordNext: "new12345" } });
    expect(noCode.body).toMatchObject({ code: 400, message: "Please enter the verification code" });
  });

  it("resets by email: code by email, old sessions end, new password works", async () => {
    const email = freshEmail();
    await call("/reg/registerByEmail", { body: { userName: email, password: "old12345", passwordNext: "old12345" } });
    expect(await follow(emailLinkTo(email))).toBe("/emailVerifyResult?status=success");
    const loggedIn = await call("/web/loginByAccountEmail", { body: { accountEmail: email, password: "old12345" } });
    expect(loggedIn.body.code).toBe(100000);
    const token = loggedIn.body.data.token as string;

    const code = await emailCode(email);
    expect(outbox()[0]).toMatchObject({ channel: "email", recipient: email, code });
    expect(outbox()[0].text).toContain(code);
    const reset = await call("/web/findPwdByEmail", { body: { email, verCode: code, password: "new12345", passwordNext: "new12345" } });
    expect(reset.body).toEqual({ code: 200, message: "Password reset. Please log in again" });
    expect((await call("/web/isLogin", { method: "GET", token })).body.code).toBe(401);
    expect((await call("/web/loginByAccountEmail", { body: { accountEmail: email, password: "old12345" } })).body.code).toBe(0);
    expect((await call("/web/loginByAccountEmail", { body: { accountEmail: email, password: "new12345" } })).body.code).toBe(100000);
    // The code was used.
    const reused = await call("/web/findPwdByEmail", { body: { email, verCode: code, password: "abc12345", passwordNext: "abc12345" } });
    expect(reused.body.code).toBe(0);
  });

  it("sends email codes only with a solved captcha, to a valid address, within the limits", async () => {
    const email = freshEmail();
    const noCaptcha = await call("/web/sendCodeEmail", { body: { email, randStr: "never-served-1", ticket: "1234" } });
    expect(noCaptcha.body.code).toBe(1001);
    const invalid = await call("/web/sendCodeEmail", { body: { email: "nope", ...(await solveCaptcha()) } });
    expect(invalid.body).toMatchObject({ code: 400, message: "Please enter a valid email" });
    const missing = await call("/web/sendCodeEmail", { body: { email } });
    expect(missing.body).toMatchObject({ code: 400, message: "Please complete the image check first" });
    expect(messagesTo(email)).toHaveLength(0);

    await emailCode(email);
    const early = await call("/web/sendMessageInFindPwdForEmail", { body: { email, ...(await solveCaptcha()) } });
    expect(early.body.code).toBe(429);
    advance(MINUTE);
    const alias = await call("/web/sendMessageInFindPwdForEmail", { body: { email, ...(await solveCaptcha()) } });
    expect(alias.body.code).toBe(200);
    expect(messagesTo(email)).toHaveLength(2);
  });

  it("changes the password only with the right current password", async () => {
    const phone = freshPhone();
    await registerPhone(phone, "old12345");
    const token = await loginToken(phone, "old12345");
    const wrong = await call("/web/changePassword", { token, body: { oldPassword: "nope1234", password: "new12345", passwordNext: "new12345" } });
    expect(wrong.body).toEqual({ code: 0, message: "The current password is wrong" });
    const wrongZh = await call("/web/changePassword", { token, lang: "zh", body: { oldPassword: "nope1234", password: "new12345", passwordNext: "new12345" } });
    expect(wrongZh.body.message).toBe("原密码错误");
    const mismatch = await call("/web/changePassword", { token, body: { oldPassword: "old12345", password: "new12345", passwordNext: "new54321" } });
    expect(mismatch.body).toMatchObject({ code: 400, message: "The two passwords are inconsistent" });
    const noOld = await call("/web/changePassword", { token, body: { password: "new12345", passwordNext: "new12345" } });
    expect(noOld.body).toMatchObject({ code: 400, message: "Please enter your current password" });
    expect((await call("/web/changePassword", { body: { oldPassword: "old12345", password: "new12345", passwordNext: "new12345" } })).body.code).toBe(401);
    expect((await login(phone, "old12345")).body.code).toBe(100000);

    const current = await loginToken(phone, "old12345");
    const changed = await call("/web/changePassword", { token: current, body: { oldPassword: "old12345", password: "new12345", passwordNext: "new12345" } });
    expect(changed.body).toEqual({ code: 200, message: "Password changed" });
    expect((await login(phone, "old12345")).body.code).toBe(0);
    const latest = await loginToken(phone, "new12345");
    const viaAlias = await call("/reg/change", { token: latest, body: { oldPassword: "new12345", password: "third123", passwordNext: "third123" } });
    expect(viaAlias.body.code).toBe(200);
    expect((await login(phone, "third123")).body.code).toBe(100000);
  });
});

describe("country prefixes", () => {
  it("lists the prefixes with code 200; 86 has id 1", async () => {
    const answer = await call("/sys/country/mobile/prefix", { method: "GET" });
    expect(answer.body.code).toBe(200);
    const list = answer.body.data as { id: number; mobilePrefix: string; country: string; countryEnShort: string }[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.find((entry) => entry.mobilePrefix === "86")).toEqual({ id: 1, mobilePrefix: "86", country: "中国大陆", countryEnShort: "CN" });
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(["country", "countryEnShort", "id", "mobilePrefix"]);
      expect(entry.mobilePrefix).toMatch(/^[0-9]{1,4}$/);
    }
    expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
    expect((await call("/sys/country/mobile/prefix", { method: "POST" })).status).toBe(405);
  });
});

describe("disabled accounts", () => {
  it("answer code 4 on every authenticated call", async () => {
    const phone = freshPhone();
    const id = await registerPhone(phone);
    const token = await loginToken(phone);
    expect((await call("/web/isLogin", { method: "GET", token })).body.code).toBe(200);
    api.platform.db.prepare("UPDATE users SET disabled = 1 WHERE id = ?").run(id);

    const calls: [string, "GET" | "POST", Record<string, unknown>][] = [
      ["/web/isLogin", "GET", {}],
      ["/web/getUserInfoWithToken", "GET", {}],
      ["/web/changePassword", "POST", { oldPassword: "abc123", password: "new12345", passwordNext: "new12345" }],
      ["/reg/change", "POST", { oldPassword: "abc123", password: "new12345", passwordNext: "new12345" }],
      ["/BindPhone/Wechat", "POST", { phoneNumber: "13800138000", smsVerifyCode: "123456" }],
      ["/author/claim", "POST", { realName: "张三", email: "z@example.edu", orgName: "Uni", researchField: "Econ" }],
      ["/author/checkEmailAudit", "GET", {}],
      ["/author/queryAuthorByUserId", "GET", {}],
      ["/follow/doFollow", "POST", { authorCode: "A100000" }],
      ["/integralTask/checkFinishTask", "POST", { moduleId: 3 }],
      ["/members/whetherBindAddress", "GET", { interestId: "8" }],
    ];
    for (const [path, method, params] of calls) {
      const answer = await call(path, method === "GET" ? { method, token, query: params as Record<string, string> } : { method, token, body: params });
      expect(answer.body, path).toEqual({ code: 4, message: "This account has been suspended. Please contact customer service." });
    }
    const zh = await call("/web/isLogin", { method: "GET", token, lang: "zh" });
    expect(zh.body).toEqual({ code: 4, message: "账号已被停用，请联系客服" });
    // Nothing was changed on the way.
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM follows WHERE user_id = ?").pluck().get(id)).toBe(0);
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM point_entries WHERE user_id = ?").pluck().get(id)).toBe(0);
  });
});
