/**
 * The scholar's workspace on the embedded platform (ADR 060): claiming an existing profile found by the similar-author
 * search or creating one, supplementing a claim, the owner's edits checked by the scholar-profile schema and applied only
 * after review, the JEL lookup and the co-author search.
 */
import { describe, expect, it } from "vitest";
import { reviewClaim, reviewProfileChange } from "@platform/scholar-workspace/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { plainPng } from "./image-samples";

const api = useEmbeddedPlatform("2027-05-01T10:00:00.000Z", { captchaTestMode: true });
const { raw, call, outbox } = api;

let phoneCounter = 0;
const freshPhone = () => `137${String(++phoneCounter).padStart(8, "0")}`;

async function newUser(): Promise<{ token: string; id: number }> {
  const phone = freshPhone();
  const sent = await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "test-rand", ticket: "test" } });
  expect(sent.body.code, sent.body.message).toBe(200);
  const code = outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const answer = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: code } });
  return { token: answer.body.data.token, id: answer.body.data.user.id };
}

const claimForm = (email: string) => ({ realName: "李静", email, orgName: "复旦大学", researchField: "公司金融" });

async function confirmEmail(email: string): Promise<void> {
  const message = outbox().find((row) => row.recipient === email)!;
  const link = /http:\/\/localhost:3000\/api(\/web\/email\?token=[A-Za-z0-9]{32})/.exec(message.text)!;
  expect((await raw(link[1], { method: "GET" })).status).toBe(302);
}

/** A user whose new profile (claimAndCreate) was approved: token, id and author code. */
async function newScholar(email: string): Promise<{ token: string; id: number; authorCode: string }> {
  const user = await newUser();
  expect((await call("/author/claimAndCreate", { token: user.token, body: claimForm(email) })).body.code).toBe(200);
  await confirmEmail(email);
  expect(reviewClaim(api.platform.db, user.id, "approve", "", api.now())).toBe(true);
  const status = await call("/author/certification", { token: user.token });
  return { ...user, authorCode: status.body.data.authorCode };
}

const profile = (extra: Record<string, unknown> = {}) => ({
  authorName: "李静",
  orgName: "复旦大学经济学院",
  jelCodes: ["G3", "J2"],
  workHistory: [{ organization: "复旦大学", position: "副教授", startYear: 2018 }],
  education: [{ institution: "北京大学", degree: "博士", year: 2017 }],
  introduction: "研究公司融资与劳动力市场。",
  homepage: "https://econ.fudan.edu.cn/lijing",
  orcid: "0000-0002-1825-0097",
  repec: "pli123",
  googleScholar: "AbCdEfGhIj12",
  ...extra,
});

describe("claiming or creating a profile", () => {
  it("finds unowned profiles like a name, claims one, and the approval links that profile instead of making another", async () => {
    const user = await newUser();
    const seeded = api.platform.db.prepare("SELECT author_code, name FROM scholars ORDER BY id LIMIT 1").get() as { author_code: string; name: string };
    const similar = await call("/author/querySimilarAuthor", { token: user.token, body: { name: seeded.name } });
    expect(similar.body.data.list.map((row: { authorCode: string }) => row.authorCode)).toContain(seeded.author_code);
    expect((await call("/author/querySimilarAuthor", { token: user.token, body: { name: "无此人名字" } })).body.data.list).toEqual([]);

    const claimed = await call("/author/claim", { token: user.token, body: { ...claimForm("li.claim@fudan.edu.cn"), authorCode: seeded.author_code } });
    expect(claimed.body.code, claimed.body.message).toBe(200);
    await confirmEmail("li.claim@fudan.edu.cn");
    expect(reviewClaim(api.platform.db, user.id, "approve", "", api.now())).toBe(true);
    expect((await call("/author/certification", { token: user.token })).body.data).toMatchObject({ isPass: 2, authorCode: seeded.author_code });
    // Owned now: nobody else finds it to claim.
    const other = await newUser();
    const again = await call("/author/querySimilarAuthor", { token: other.token, body: { name: seeded.name } });
    expect(again.body.data.list.map((row: { authorCode: string }) => row.authorCode)).not.toContain(seeded.author_code);
    const refused = await call("/author/claim", { token: other.token, body: { ...claimForm("x@fudan.edu.cn"), authorCode: seeded.author_code } });
    expect(refused.body).toMatchObject({ code: 0, message: "That profile does not exist or has been claimed" });
  });

  it("creates a new profile on approval of claimAndCreate, and the email is announced like every other message", async () => {
    const scholar = await newScholar("li.new@fudan.edu.cn");
    expect(scholar.authorCode).toBe(`A${200000 + scholar.id}`);
    const sent = outbox().find((row) => row.recipient === "li.new@fudan.edu.cn" && row.channel === "email");
    expect(sent?.text).toMatch(/^Confirm your institutional email by opening: http:\/\/localhost:3000\/api\/web\/email\?token=[A-Za-z0-9]{32}$/);
    // With the outbox page off (production), the claim's email is printed on the console like every other message.
    expect(api.announced()).toContain(`outbox: email to li.new@fudan.edu.cn: ${sent?.text}`);
  });

  it("supplements a claim: a declined one goes back to review, an approved one cannot be supplemented", async () => {
    const user = await newUser();
    await call("/author/claimAndCreate", { token: user.token, body: claimForm("li.sup@fudan.edu.cn") });
    await confirmEmail("li.sup@fudan.edu.cn");
    expect(reviewClaim(api.platform.db, user.id, "decline", "Add your work history", api.now())).toBe(true);
    const missing = await call("/author/supplement", { token: user.token, body: { realName: "李静" } });
    expect(missing.body.code).toBe(400);
    expect(missing.body.data.fields).toMatchObject({ orgName: "verify:errors.orgRequired" });
    const added = await call("/author/supplement", { token: user.token, body: { ...claimForm("ignored@x.cn"), workHistory: "2018- 复旦大学副教授" } });
    expect(added.body.data).toEqual({ isPass: 0, email: "li.sup@fudan.edu.cn" });
    const status = (await call("/author/certification", { token: user.token })).body.data;
    expect(status).toMatchObject({ isPass: 0, reason: "", details: { workHistory: "2018- 复旦大学副教授", email: "li.sup@fudan.edu.cn" } });
    expect(reviewClaim(api.platform.db, user.id, "approve", "", api.now())).toBe(true);
    expect((await call("/author/supplement", { token: user.token, body: claimForm("a@b.cn") })).body.code).toBe(0);
  });
});

describe("editing one's own profile", () => {
  it("validates with the scholar-profile schema, keeps the edit waiting, and shows it only after approval", async () => {
    const scholar = await newScholar("li.edit@fudan.edu.cn");
    const bad = await call("/author/edit", { token: scholar.token, lang: "en", body: profile({ orcid: "1234", jelCodes: [] }) });
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ orcid: "scholarWorkspace:errors.orcidInvalid", jelCodes: "scholarWorkspace:errors.fieldsRequired" });
    expect((await call("/author/edit", { token: scholar.token, body: profile({ homepage: "javascript:alert(1)" }) })).body.data.fields).toMatchObject({
      homepage: "scholarWorkspace:errors.homepageInvalid",
    });

    const sent = await call("/author/edit", { token: scholar.token, lang: "en", body: profile() });
    expect(sent.body).toMatchObject({ code: 200, message: "Submitted. Your changes appear once reviewed", data: { status: 0 } });
    const before = (await call("/author/get", { body: { authorCode: scholar.authorCode } })).body.data;
    expect(before).toMatchObject({ orgName: "复旦大学", researchFields: [], mine: false });
    expect(before.editable).toBeUndefined();

    // A second edit before the review replaces the waiting one.
    await call("/author/edit", { token: scholar.token, body: profile({ introduction: "第二稿" }) });
    expect(reviewProfileChange(api.platform.db, scholar.authorCode, "approve", "", api.now())).toBe(true);
    expect(reviewProfileChange(api.platform.db, scholar.authorCode, "approve", "", api.now())).toBe(false);
    const after = (await call("/author/get", { token: scholar.token, body: { authorCode: scholar.authorCode } })).body.data;
    expect(after).toMatchObject({
      orgName: "复旦大学经济学院",
      introduction: "第二稿",
      mine: true,
      change: { status: 2 },
      researchFields: [
        { code: "G3", name: "公司金融与治理", nameEn: "Corporate Finance and Governance" },
        { code: "J2", name: "劳动力需求与供给", nameEn: "Demand and Supply of Labor" },
      ],
      workHistory: [{ organization: "复旦大学", position: "副教授", startYear: 2018 }],
      links: { orcid: "https://orcid.org/0000-0002-1825-0097", repec: "https://ideas.repec.org/e/pli123.html" },
      editable: { jelCodes: ["G3", "J2"], introduction: "第二稿" },
    });
    // The list and profile answers carry the fields too.
    const query = (await call("/author/query", { body: { authorCode: scholar.authorCode } })).body.data;
    expect(query).toMatchObject({
      researchField: "公司金融与治理、劳动力需求与供给",
      researchFieldEn: "Corporate Finance and Governance; Demand and Supply of Labor",
    });
  });

  it("keeps a decline's reason for the owner, refuses a photo it did not store, and refuses people without a profile", async () => {
    const scholar = await newScholar("li.decline@fudan.edu.cn");
    await call("/author/edit", { token: scholar.token, body: profile() });
    expect(reviewProfileChange(api.platform.db, scholar.authorCode, "decline", "Homepage does not load", api.now())).toBe(true);
    const mine = (await call("/author/get", { token: scholar.token, body: { authorCode: scholar.authorCode } })).body.data;
    expect(mine.change).toMatchObject({ status: 1, reason: "Homepage does not load", profile: { homepage: "https://econ.fudan.edu.cn/lijing" } });

    const forged = await call("/author/edit", { token: scholar.token, body: profile({ portraitUrl: "/api/file/download?name=abcdef.png" }) });
    expect(forged.body.data.fields).toEqual({ portraitUrl: "scholarWorkspace:errors.photoInvalid" });
    const png = await plainPng(40, 40);
    const uploaded = await call("/file/upload", { token: scholar.token, body: { purpose: "avatar", contentType: "image/png", data: png.toString("base64") } });
    const withPhoto = await call("/author/edit", { token: scholar.token, body: profile({ portraitUrl: uploaded.body.data.url }) });
    expect(withPhoto.body.code, withPhoto.body.message).toBe(200);

    const visitor = await newUser();
    expect((await call("/author/edit", { token: visitor.token, body: profile() })).body).toMatchObject({ code: 0, data: { verifyAt: "/authentication" } });
    expect((await call("/author/edit", { body: profile() })).body.code).toBe(401);
  });

  it("answers 24 simultaneous edits with one waiting change holding one of them whole", async () => {
    const scholar = await newScholar("li.race@fudan.edu.cn");
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => call("/author/edit", { token: scholar.token, body: profile({ introduction: `稿${index}` }) })),
    );
    expect(answers.every((answer) => answer.body.code === 200)).toBe(true);
    const waiting = api.platform.db
      .prepare("SELECT profile FROM scholar_profile_changes WHERE author_code = ? AND status = 0")
      .pluck()
      .all(scholar.authorCode) as string[];
    expect(waiting).toHaveLength(1);
    expect(JSON.parse(waiting[0]!).introduction).toMatch(/^稿\d+$/);
  });
});

describe("lookups", () => {
  it("searches the JEL classification by code and by either name, and co-authors by name", async () => {
    expect((await call("/scholar/jelCodes", { body: { keyword: "g3" } })).body.data.list[0]).toEqual({
      code: "G3",
      name: "公司金融与治理",
      nameEn: "Corporate Finance and Governance",
    });
    const byWord = (await call("/scholar/jelCodes", { body: { keyword: "labor" } })).body.data.list.map((row: { code: string }) => row.code);
    expect(byWord).toEqual(expect.arrayContaining(["J", "J2", "J5"]));
    expect((await call("/scholar/jelCodes", { body: { keyword: "劳动" } })).body.data.list.length).toBeGreaterThan(3);
    const seeded = api.platform.db.prepare("SELECT name FROM scholars ORDER BY id LIMIT 1").pluck().get() as string;
    const found = (await call("/mpAuthor/search", { body: { keyword: seeded } })).body.data.list;
    expect(found[0]).toMatchObject({ authorName: seeded });
    expect((await call("/mpAuthor/search", { body: { keyword: "" } })).body.data.list).toEqual([]);
  });
});
