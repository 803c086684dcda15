/**
 * The live room talking back through the embedded platform's calls (ADR 062): questionnaires answered once per person
 * (20+ at once, and late repeats), checked with the same rules as the browser; results shared by the host; the room's
 * sign-in; and the host's pushes replayed after a sequence number.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { checkAnswer, ALREADY_ANSWERED_CODE } from "@contracts/questionnaire";
import { LIVE_ROOM_API } from "@contracts/screen";

const api = useEmbeddedPlatform("2027-05-02T03:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const firstPlan = () => api.platform.db.prepare("SELECT MIN(id) FROM items WHERE kind = 'live'").pluck().get() as number;
const choice = (planId: number, kind: "single" | "multiple" = "single") =>
  api.platform.liveRoom.createQuestion(
    planId,
    {
      kind,
      title: "你最关心哪个议题？",
      titleEn: "Which topic matters most to you?",
      options: [
        { text: "货币", textEn: "Money" },
        { text: "贸易", textEn: "Trade" },
        { text: "就业", textEn: "Jobs" },
      ],
    },
    api.now(),
  );
const answer = (token: string, params: Record<string, string>) => call("/planQuestion/createUserAnswer", { token, query: params });

describe("checkAnswer (the browser's and the platform's one rule)", () => {
  const question = {
    kind: "single" as const,
    options: [
      { id: 1, text: "a", textEn: "" },
      { id: 2, text: "b", textEn: "" },
    ],
  };
  it("takes option ids as a list or comma-separated, and refuses none, unknown ones and two for a single choice", () => {
    expect(checkAnswer(question, { optionIds: "2" })).toEqual({ ok: true, optionIds: [2], text: "" });
    expect(checkAnswer({ ...question, kind: "multiple" }, { optionIds: [2, 1, 2] })).toEqual({ ok: true, optionIds: [1, 2], text: "" });
    expect(checkAnswer(question, {})).toEqual({ ok: false, problem: "noChoice" });
    expect(checkAnswer(question, { optionIds: "3" })).toEqual({ ok: false, problem: "badChoice" });
    expect(checkAnswer(question, { optionIds: "1,2" })).toEqual({ ok: false, problem: "oneChoiceOnly" });
    expect(checkAnswer({ kind: "text", options: [] }, { text: "  " })).toEqual({ ok: false, problem: "emptyText" });
    expect(checkAnswer({ kind: "text", options: [] }, { text: "好".repeat(501) })).toEqual({ ok: false, problem: "textTooLong" });
  });
});

describe("questionnaires", () => {
  it("lists a room's questions with whether the viewer answered; a visitor must log in to answer", async () => {
    const planId = firstPlan();
    const questionId = choice(planId);
    const listed = await call("/planQuestion/getQuestion", { query: { planId: String(planId) } });
    expect(listed.body.data.list[0]).toMatchObject({
      id: questionId,
      kind: "single",
      answered: false,
      options: [{ id: 1, text: "货币", textEn: "Money" }, {}, {}],
    });
    expect(listed.body.data.list[0].results).toBeUndefined();
    expect((await answer("", { questionId: String(questionId), optionIds: "1" })).body.code).not.toBe(200);
    expect((await call("/planQuestion/getQuestion", { query: { planId: "999999999" } })).body.code).toBe(404);
  });

  it("refuses a bad answer at the field in the person's language, and stores nothing", async () => {
    const { token } = await api.newUser();
    const questionId = choice(firstPlan());
    const refused = await call("/planQuestion/createUserAnswer", { token, query: { questionId: String(questionId), optionIds: "1,2" }, lang: "zh" });
    expect(refused.body).toMatchObject({ code: 400, message: "这道题只能选一个", data: { problem: "oneChoiceOnly" } });
    expect(api.platform.liveRoom.resultsOf(questionId).total).toBe(0);
  });

  it("takes one answer per person when 25 of the same person's answers arrive at once, and a late repeat changes nothing", async () => {
    const { token } = await api.newUser();
    const questionId = choice(firstPlan(), "multiple");
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) => answer(token, { questionId: String(questionId), optionIds: index % 2 ? "1,3" : "2" })),
    );
    expect(answers.filter((one) => one.body.code === 200)).toHaveLength(1);
    expect(answers.filter((one) => one.body.code === ALREADY_ANSWERED_CODE)).toHaveLength(24);
    const late = await answer(token, { questionId: String(questionId), optionIds: "2" });
    expect(late.body.code).toBe(ALREADY_ANSWERED_CODE);
    expect(api.platform.liveRoom.resultsOf(questionId).total).toBe(1);
  });

  it("counts 22 people answering at once, each once; results reach everyone only when the host shares them", async () => {
    const planId = firstPlan();
    const questionId = choice(planId);
    const people = await Promise.all(Array.from({ length: 22 }, () => api.newUser()));
    const answers = await Promise.all(
      people.map((person, index) => answer(person.token, { questionId: String(questionId), optionIds: String((index % 3) + 1) })),
    );
    expect(answers.every((one) => one.body.code === 200)).toBe(true);
    const results = api.platform.liveRoom.resultsOf(questionId);
    expect(results.total).toBe(22);
    expect(results.counts).toEqual([
      { optionId: 1, count: 8 },
      { optionId: 2, count: 7 },
      { optionId: 3, count: 7 },
    ]);
    const find = async () =>
      (
        (await call("/planQuestion/getQuestion", { query: { planId: String(planId) }, token: people[0].token })).body.data.list as {
          id: number;
          answered: boolean;
          results?: unknown;
        }[]
      ).find((question) => question.id === questionId)!;
    expect(await find()).toMatchObject({ answered: true });
    expect((await find()).results).toBeUndefined();
    api.platform.liveRoom.shareResults(questionId);
    expect((await find()).results).toMatchObject({ questionId, total: 22 });
  });

  it("keeps a text answer's words, trimmed", async () => {
    const { token } = await api.newUser();
    const questionId = api.platform.liveRoom.createQuestion(
      firstPlan(),
      { kind: "text", title: "还想听什么？", titleEn: "What else?", options: [] },
      api.now(),
    );
    expect((await answer(token, { questionId: String(questionId), text: "  央行数字货币 " })).body.code).toBe(200);
    expect(api.platform.liveRoom.resultsOf(questionId).texts).toEqual(["央行数字货币"]);
  });
});

describe("the room's sign-in and pushes", () => {
  it("signs a person in once, however often they ask", async () => {
    const planId = firstPlan();
    const before = api.platform.liveRoom.signIns(planId);
    const { token } = await api.newUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(LIVE_ROOM_API.signIn, { token, query: { planId: String(planId) } })));
    expect(answers.every((one) => one.body.code === 200)).toBe(true);
    expect(api.platform.liveRoom.signIns(planId)).toBe(before + 1);
    expect((await call(LIVE_ROOM_API.signInState, { token, query: { planId: String(planId) } })).body.data).toMatchObject({ canAdd: false });
  });

  it("replays the pushes after a sequence number in order, and the latest few without one", async () => {
    const planId = firstPlan();
    const pushed = [1, 2, 3].map((minutes) => api.platform.liveRoom.push(planId, { kind: "startingSoon", minutes }, api.now()));
    const after = await call(LIVE_ROOM_API.pushes, { query: { planId: String(planId), after: String(pushed[0].seq) } });
    expect(after.body.data.list.map((push: { minutes: number }) => push.minutes)).toEqual([2, 3]);
    const latest = await call(LIVE_ROOM_API.pushes, { query: { planId: String(planId) } });
    expect(latest.body.data.list.at(-1)).toMatchObject({ kind: "startingSoon", minutes: 3, seq: pushed[2].seq, planId });
  });
});
