/**
 * Q&A through the embedded platform's own calls: the seeded questions and tags; asking with tags (sanitised, risk words
 * refused, rate-limited) and finding the question in search; anonymous answers that name nobody in any answer of the
 * API, not even to the question's author; praise and trample that switch and take back; concern; own-only removal;
 * the blacklist; comments on questions and answers; bad input answered 400/404, never 500.
 */
import { describe, expect, it } from "vitest";
import { seedJobs } from "@platform/jobs/index.server";
import { seedQa } from "@platform/qa/seed.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-03-01T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;

type Answer = {
  id: number;
  anonymous: boolean;
  author: unknown;
  authorName: string;
  portraitUrl: string;
  mine: boolean;
  myVote: number;
  praiseCount: number;
  trampleCount: number;
};
type Question = {
  id: number;
  title: string;
  tags: { code: string; name: string }[];
  anonymous: boolean;
  author: unknown;
  mine: boolean;
  answerCount: number;
  concernCount: number;
  answers: Answer[];
};

const get = async (path: string, query: Record<string, string> = {}, token?: string, lang: "zh" | "en" = "en") =>
  (await call(path, { method: "GET", query, token, lang })).body;
const ask = (token: string, body: Record<string, unknown>) =>
  call("/qa/ask", {
    body: { title: "How should I cluster standard errors in a panel?", tags: ["econometrics"], content: "<p>Firms by year.</p>", ...body },
    token,
  });
const answerQuestion = (token: string, questionId: number, content: string, anonymous = false) =>
  call("/qa/answer", { body: { questionId, content, anonymous }, token });

describe("the seeded Q&A", () => {
  it("lists twelve questions with tags, latest or hot, filtered by tag, in zh with En siblings", async () => {
    const latest = (await get("/qa/list", { pageSize: "20" })).data;
    expect(latest.total).toBe(12);
    expect(latest.list[0]).toMatchObject({
      title: "央行研究岗和高校教职，应该怎么选？",
      titleEn: "A central bank research job or a faculty post: how should I choose?",
      anonymous: true,
      author: null,
      authorName: "匿名用户",
      authorNameEn: "Anonymous",
    });
    const hot = (await get("/qa/list", { sort: "hot", pageSize: "3" })).data;
    expect(hot.list.map((question: Question) => question.answerCount).every((count: number) => count >= 2)).toBe(true);
    const tagged = (await get("/qa/list", { tag: "econometrics" }, undefined, "zh")).data;
    expect(tagged.total).toBe(2);
    expect(tagged.list.every((question: Question) => question.tags.some((tag) => tag.code === "econometrics" && tag.name === "计量经济学"))).toBe(true);
    const tags = (await get("/qa/tags")).data.list;
    expect(tags).toHaveLength(8);
    expect(tags[0]).toMatchObject({ code: "econometrics", name: "计量经济学", nameEn: "Econometrics", questionCount: 2 });
    expect((await get("/qa/hot")).data.list).toHaveLength(5);
    // The old placeholder rows of the items catalogue gave way to one search entry per question.
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'qa'").pluck().get()).toBe(12);
  });

  it("seeds once: a database that has its questions keeps them", () => {
    const db = api.platform.db;
    const count = () =>
      db.prepare("SELECT (SELECT COUNT(*) FROM qa_questions) + (SELECT COUNT(*) FROM job_posts) + (SELECT COUNT(*) FROM users)").pluck().get();
    const before = count();
    seedQa(db, api.now());
    seedJobs(db, api.now());
    expect(count()).toBe(before);
  });

  it("shows a question with its answers, best first, and no author of an anonymous answer", async () => {
    const [first] = (await get("/qa/list", { tag: "econometrics", sort: "latest" })).data.list;
    const detail = (await get("/qa/detail", { id: String(first.id) })).data as Question;
    expect(detail.answers.length).toBeGreaterThanOrEqual(2);
    const scores = detail.answers.map((answer) => answer.praiseCount - answer.trampleCount);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const anonymous = detail.answers.filter((answer) => answer.anonymous);
    expect(anonymous.length).toBeGreaterThan(0);
    for (const answer of anonymous)
      expect(answer).toMatchObject({ author: null, authorName: "匿名用户", authorNameEn: "Anonymous", portraitUrl: "", mine: false });
  });
});

describe("asking and answering", () => {
  it("asks with tags, sanitises the details, refuses risk words and unknown tags, and is found by search", async () => {
    const asker = await api.newUser();
    const asked = await ask(asker.token, {
      title: "Which robustness checks do referees expect for a DiD?",
      tags: ["econometrics", "publishing"],
      content: '<p onclick="alert(1)">Event study first?<script>alert(2)</script> <img src=x onerror=alert(3)></p>',
    });
    expect(asked.body.code).toBe(200);
    const id = asked.body.data.id;
    const detail = (await get("/qa/detail", { id: String(id) }, asker.token)).data;
    expect(detail).toMatchObject({ mine: true, anonymous: false, tagText: "计量经济学 · 论文发表", tagTextEn: "Econometrics · Publishing" });
    expect(detail.body).toContain("Event study first?");
    expect(detail.body).not.toMatch(/onclick|onerror|<script/i);

    const found = (await get("/search", { keyword: "referees expect", searchType: "0" })).data;
    expect(found.list.filter((item: { kind: string }) => item.kind === "qa")).toEqual([
      expect.objectContaining({ link: `/qaDetail?id=${id}`, authorName: expect.any(String) }),
    ]);

    const risky = await ask(asker.token, { title: "哪里能找到代写论文的服务？" });
    expect(risky.body).toMatchObject({ code: 400, data: { word: "代写论文" } });
    expect(risky.body.message).toContain("代写论文");
    const riskyBody = await ask(asker.token, { content: "<p>Any 代写<b>论文</b> shop?</p>" });
    expect(riskyBody.body.code).toBe(400);
    expect((await ask(asker.token, { tags: ["astrology"] })).body).toMatchObject({ code: 400, data: { fields: { tags: "qa:errors.tagsUnknown" } } });
    expect((await ask(asker.token, { tags: [] })).body).toMatchObject({ code: 400, data: { fields: { tags: "qa:errors.tagsRequired" } } });
    expect((await ask(asker.token, { title: "" })).body).toMatchObject({ code: 400, data: { fields: { title: "qa:errors.titleRequired" } } });
    expect((await call("/qa/ask", { body: { title: "No login here" } })).body.code).toBe(401);
  });

  it("never names the author of an anonymous answer, not even to the question's author", async () => {
    const asker = await api.newUser();
    const answerer = await api.newUser();
    const stranger = await api.newUser();
    const questionId = (await ask(asker.token, { title: "Who answers anonymously here?" })).body.data.id;
    const posted = await answerQuestion(answerer.token, questionId, "<p>I do, quietly.</p>", true);
    expect(posted.body.code).toBe(200);
    expect(posted.body.data).toMatchObject({ anonymous: true, author: null, mine: true });
    const answerId = posted.body.data.id;
    const commented = await call("/comment/add", { body: { kind: "answer", targetId: answerId, content: "Thanks, helpful." }, token: asker.token });
    expect(commented.body.code).toBe(200);

    const seenBy = async (token?: string) => [
      JSON.stringify(await get("/qa/detail", { id: String(questionId) }, token)),
      JSON.stringify(await get("/qa/list", { pageSize: "50" }, token)),
      JSON.stringify(await get("/comment/list", { kind: "answer", targetId: String(answerId) }, token)),
      JSON.stringify(await get("/qa/answerDetail", { id: String(answerId) }, token)),
      JSON.stringify((await call("/qa/praise", { body: { answerId }, token })).body),
    ];
    const answererPhone = answerer.phone.slice(-4);
    for (const token of [asker.token, stranger.token, undefined]) {
      for (const text of await seenBy(token)) {
        expect(text).not.toContain(`"userId":${answerer.id}`);
        expect(text).not.toContain(answererPhone);
      }
    }
    const asSeen = (await get("/qa/detail", { id: String(questionId) }, asker.token)).data.answers[0];
    expect(asSeen).toMatchObject({ author: null, authorName: "匿名用户", mine: false });
    expect((await get("/qa/detail", { id: String(questionId) }, answerer.token)).data.answers[0]).toMatchObject({ author: null, mine: true });
    expect((await get("/qa/answerDetail", { id: String(answerId) }, asker.token)).data).toMatchObject({
      author: null,
      identity: "anonymous",
      commentCount: 1,
      questionTitle: "Who answers anonymously here?",
      link: `/qaDetail?id=${questionId}`,
    });
    // The anonymous writer may delete comments under their answer (only they are told so), and a block of theirs never
    // turns a comment away there: the refusal would tell the commenter who wrote it.
    const thread = async (token: string) => (await get("/comment/list", { kind: "answer", targetId: String(answerId) }, token)).data.list[0];
    expect((await thread(answerer.token)).canDelete).toBe(true);
    expect((await thread(stranger.token)).canDelete).toBe(false);
    await call("/userBlack/add", { body: { userId: stranger.id }, token: answerer.token });
    expect((await call("/comment/add", { body: { kind: "answer", targetId: answerId, content: "Me too." }, token: stranger.token })).body.code).toBe(200);
    expect((await call("/comment/delete", { body: { id: commented.body.data.id }, token: answerer.token })).body.code).toBe(200);
    expect((await call("/comment/delete", { body: { id: commented.body.data.id }, token: stranger.token })).body.code).not.toBe(200);
    // The author's own list of answers has it; nobody else's does.
    expect((await get("/qa/mine", { type: "answer" }, answerer.token)).data.list.map((answer: Answer) => answer.id)).toEqual([answerId]);
    expect((await get("/qa/mine", { type: "answer" }, asker.token)).data.total).toBe(0);
  });

  it("praise and trample: one vote per person, the other one switches it, the same one takes it back", async () => {
    const asker = await api.newUser();
    const answerer = await api.newUser();
    const voter = await api.newUser();
    const questionId = (await ask(asker.token, { title: "Praise or trample this answer" })).body.data.id;
    const answerId = (await answerQuestion(answerer.token, questionId, "<p>An answer to vote on.</p>")).body.data.id;
    const vote = async (path: string) => (await call(path, { body: { answerId }, token: voter.token })).body.data;
    expect(await vote("/qa/praise")).toMatchObject({ myVote: 1, praiseCount: 1, trampleCount: 0 });
    expect(await vote("/qa/trample")).toMatchObject({ myVote: -1, praiseCount: 0, trampleCount: 1 });
    expect(await vote("/qa/trample")).toMatchObject({ myVote: 0, praiseCount: 0, trampleCount: 0 });
    await Promise.all(Array.from({ length: 6 }, () => call("/qa/praise", { body: { answerId }, token: voter.token })));
    const counted = (await get("/qa/detail", { id: String(questionId) }, voter.token)).data.answers[0];
    expect(counted.praiseCount + counted.trampleCount).toBe(counted.myVote === 0 ? 0 : 1);
    expect((await call("/qa/praise", { body: { answerId }, token: answerer.token })).body.code).toBe(400);
    expect((await call("/qa/praise", { body: { answerId: 999999 }, token: voter.token })).body.code).toBe(404);
  });

  it("concern follows and unfollows a question", async () => {
    const asker = await api.newUser();
    const follower = await api.newUser();
    const questionId = (await ask(asker.token, { title: "Follow me please" })).body.data.id;
    const concern = async () => (await call("/qa/concern", { body: { questionId }, token: follower.token })).body.data;
    expect(await concern()).toMatchObject({ concerned: true, concernCount: 1 });
    expect((await get("/qa/detail", { id: String(questionId) }, follower.token)).data).toMatchObject({ concerned: true, concernCount: 1 });
    expect(await concern()).toMatchObject({ concerned: false, concernCount: 0 });
  });

  it("removes only one's own question or answer; a removed question leaves lists and search", async () => {
    const asker = await api.newUser();
    const other = await api.newUser();
    const questionId = (await ask(asker.token, { title: "A question about to vanish" })).body.data.id;
    const answerId = (await answerQuestion(other.token, questionId, "<p>Gone soon.</p>")).body.data.id;
    expect((await call("/qa/removeAnswer", { body: { id: answerId }, token: asker.token })).body.code).toBe(403);
    expect((await call("/qa/removeQuestion", { body: { id: questionId }, token: other.token })).body.code).toBe(403);
    expect((await call("/qa/removeAnswer", { body: { id: answerId }, token: other.token })).body.code).toBe(200);
    expect((await call("/qa/removeQuestion", { body: { id: questionId }, token: asker.token })).body.code).toBe(200);
    expect((await get("/qa/detail", { id: String(questionId) })).code).toBe(404);
    expect((await get("/search", { keyword: "about to vanish", searchType: "0" })).data.total).toBe(0);
    expect((await call("/comment/add", { body: { kind: "question", targetId: questionId, content: "hello?" }, token: other.token })).body.code).toBe(404);
  });

  it("the blacklist hides named questions and answers of blocked people, keeps anonymous ones, and stops them answering", async () => {
    const blocker = await api.newUser();
    const blocked = await api.newUser();
    const named = (await ask(blocked.token, { title: "A named question by someone blocked" })).body.data.id;
    const hidden = (await ask(blocked.token, { title: "An anonymous question by someone blocked", anonymous: true })).body.data.id;
    const mine = (await ask(blocker.token, { title: "The blocker asks something" })).body.data.id;
    await answerQuestion(blocked.token, mine, "<p>Named answer.</p>");
    expect((await call("/userBlack/add", { body: { userId: blocked.id }, token: blocker.token })).body.code).toBe(200);
    const ids = (await get("/qa/list", { pageSize: "50" }, blocker.token)).data.list.map((question: Question) => question.id);
    expect(ids).not.toContain(named);
    expect(ids).toContain(hidden);
    expect((await get("/qa/detail", { id: String(mine) }, blocker.token)).data.answers).toEqual([]);
    expect((await answerQuestion(blocked.token, mine, "<p>Another one.</p>")).body.code).toBe(403);
    // Others still see both.
    expect((await get("/qa/detail", { id: String(mine) })).data.answers).toHaveLength(1);
  });

  it("limits asking per user", async () => {
    const eager = await api.newUser();
    const codes: number[] = [];
    for (let index = 0; index < 11; index++) codes.push((await ask(eager.token, { title: `Question number ${index + 1} of many` })).body.code);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("answers bad input with 400 or 404, never 500", async () => {
    const user = await api.newUser();
    expect((await get("/qa/detail", { id: "abc" })).code).toBe(400);
    expect((await get("/qa/detail", { id: "999999" })).code).toBe(404);
    expect((await get("/qa/answerDetail", { id: "999999" })).code).toBe(404);
    expect((await get("/qa/answerDetail", { id: "-1" })).code).toBe(400);
    expect((await get("/qa/list", { sort: "random" })).code).toBe(400);
    expect((await get("/qa/list", { tag: "toString" })).code).toBe(400);
    expect((await get("/qa/mine", { type: "x" }, user.token)).code).toBe(400);
    expect((await call("/qa/answer", { body: { questionId: "x", content: "hi" }, token: user.token })).body.code).toBe(400);
    expect((await call("/qa/answer", { body: { questionId: 999999, content: "hi" }, token: user.token })).body.code).toBe(404);
    expect((await call("/qa/answer", { body: { questionId: 1, content: "<p> </p><br>" }, token: user.token })).body).toMatchObject({
      code: 400,
      data: { fields: { content: "qa:errors.answerRequired" } },
    });
    expect((await call("/qa/ask", { body: { title: ["x"], tags: "econometrics" }, token: user.token })).body.code).toBe(400);
    expect((await call("/qa/concern", { body: { questionId: { a: 1 } }, token: user.token })).body.code).toBe(404);
    expect((await call("/qa/removeAnswer", { body: {}, token: user.token })).body.code).toBe(404);
  });
});
