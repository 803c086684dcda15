/**
 * Integration tests of WeChat login (QR scene, polling, the simulated scan) and of binding a phone to a
 * third-party account (spec §3, §4 "Bind phone", §7 "Phone binding", §8).
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform, type Lang } from "./embedded-platform-fixture";

const MINUTE = 60_000;
const api = useEmbeddedPlatform("2027-04-01T09:00:00.000Z", { captchaTestMode: true });
const { call, advance, outbox } = api;

let phoneCounter = 0;
const freshPhone = () => `137${String(++phoneCounter).padStart(8, "0")}`;
let openIdCounter = 0;
const freshOpenId = () => `openid${++openIdCounter}`;

async function smsCode(phone: string): Promise<string> {
  // Test mode: any captcha answer passes.
  const sent = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, prefix: "86", randStr: "test-rand", ticket: "test-ticket" } });
  expect(sent.body, sent.body.message).toEqual({ code: 200, message: "SMS code sent successfully" });
  const [row] = outbox().filter((message) => message.recipient === `+86 ${phone}`);
  expect(row?.code).toMatch(/^\d{6}$/);
  return row.code;
}
const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");

async function startScene(): Promise<{ sceneStr: string; url: string }> {
  const answer = await call("/wechatpub/login");
  expect(answer.body.code).toBe(1);
  return answer.body.data;
}
const poll = (sceneStr: string) => call("/wechatpub/pollingLogin", { body: { sourceUrl: "/home", sceneStr, originalUrl: "/home", regChannel: "h5" } });

/** A WeChat login through the scan: the wx user's token and user object. */
async function wechatLogin(openId = freshOpenId()): Promise<{ token: string; user: any }> {
  const { sceneStr } = await startScene();
  expect(api.platform.accounts.confirmWechatScene(sceneStr, openId, api.now())).toBe(true);
  const answer = await poll(sceneStr);
  expect(answer.body.code, answer.body.message).toBe(1);
  return answer.body.data;
}

async function phoneAccountToken(phone: string): Promise<string> {
  const answer = await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: await smsCode(phone) } });
  expect(answer.body.code, answer.body.message).toBe(1);
  return answer.body.data.token;
}

const bind = (token: string, phoneNumber: string, smsVerifyCode: string, path = "/BindPhone/Wechat", lang: Lang = "en") =>
  call(path, { token, lang, body: { phoneNumber, mobilePrefix: "86", prefixId: "1", smsVerifyCode } });

describe("WeChat login", () => {
  it("gives a QR url and a scene, polls pending until the scan, then logs a wx: user in", async () => {
    const answer = await call("/wechatpub/login");
    expect(answer.body.code).toBe(1);
    const { sceneStr, url } = answer.body.data as { sceneStr: string; url: string };
    expect(sceneStr).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url).toBe(`http://localhost:3000/dev/wechat/confirm?sceneStr=${sceneStr}`);

    const pending = await poll(sceneStr);
    expect(pending.body).toEqual({ code: 0, message: "Waiting for the scan" });
    advance(3000);
    expect((await poll(sceneStr)).body.code).toBe(0);
    expect((await call("/wechatpub/pollingLogin", { body: { sceneStr }, lang: "zh" })).body).toEqual({ code: 0, message: "等待扫码" });

    expect(api.platform.accounts.confirmWechatScene(sceneStr, "openid1", api.now())).toBe(true);
    const done = await poll(sceneStr);
    expect(done.body.code).toBe(1);
    expect(done.body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const user = done.body.data.user;
    expect(user.userName.startsWith("wx:")).toBe(true);
    expect(user).toMatchObject({ userName: "wx:openid1", isBindPhone: false, authorCode: null, mobilePrefix: "86" });
    for (const key of ["id", "userName", "mobilePrefix", "isBindPhone", "authorCode", "portraitUrl"]) expect(user).toHaveProperty(key);

    const check = await call("/web/isLogin", { method: "GET", token: done.body.data.token });
    expect(check.body).toMatchObject({ code: 200, data: { id: user.id, userName: "wx:openid1", isBindPhone: false } });

    // The scene is spent: polling it again does not log anyone in again.
    const after = await poll(sceneStr);
    expect(after.body.code).not.toBe(1);
    expect(after.body.data).toBeUndefined();
  });

  it("reuses the wx: account for the same openid, and confirms a scene only once", async () => {
    const openId = freshOpenId();
    const first = await wechatLogin(openId);
    const { sceneStr } = await startScene();
    expect(api.platform.accounts.confirmWechatScene(sceneStr, openId, api.now())).toBe(true);
    expect(api.platform.accounts.confirmWechatScene(sceneStr, "someone-else", api.now())).toBe(false);
    const second = await poll(sceneStr);
    expect(second.body.data.user.id).toBe(first.user.id);
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE user_name = ?").pluck().get(`wx:${openId}`)).toBe(1);
    // The second login replaced the first session.
    expect((await call("/web/isLogin", { method: "GET", token: first.token })).body.code).toBe(10001);
    expect(api.platform.accounts.confirmWechatScene("no-such-scene", openId, api.now())).toBe(false);
  });

  it("expires a scene after 10 minutes", async () => {
    const late = await startScene();
    const inTime = await startScene();
    advance(10 * MINUTE - 1000);
    expect((await poll(late.sceneStr)).body.code).toBe(0);
    expect(api.platform.accounts.confirmWechatScene(inTime.sceneStr, freshOpenId(), api.now())).toBe(true);
    expect((await poll(inTime.sceneStr)).body.code).toBe(1);

    advance(2000);
    const expired = await poll(late.sceneStr);
    expect(expired.body).toEqual({ code: 404, message: "The QR code has expired. Please refresh" });
    api.platform.accounts.confirmWechatScene(late.sceneStr, freshOpenId(), api.now());
    const confirmedLate = await poll(late.sceneStr);
    expect(confirmedLate.body.code).toBe(404);
    expect(confirmedLate.body.data).toBeUndefined();

    expect((await poll("unknown-scene")).body.code).toBe(404);
    expect((await call("/wechatpub/pollingLogin", { body: {} })).body.code).toBe(404);
  });
});

describe("binding a phone", () => {
  it("binds a phone to a wx: account: code 1 with datas.map.token and user, and the old token ends (10001)", async () => {
    const wx = await wechatLogin();
    const phone = freshPhone();
    const code = await smsCode(phone);
    const answer = await bind(wx.token, phone, code);
    expect(answer.body.code).toBe(1);
    expect(answer.body.message).toBe("Phone bound");
    const { token, user } = answer.body.datas.map as { token: string; user: any };
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(token).not.toBe(wx.token);
    expect(user).toMatchObject({ id: wx.user.id, userName: wx.user.userName, isBindPhone: true, mobilePrefix: "86" });

    expect((await call("/web/isLogin", { method: "GET", token: wx.token })).body.code).toBe(10001);
    expect((await call("/web/isLogin", { method: "GET", token })).body).toMatchObject({ code: 200, data: { id: wx.user.id, isBindPhone: true } });
    expect(api.platform.db.prepare("SELECT phone, mobile_prefix, is_bind_phone FROM users WHERE id = ?").get(wx.user.id)).toEqual({
      phone,
      mobile_prefix: "86",
      is_bind_phone: 1,
    });

    // The bound phone now logs in to the same account by code.
    advance(MINUTE);
    const byCode = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: await smsCode(phone) } });
    expect(byCode.body).toMatchObject({ code: 1, data: { user: { id: wx.user.id } } });
  });

  it("answers code 0 for a wrong code and leaves the account unbound", async () => {
    const wx = await wechatLogin();
    const phone = freshPhone();
    const code = await smsCode(phone);
    const wrong = await bind(wx.token, phone, wrongOf(code));
    expect(wrong.body).toEqual({ code: 0, message: "The verification code is wrong or has expired" });
    expect((await bind(wx.token, phone, wrongOf(code), "/BindPhone/Wechat", "zh")).body).toEqual({ code: 0, message: "验证码错误或已失效" });
    expect((await call("/web/isLogin", { method: "GET", token: wx.token })).body).toMatchObject({ code: 200, data: { isBindPhone: false } });
    // A phone that was never sent a code.
    expect((await bind(wx.token, freshPhone(), "123456")).body.code).toBe(0);
    // A code sent to another phone does not bind this one.
    const other = freshPhone();
    expect((await bind(wx.token, phone, await smsCode(other))).body.code).toBe(0);
  });

  it("answers a non-1, non-0 code (2) when the phone belongs to another account", async () => {
    const phone = freshPhone();
    const ownerToken = await phoneAccountToken(phone);
    const wx = await wechatLogin();
    advance(MINUTE);
    const answer = await bind(wx.token, phone, await smsCode(phone));
    expect(answer.body.code).toBe(2);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.message).toBe("This phone number is bound to another account. Contact customer service or use another number.");
    expect(answer.body.datas).toBeUndefined();
    // Neither account changed; both sessions go on.
    expect((await call("/web/isLogin", { method: "GET", token: wx.token })).body).toMatchObject({ code: 200, data: { isBindPhone: false } });
    expect((await call("/web/isLogin", { method: "GET", token: ownerToken })).body.code).toBe(200);
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(phone)).toBe(1);
  });

  it("refuses a normal phone account", async () => {
    const phone = freshPhone();
    const token = await phoneAccountToken(phone);
    const other = freshPhone();
    const answer = await bind(token, other, await smsCode(other));
    expect(answer.body).toEqual({ code: 0, message: "This account needs no phone binding" });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM users WHERE phone = ?").pluck().get(other)).toBe(0);
    expect((await call("/web/isLogin", { method: "GET", token })).body.code).toBe(200);
  });

  it("binds an email account through /BindPhone/Email", async () => {
    const email = "binder@example.com";
    const registered = await call("/reg/registerByEmail", { body: { userName: email, password: "mail1234", passwordNext: "mail1234" } });
    expect(registered.body.code).toBe(200);
    const userId = api.platform.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
    api.platform.db.prepare("UPDATE users SET email_confirmed = 1 WHERE id = ?").run(userId);
    const loggedIn = await call("/web/loginByAccountEmail", { body: { accountEmail: email, password: "mail1234" } });
    expect(loggedIn.body.code).toBe(100000);
    const phone = freshPhone();
    const answer = await bind(loggedIn.body.data.token, phone, await smsCode(phone), "/BindPhone/Email");
    expect(answer.body.code).toBe(1);
    expect(answer.body.datas.map.user).toMatchObject({ id: userId, userName: `email:${email}`, isBindPhone: true });
  });

  it("validates the form and requires a login", async () => {
    const wx = await wechatLogin();
    const noCode = await call("/BindPhone/Wechat", { token: wx.token, body: { phoneNumber: freshPhone() } });
    expect(noCode.body).toMatchObject({ code: 400, message: "Please enter the verification code" });
    const noPhone = await call("/BindPhone/Wechat", { token: wx.token, body: { smsVerifyCode: "123456" } });
    expect(noPhone.body).toMatchObject({ code: 400, message: "Please enter phone number" });
    const badPhone = await call("/BindPhone/Wechat", { token: wx.token, lang: "zh", body: { phoneNumber: "23800138000", smsVerifyCode: "123456" } });
    expect(badPhone.body).toMatchObject({ code: 400, message: "请输入正确的手机号码" });
    const anonymous = await call("/BindPhone/Wechat", { body: { phoneNumber: freshPhone(), smsVerifyCode: "123456" } });
    expect(anonymous.body.code).toBe(401);
  });
});
