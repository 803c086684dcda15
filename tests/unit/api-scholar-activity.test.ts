/**
 * Integration tests of the scholar calls (verification flow, author lists, follow) and the activity calls
 * (feedback, task check, first-visit payloads, tracking, address-bind check): spec §3, §4, §7, §8.
 */
import { describe, expect, it } from "vitest";
import { reviewClaim } from "@platform/scholar-workspace/index.server";
import { useEmbeddedPlatform, type Lang } from "./embedded-platform-fixture";

interface Scholar {
  authorCode: string;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  verified: boolean;
  followerCount: number;
  followed: boolean;
  link: string;
}

const MINUTE = 60_000;
const api = useEmbeddedPlatform("2027-05-01T10:00:00.000Z", { captchaTestMode: true });
const { raw, call, advance, freshIp, outbox } = api;

let phoneCounter = 0;
const freshPhone = () => `136${String(++phoneCounter).padStart(8, "0")}`;

/** A new phone account logged in by code: its token and id. */
async function newUser(): Promise<{ token: string; id: number }> {
  const phone = freshPhone();
  const sent = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "test-rand", ticket: "test" } });
  expect(sent.body.code, sent.body.message).toBe(200);
  const code = outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const answer = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: code } });
  expect(answer.body.code, answer.body.message).toBe(1);
  return { token: answer.body.data.token, id: answer.body.data.user.id };
}

const audit = async (token: string) => {
  const answer = await call("/author/checkEmailAudit", { method: "GET", token });
  expect(answer.body.code, answer.body.message).toBe(200);
  return answer.body.data as { isPass: number; reason?: string; email?: string; authorCode?: string; sent?: Record<string, string> };
};

const claimForm = (extra: Record<string, unknown> = {}) => ({
  realName: "王晓明",
  email: "wang@pku.edu.cn",
  orgName: "北京大学",
  researchField: "劳动经济学",
  workHistory: "2015-2020 讲师",
  education: "博士",
  introduction: "研究劳动力市场。",
  ...extra,
});

async function confirmLatestLink(email: string): Promise<string | null> {
  const message = outbox().find((row) => row.recipient === email);
  expect(message, `no email to ${email}`).toBeDefined();
  const link = /http:\/\/localhost:3000\/api(\/web\/email\?token=[A-Za-z0-9]{32})/.exec(message!.text);
  expect(link, message!.text).not.toBeNull();
  const response = await raw(link![1], { method: "GET" });
  expect(response.status).toBe(302);
  return response.headers.get("location");
}

describe("scholar verification", () => {
  it("goes -1 → 3 → 0 → 1 (declined with a reason) → 3 → 0 → 2 (approved) with an author code", async () => {
    const { token, id } = await newUser();
    expect(await audit(token)).toEqual({ isPass: -1 });
    const before = await call("/author/queryAuthorByUserId", { method: "GET", token });
    expect(before.body).toEqual({ code: 0, message: "please complete person verification first", data: { verifyAt: "/authentication" } });
    expect((await call("/author/queryAuthorByUserId", { method: "GET", token, lang: "zh" })).body.message).toBe("请先完成学者认证");

    const claimed = await call("/author/claim", { token, body: claimForm({ email: "Wang@PKU.edu.cn" }) });
    expect(claimed.body).toEqual({ code: 200, message: "Submitted. Please confirm your email", data: { isPass: 3 } });
    expect(outbox()[0]).toMatchObject({ channel: "email", recipient: "wang@pku.edu.cn", code: "" });
    expect(await audit(token)).toMatchObject({ isPass: 3, email: "wang@pku.edu.cn", reason: "" });
    // Not reviewable before the email is confirmed.
    expect(reviewClaim(api.platform.db, id, "approve", "", api.now())).toBe(false);
    expect((await audit(token)).isPass).toBe(3);

    expect(await confirmLatestLink("wang@pku.edu.cn")).toBe("/emailVerifyResult?status=success");
    expect((await audit(token)).isPass).toBe(0);
    expect((await call("/author/queryAuthorByUserId", { method: "GET", token })).body.code).toBe(0);
    expect(await confirmLatestLink("wang@pku.edu.cn")).toBe("/emailVerifyResult?status=invalid");

    advance(MINUTE);
    expect(reviewClaim(api.platform.db, id, "decline", "Not an institutional email", api.now())).toBe(true);
    // Declined, it comes back with what was sent (the profile claimed stays the platform's), to be corrected, not retyped.
    expect(await audit(token)).toEqual({
      isPass: 1,
      reason: "Not an institutional email",
      email: "wang@pku.edu.cn",
      sent: claimForm({ email: "Wang@PKU.edu.cn" }),
    });
    expect(reviewClaim(api.platform.db, id, "approve", "", api.now())).toBe(false);
    expect((await call("/author/checkClaimStatus", { method: "POST", token })).body.data).toMatchObject({ isPass: 1, reason: "Not an institutional email" });

    advance(MINUTE);
    const again = await call("/author/claim", { token, body: claimForm({ email: "xm.wang@pku.edu.cn" }) });
    expect(again.body.data).toEqual({ isPass: 3 });
    expect(await audit(token)).toMatchObject({ isPass: 3, reason: "", email: "xm.wang@pku.edu.cn" });
    expect(await confirmLatestLink("xm.wang@pku.edu.cn")).toBe("/emailVerifyResult?status=success");
    expect((await audit(token)).isPass).toBe(0);
    expect(reviewClaim(api.platform.db, id, "approve", "", api.now())).toBe(true);

    const approved = await audit(token);
    expect(approved.isPass).toBe(2);
    expect(approved.authorCode).toMatch(/^A\d+$/);
    const author = await call("/author/queryAuthorByUserId", { method: "GET", token });
    expect(author.body).toEqual({ code: 1, message: "ok", data: { authorCode: approved.authorCode } });
    const check = await call("/web/isLogin", { method: "GET", token });
    expect(check.body.data).toMatchObject({ id, authorCode: approved.authorCode });

    const profile = await call("/author/query", { body: { authorCode: approved.authorCode! } });
    expect(profile.body.code).toBe(200);
    expect(profile.body.data).toMatchObject({
      authorCode: approved.authorCode,
      authorName: "王晓明",
      orgName: "北京大学",
      researchField: "劳动经济学",
      verified: true,
      followed: false,
    });

    const thirdClaim = await call("/author/claim", { token, body: claimForm() });
    expect(thirdClaim.body).toEqual({ code: 0, message: "You are already a verified scholar" });
  });

  it("declines with a default reason when none is given", async () => {
    const { token, id } = await newUser();
    await call("/author/claim", { token, body: claimForm({ email: "d@example.edu" }) });
    await confirmLatestLink("d@example.edu");
    expect(reviewClaim(api.platform.db, id, "decline", "", api.now())).toBe(true);
    const declined = await audit(token);
    expect(declined.isPass).toBe(1);
    expect(declined.reason).not.toBe("");
  });

  it("validates the claim form and requires a login", async () => {
    const { token } = await newUser();
    const cases: [Record<string, unknown>, Lang, string][] = [
      [{ realName: "" }, "en", "Please enter your real name"],
      [{ realName: "  " }, "zh", "请输入真实姓名"],
      [{ email: "not-an-email" }, "en", "Please enter a valid email"],
      [{ email: undefined }, "en", "Please enter your email"],
      [{ orgName: undefined }, "en", "Please enter your institution"],
      [{ researchField: "" }, "zh", "请输入研究领域"],
      [{ realName: "x".repeat(51) }, "en", "Please enter your real name"],
    ];
    for (const [change, lang, message] of cases) {
      const answer = await call("/author/claim", { token, lang, body: claimForm(change) });
      expect(answer.body.code, JSON.stringify(change)).toBe(400);
      expect(answer.body.message, JSON.stringify(change)).toBe(message);
    }
    expect(await audit(token)).toEqual({ isPass: -1 });
    expect((await call("/author/claim", { body: claimForm() })).body.code).toBe(401);
    expect((await call("/author/checkEmailAudit", { method: "GET" })).body.code).toBe(401);
    expect((await call("/author/queryAuthorByUserId", { method: "GET" })).body.code).toBe(401);
  });
});

describe("feedback", () => {
  const submit = (body: Record<string, unknown>, options: { token?: string; lang?: Lang } = {}) =>
    call("/feedBack/addFeedBack", { ...options, body: { dataCode: "page-1", feedbackType: "1", ...body } });
  const feedbackRows = () => api.platform.db.prepare("SELECT * FROM feedback ORDER BY id DESC").all() as Record<string, unknown>[];

  it("stores a submission: code 1, 'submitted successfully'", async () => {
    const { token, id } = await newUser();
    const answer = await submit({ feedbackContent: "The search page is slow.", contactInformation: "13800138000" }, { token });
    expect(answer.body).toEqual({ code: 1, message: "submitted successfully" });
    expect(feedbackRows()[0]).toMatchObject({
      user_id: id,
      data_code: "page-1",
      contact: "13800138000",
      content: "The search page is slow.",
      feedback_type: "1",
      created_at: api.now().toISOString(),
    });

    const zh = await submit({ feedbackContent: "  匿名反馈  " }, { lang: "zh" });
    expect(zh.body).toEqual({ code: 1, message: "提交成功" });
    expect(feedbackRows()[0]).toMatchObject({ user_id: null, content: "匿名反馈", contact: "" });
  });

  it("requires content of at most 400 characters", async () => {
    const count = feedbackRows().length;
    for (const feedbackContent of [undefined, "", "    "]) {
      const answer = await submit({ feedbackContent });
      expect(answer.body.code).toBe(400);
      expect(answer.body.message).toBe("please enter feedback content");
    }
    expect((await submit({}, { lang: "zh" })).body.message).toBe("请输入反馈内容");
    const tooLong = await submit({ feedbackContent: "字".repeat(401) });
    expect(tooLong.body).toMatchObject({ code: 400, message: "feedback content must not exceed 400 characters" });
    expect((await submit({ feedbackContent: "a".repeat(401) }, { lang: "zh" })).body.message).toBe("反馈内容不能超过400个字符");
    expect(feedbackRows()).toHaveLength(count);
    expect((await submit({ feedbackContent: "字".repeat(400) })).body.code).toBe(1);
    expect(feedbackRows()).toHaveLength(count + 1);
  });

  it("refuses an invalid contact and accepts a phone, an international number or an email", async () => {
    for (const contactInformation of ["abc", "123", "someone@", "1380013800a", "<script>"]) {
      const answer = await submit({ feedbackContent: "content", contactInformation });
      expect(answer.body.code, contactInformation).toBe(400);
      expect(answer.body.message, contactInformation).toBe("please enter a valid phone or email");
    }
    expect((await submit({ feedbackContent: "content", contactInformation: "abc" }, { lang: "zh" })).body.message).toBe("请输入正确的手机号或邮箱");
    for (const contactInformation of ["13800138000", "+44 20 7946 0958", "someone@example.com", ""]) {
      const answer = await submit({ feedbackContent: "content", contactInformation });
      expect(answer.body, contactInformation).toEqual({ code: 1, message: "submitted successfully" });
      expect(feedbackRows()[0].contact).toBe(contactInformation);
    }
  });

  it("limits submissions to 10 an hour per IP", async () => {
    for (let index = 0; index < 10; index++) expect((await submit({ feedbackContent: `note ${index}` })).body.code).toBe(1);
    const over = await submit({ feedbackContent: "one more" });
    expect(over.body).toEqual({ code: 429, message: "Too many submissions. Please try again later" });
    expect(feedbackRows()[0].content).toBe("note 9");
    expect((await call("/feedBack/addFeedBack", { body: { feedbackContent: "other address" }, ip: freshIp() })).body.code).toBe(1);
    advance(60 * MINUTE);
    expect((await submit({ feedbackContent: "an hour later" })).body.code).toBe(1);
  });
});

describe("task check", () => {
  it("finishes module 3 once per user", async () => {
    const { token, id } = await newUser();
    const first = await call("/integralTask/checkFinishTask", { token, body: { moduleId: 3 } });
    expect(first.body).toEqual({ code: 200, message: "success", data: { finishTask: true, integral: 50, taskName: "Bind your phone", moduleId: 3 } });
    const second = await call("/integralTask/checkFinishTask", { token, body: { moduleId: "3", executeId: "x", childTaskId: "y" } });
    expect(second.body.data).toMatchObject({ finishTask: false, integral: 0 });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM point_entries WHERE user_id = ? AND ref = 'task:3:ever'").pluck().get(id)).toBe(1);

    const other = await newUser();
    const zh = await call("/integralTask/checkFinishTask", { token: other.token, lang: "zh", body: { moduleId: 3 } });
    expect(zh.body.data).toMatchObject({ finishTask: true, taskName: "绑定手机号" });
  });

  it("refuses an unknown module and an anonymous caller", async () => {
    const { token } = await newUser();
    expect((await call("/integralTask/checkFinishTask", { token, body: { moduleId: 99 } })).body).toEqual({ code: 400, message: "Unknown task" });
    expect((await call("/integralTask/checkFinishTask", { token, body: {} })).body.code).toBe(400);
    expect((await call("/integralTask/checkFinishTask", { body: { moduleId: 3 } })).body.code).toBe(401);
  });
});

describe("first-visit payloads and tracking", () => {
  const payloadKeys = ["dataId", "h5Image", "id", "jumpType", "moduleId", "modulePathWeb", "moduleQueryWeb", "specialType", "url"];

  it("gives a device the advert payload the first time and null afterwards", async () => {
    const first = await call("/firstEven/checkFirstEvenAd", { body: { deviceId: "device-aaaa-0001", sourceUrl: "/home" } });
    expect(first.body.code).toBe(200);
    const payload = first.body.data as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(payloadKeys);
    expect([1, 2]).toContain(payload.jumpType);
    expect(typeof payload.h5Image).toBe("string");
    expect(payload.h5Image).not.toBe("");
    expect(typeof payload.id).toBe("number");
    expect(String(payload.modulePathWeb)).toMatch(/^\//);

    const second = await call("/firstEven/checkFirstEvenAd", { body: { deviceId: "device-aaaa-0001", sourceUrl: "/home" } });
    expect(second.body).toEqual({ code: 200, message: "success", data: null });

    const otherDevice = await call("/firstEven/checkFirstEvenAd", { body: { deviceId: "device-aaaa-0002" } });
    expect(Object.keys(otherDevice.body.data).sort()).toEqual(payloadKeys);
    // The other first-visit kinds are counted separately.
    for (const path of ["/firstEven/firstEvenCommon"]) {
      expect((await call(path, { body: { deviceId: "device-aaaa-0001" } })).body.data, path).not.toBeNull();
      expect((await call(path, { body: { deviceId: "device-aaaa-0001" } })).body.data, path).toBeNull();
    }
  });

  it("requires a well-formed device id", async () => {
    for (const deviceId of [undefined, "", "short", "bad device id!"]) {
      const answer = await call("/firstEven/checkFirstEvenAd", { body: { deviceId } });
      expect(answer.body, String(deviceId)).toEqual({ code: 400, message: "deviceId is required" });
    }
  });

  it("stores a tracking event", async () => {
    const answer = await call("/buryingPoint/buryingPoint", {
      body: { deviceId: "device-track-01", channelId: 4, eventType: "banner_click", dataCode: "B-17" },
    });
    expect(answer.body).toEqual({ code: 200, message: "success" });
    const row = api.platform.db.prepare("SELECT * FROM tracking_events ORDER BY id DESC LIMIT 1").get();
    expect(row).toMatchObject({
      device_id: "device-track-01",
      channel_id: 4,
      event_type: "banner_click",
      data_code: "B-17",
      created_at: api.now().toISOString(),
    });

    const count = api.platform.db.prepare("SELECT COUNT(*) FROM tracking_events").pluck().get() as number;
    expect((await call("/buryingPoint/buryingPoint", { body: { deviceId: "device-track-01" } })).body.code).toBe(400);
    expect((await call("/buryingPoint/buryingPoint", { body: { eventType: "x" } })).body.code).toBe(400);
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM tracking_events").pluck().get()).toBe(count);
  });
});

describe("address-bind check", () => {
  it("tells a VIP without an address to bind one", async () => {
    const { token, id } = await newUser();
    const plain = await call("/members/whetherBindAddress", { method: "GET", token, query: { interestId: "8" } });
    expect(plain.body.data).toEqual({ members: false, bindAddress: false, failureTime: null });

    api.platform.db.prepare("UPDATE users SET is_vip = 1 WHERE id = ?").run(id);
    const vip = await call("/members/whetherBindAddress", { method: "GET", token, query: { interestId: "8" } });
    expect(vip.body.code).toBe(200);
    expect(vip.body.data).toMatchObject({ members: true, bindAddress: false });
    expect(new Date(vip.body.data.failureTime).getTime()).toBeGreaterThan(api.now().getTime());

    const saved = await call("/userAddress/operation", {
      token,
      body: { receiver: "张三", phone: "13800138000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "海淀区颐和园路5号" },
    });
    expect(saved.body.code, saved.body.message).toBe(200);
    const bound = await call("/members/whetherBindAddress", { method: "GET", token, query: { interestId: "8" } });
    expect(bound.body.data).toMatchObject({ members: true, bindAddress: true });
    expect((await call("/members/whetherBindAddress", { method: "GET", query: { interestId: "8" } })).body.code).toBe(401);
  });
});

describe("authors and following", () => {
  const list = async (params: Record<string, unknown>, token?: string) => {
    const answer = await call("/author/operationAuthorList", { body: params, token });
    expect(answer.body.code).toBe(200);
    return answer.body.data as { list: Scholar[]; total: number; pageNum: number; pageSize: number };
  };

  it("queries one author by code", async () => {
    const answer = await call("/author/query", { body: { authorCode: "A100000" } });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({ authorCode: "A100000", followed: false, link: "/person?authorCode=A100000" });
    for (const key of ["authorName", "authorNameEn", "orgName", "orgNameEn"]) expect(typeof answer.body.data[key], key).toBe("string");
    const viaGet = await call("/author/query", { method: "GET", query: { authorCode: "A100000" } });
    expect(viaGet.body.data.authorCode).toBe("A100000");
    expect((await call("/author/query", { body: { authorCode: "A999999" } })).body).toEqual({ code: 404, message: "No such scholar" });
    expect((await call("/author/query", { body: {} })).body.code).toBe(404);
  });

  it("pages the author list", async () => {
    const first = await list({ pageNum: 1, pageSize: 10 });
    expect(first).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(150);
    const second = await list({ pageNum: 2, pageSize: 10 });
    expect(second.list).toHaveLength(10);
    const codes = new Set([...first.list, ...second.list].map((author) => author.authorCode));
    expect(codes.size).toBe(20);

    const lastPage = Math.ceil(first.total / 10);
    const last = await list({ pageNum: lastPage, pageSize: 10 });
    expect(last.list).toHaveLength(first.total - (lastPage - 1) * 10);
    expect((await list({ pageNum: lastPage + 1, pageSize: 10 })).list).toHaveLength(0);

    // Every author appears once across the pages.
    const all: string[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(first.total / 50); pageNum++)
      all.push(...(await list({ pageNum, pageSize: 50 })).list.map((author) => author.authorCode));
    expect(all).toHaveLength(first.total);
    expect(new Set(all).size).toBe(first.total);

    // Verified authors first.
    const verified = first.list.map((author) => author.verified);
    expect(verified).toEqual([...verified].sort((a, b) => Number(b) - Number(a)));

    const clamped = await list({ pageNum: 0, pageSize: 500 });
    expect(clamped).toMatchObject({ pageNum: 1, pageSize: 50 });
    expect(clamped.list).toHaveLength(50);
    const defaults = await list({ pageNum: "abc" });
    expect(defaults).toMatchObject({ pageNum: 1, pageSize: 10 });

    const keyword = first.list[0].authorName;
    const filtered = await list({ keyword, pageSize: 50 });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(first.total);
    for (const author of filtered.list) expect(`${author.authorName} ${author.orgName}`).toContain(keyword);
  });

  it("toggles a follow and keeps the follower count", async () => {
    const { token, id } = await newUser();
    const other = await newUser();
    const start = (await call("/author/query", { body: { authorCode: "A100003" } })).body.data as Scholar;

    const followed = await call("/follow/doFollow", { token, body: { authorCode: "A100003" } });
    expect(followed.body).toEqual({ code: 200, message: "success", data: { followed: true } });
    const seen = (await call("/author/query", { token, body: { authorCode: "A100003" } })).body.data as Scholar;
    expect(seen).toMatchObject({ followed: true, followerCount: start.followerCount + 1 });
    expect(((await call("/author/query", { token: other.token, body: { authorCode: "A100003" } })).body.data as Scholar).followed).toBe(false);

    expect((await call("/follow/doFollow", { token: other.token, body: { authorCode: "A100003" } })).body.data).toEqual({ followed: true });
    expect(((await call("/author/query", { body: { authorCode: "A100003" } })).body.data as Scholar).followerCount).toBe(start.followerCount + 2);

    const unfollowed = await call("/follow/doFollow", { token, body: { authorCode: "A100003" } });
    expect(unfollowed.body.data).toEqual({ followed: false });
    const after = (await call("/author/query", { token, body: { authorCode: "A100003" } })).body.data as Scholar;
    expect(after).toMatchObject({ followed: false, followerCount: start.followerCount + 1 });
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM follows WHERE user_id = ?").pluck().get(id)).toBe(0);

    // The list marks what the caller follows.
    const listed = await list({ keyword: start.authorName, pageSize: 50 }, other.token);
    expect(listed.list.find((author) => author.authorCode === "A100003")?.followed).toBe(true);

    expect((await call("/follow/doFollow", { token, body: { authorCode: "A999999" } })).body).toEqual({ code: 404, message: "No such scholar" });
    expect((await call("/follow/doFollow", { body: { authorCode: "A100003" } })).body.code).toBe(401);
  });
});
