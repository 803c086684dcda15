/**
 * A scholar's documents on the embedded platform (ADR 082): adding a working paper with a PDF checked by its bytes,
 * the duplicate offered by DOI or title, editing, hiding and showing (out of search, lists, counts and the detail for
 * others), the owner's list, and the counts and search of a scholar's works on /person.
 */
import { describe, expect, it } from "vitest";
import { reviewClaim } from "@platform/scholar-workspace/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-05-01T10:00:00.000Z", { captchaTestMode: true });
const { raw, call, outbox } = api;

let phoneCounter = 0;
const freshPhone = () => `136${String(++phoneCounter).padStart(8, "0")}`;

async function newUser(): Promise<{ token: string; id: number }> {
  const phone = freshPhone();
  await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "test-rand", ticket: "test" } });
  const code = outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const answer = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: code } });
  return { token: answer.body.data.token, id: answer.body.data.user.id };
}

/** A user who claimed a seeded profile (with its papers), approved: token and author code. */
async function seededScholar(email: string): Promise<{ token: string; authorCode: string; name: string }> {
  const user = await newUser();
  const seeded = api.platform.db
    .prepare("SELECT author_code, name FROM scholars s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.author_code = s.author_code) ORDER BY id LIMIT 1")
    .get() as { author_code: string; name: string };
  const claim = { realName: seeded.name, email, orgName: "复旦大学", researchField: "公司金融", authorCode: seeded.author_code };
  expect((await call("/author/claim", { token: user.token, body: claim })).body.code).toBe(200);
  const message = outbox().find((row) => row.recipient === email)!;
  const link = /http:\/\/localhost:3000\/api(\/web\/email\?token=[A-Za-z0-9]{32})/.exec(message.text)!;
  await raw(link[1], { method: "GET" });
  expect(reviewClaim(api.platform.db, user.id, "approve", "", api.now())).toBe(true);
  return { token: user.token, authorCode: seeded.author_code, name: seeded.name };
}

const pdfBase64 = (text = "%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n") => Buffer.from(text, "latin1").toString("base64");

const documentForm = (authorCode: string, extra: Record<string, unknown> = {}) => ({
  docType: "workingPaper",
  title: "Minimum Wages and Firm Automation: Evidence from Chinese Manufacturing",
  authors: [
    { name: "本人", authorCode },
    { name: "Wei Zhang", orgName: "Peking University" },
  ],
  abstract: "We study how minimum wage increases change firms' investment in automation.",
  jelCodes: ["J38", "O33"],
  keywords: ["minimum wage", "automation"],
  year: 2026,
  venue: "NBER Working Paper",
  doi: "10.3386/w99999",
  ...extra,
});

describe("adding and changing documents", () => {
  it("adds a working paper with its PDF, serves the PDF, lists it for the owner and counts it on the profile", async () => {
    const scholar = await seededScholar("docs.one@fudan.edu.cn");
    const before = (await call("/article/countByAuthor", { body: { authorCode: scholar.authorCode } })).body.data;
    const added = await call("/article/doNewInsertDoc", { token: scholar.token, body: { ...documentForm(scholar.authorCode), pdfData: pdfBase64() } });
    expect(added.body.code, added.body.message).toBe(200);
    const id = added.body.data.id as number;

    const detail = (await call("/mpPaper/detail", { body: { id } })).body.data;
    expect(detail).toMatchObject({
      title: documentForm("").title,
      journal: "NBER Working Paper",
      year: 2026,
      doi: "10.3386/w99999",
      pdfUrl: `/api/article/pdf?id=${id}`,
    });
    // The owner's name comes from their profile, in both languages, whatever they typed.
    expect(detail.authors[0]).toMatchObject({ authorCode: scholar.authorCode, name: scholar.name });
    const pdf = await raw(`/article/pdf?id=${id}`, { method: "GET" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    const mine = (await call("/article/getUploadDocList", { token: scholar.token })).body.data;
    expect(mine.list[0]).toMatchObject({ id, docType: "workingPaper", hidden: false, form: { title: documentForm("").title, venue: "NBER Working Paper" } });
    const after = (await call("/article/countByAuthor", { body: { authorCode: scholar.authorCode } })).body.data;
    expect(after.paper).toBe(before.paper + 1);
    expect(after.total).toBe(before.total + 1);
    const found = (await call("/article/searchByAuthor", { body: { authorCode: scholar.authorCode, keyword: "Automation" } })).body.data;
    expect(found.list.map((item: { id: number }) => item.id)).toEqual([id]);
  });

  it("checks the PDF by its bytes and size, and the form with the same schema as the browser", async () => {
    const scholar = await seededScholar("docs.two@fudan.edu.cn");
    const form = documentForm(scholar.authorCode, { doi: "10.3386/w10001", title: "A paper whose file is not a PDF" });
    const renamed = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: { ...form, pdfData: Buffer.from("<html>not a pdf</html>").toString("base64") },
    });
    expect(renamed.body).toMatchObject({ code: 400, data: { fields: { pdfType: "scholarWorkspace:documents.errors.pdfType" } } });
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 32);
    tooBig.write("%PDF-1.7", 0, "latin1");
    const big = await call("/article/doNewInsertDoc", { token: scholar.token, body: { ...form, pdfData: tooBig.toString("base64") } });
    expect(big.body).toMatchObject({ code: 400, data: { fields: { pdfSize: "scholarWorkspace:documents.errors.pdfTooLarge" } } });
    const noTitle = await call("/article/doNewInsertDoc", { token: scholar.token, lang: "zh", body: { ...form, title: "  " } });
    expect(noTitle.body).toMatchObject({ code: 400, data: { fields: { title: "scholarWorkspace:documents.errors.titleRequired" } } });
    const badDoi = await call("/article/doNewInsertDoc", { token: scholar.token, body: { ...form, doi: "doi.org/123" } });
    expect(badDoi.body.data.fields).toHaveProperty("doi");
    const notMine = await call("/article/doNewInsertDoc", { token: scholar.token, body: { ...form, authors: [{ name: "Someone Else" }] } });
    expect(notMine.body).toMatchObject({ code: 400, data: { fields: { authors: "scholarWorkspace:documents.errors.ownerNotAuthor" } } });
    const visitor = await newUser();
    const unverified = await call("/article/doNewInsertDoc", { token: visitor.token, body: form });
    expect(unverified.body).toMatchObject({ code: 0, data: { verifyAt: "/authentication" } });
    // Nothing refused left a row or a file behind.
    expect((await call("/article/getUploadDocList", { token: scholar.token })).body.data.total).toBe(0);
  });

  it("offers the document already in the library instead of a duplicate, by DOI always and by title until the owner says it differs", async () => {
    const scholar = await seededScholar("docs.three@fudan.edu.cn");
    const first = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: documentForm(scholar.authorCode, { doi: "10.1000/Dup.1", title: "Trade Credit in Downturns" }),
    });
    expect(first.body.code).toBe(200);
    const sameDoi = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: documentForm(scholar.authorCode, { doi: "10.1000/dup.1", title: "Another title" }),
    });
    expect(sameDoi.body).toMatchObject({ code: 409, data: { matchedBy: "doi", duplicate: { id: first.body.data.id } } });

    const seededPaper = api.platform.db.prepare("SELECT id, title FROM items WHERE kind = 'paper' ORDER BY id LIMIT 1").get() as { id: number; title: string };
    const sameTitle = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      lang: "zh",
      body: documentForm(scholar.authorCode, { doi: undefined, title: `  ${seededPaper.title.toUpperCase()} ` }),
    });
    expect(sameTitle.body).toMatchObject({
      code: 409,
      message: "文库中已有同名文献，是同一篇吗？",
      data: { matchedBy: "title", duplicate: { id: seededPaper.id, link: `/docDetail?id=${seededPaper.id}` } },
    });
    const confirmed = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: documentForm(scholar.authorCode, { doi: undefined, title: seededPaper.title, notDuplicateOf: seededPaper.id }),
    });
    expect(confirmed.body.code, confirmed.body.message).toBe(200);
  });

  it("edits a document (type, authors, a new PDF) only for its owner", async () => {
    const scholar = await seededScholar("docs.four@fudan.edu.cn");
    const added = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: documentForm(scholar.authorCode, { doi: "10.1000/edit.1", title: "Slides on Land Finance" }),
    });
    const id = added.body.data.id as number;
    const changed = await call("/article/doUpdateDoc", {
      token: scholar.token,
      body: { ...documentForm(scholar.authorCode, { doi: "10.1000/edit.1", title: "Report on Land Finance", docType: "report" }), id, pdfData: pdfBase64() },
    });
    expect(changed.body.code, changed.body.message).toBe(200);
    const detail = (await call("/mpPaper/detail", { body: { id } })).body.data;
    expect(detail).toMatchObject({ kind: "report", title: "Report on Land Finance", link: `/docDetail?id=${id}&type=report` });
    const other = await seededScholar("docs.five@fudan.edu.cn");
    const refused = await call("/article/doUpdateDoc", { token: other.token, body: { ...documentForm(other.authorCode, { title: "Taken over" }), id } });
    expect(refused.body.code).toBe(404);
    expect((await call("/mpPaper/detail", { body: { id } })).body.data.title).toBe("Report on Land Finance");
  });
});

describe("hiding and showing", () => {
  it("keeps a hidden document out of search, the author's works, counts, the detail and its PDF for others, and back when shown", async () => {
    const scholar = await seededScholar("docs.six@fudan.edu.cn");
    const title = "Hidden Champions and Export Credit";
    const added = await call("/article/doNewInsertDoc", {
      token: scholar.token,
      body: { ...documentForm(scholar.authorCode, { doi: "10.1000/hide.1", title }), pdfData: pdfBase64() },
    });
    const id = added.body.data.id as number;
    const visible = async () => ({
      search: (await call("/commonSearc/all", { body: { searchType: "1", keyword: "Hidden Champions" } })).body.data.list.some(
        (item: { id: number }) => item.id === id,
      ),
      works: (await call("/article/searchByAuthor", { body: { authorCode: scholar.authorCode, pageSize: 50 } })).body.data.list.some(
        (item: { id: number }) => item.id === id,
      ),
      detail: (await call("/mpPaper/detail", { body: { id } })).body.code,
      pdf: (await raw(`/article/pdf?id=${id}`, { method: "GET" })).status,
    });
    expect(await visible()).toEqual({ search: true, works: true, detail: 200, pdf: 200 });
    const visitor = await newUser();
    expect((await call("/article/addHide", { token: visitor.token, body: { id } })).body.code).toBe(0);
    const other = await seededScholar("docs.seven@fudan.edu.cn");
    expect((await call("/article/addHide", { token: other.token, body: { id } })).body.code).toBe(404);
    const hidden = await call("/article/addHide", { token: scholar.token, body: { id } });
    expect(hidden.body).toMatchObject({ code: 200, data: { hidden: true } });
    expect(await visible()).toEqual({ search: false, works: false, detail: 404, pdf: 404 });
    // Its owner still has it, marked, and its file.
    expect((await call("/article/getUploadDocList", { token: scholar.token })).body.data.list[0]).toMatchObject({ id, hidden: true });
    expect((await raw(`/article/pdf?id=${id}`, { method: "GET", token: scholar.token })).status).toBe(200);
    expect((await call("/article/cancelHide", { token: scholar.token, body: { id } })).body.data.hidden).toBe(false);
    expect(await visible()).toEqual({ search: true, works: true, detail: 200, pdf: 200 });
  });
});
