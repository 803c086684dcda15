/**
 * The live room's robot (ADR 081): the one check of a list the console and the platform share, keyword matching in
 * Chinese and English, the seeded lists, the public /robot/* calls and the console's internal save.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { checkRobotList, matchRobotEntry, ROBOT_LIMITS, splitKeywords, type RobotEntry } from "@contracts/robot";

const api = useEmbeddedPlatform("2027-05-02T03:00:00.000Z", { captchaTestMode: false });
const { call } = api;
const firstPlan = () => api.platform.db.prepare("SELECT MIN(id) FROM items WHERE kind = 'live'").pluck().get() as number;

const entry = (topic: RobotEntry["topic"], keywords: string[], answer = `${topic} 的回答`): RobotEntry => ({
  topic,
  question: `${topic}?`,
  questionEn: `${topic}?`,
  answer,
  answerEn: `${topic} answer`,
  keywords,
});

describe("matchRobotEntry", () => {
  const entries = [entry("time", ["时间", "什么时候", "when", "time"]), entry("replay", ["回放", "replay"]), entry("materials", ["课件", "ppt", "slides"])];
  it("finds Chinese keywords anywhere and Latin ones as whole words, in any case and width", () => {
    expect(matchRobotEntry(entries, "请问今天有回放吗")?.topic).toBe("replay");
    expect(matchRobotEntry(entries, "Will there be a REPLAY?")?.topic).toBe("replay");
    expect(matchRobotEntry(entries, "ＰＰＴ能分享吗")?.topic).toBe("materials");
    expect(matchRobotEntry(entries, "sometimes I wonder")).toBeNull();
    expect(matchRobotEntry(entries, "谢谢老师的精彩分享")).toBeNull();
  });
  it("prefers the entry whose keywords found are longest in all, the earlier one on a tie", () => {
    expect(matchRobotEntry(entries, "什么时候有回放")?.topic).toBe("time");
    expect(matchRobotEntry(entries, "回放什么时候上线，课件呢")?.topic).toBe("time");
    expect(matchRobotEntry(entries, "回放和课件")?.topic).toBe("replay");
  });
});

describe("checkRobotList", () => {
  it("takes keywords as a list or one line, lower-cased without repeats", () => {
    expect(splitKeywords("回放，Replay; replay、录像\nPlayback")).toEqual(["回放", "replay", "录像", "playback"]);
    const checked = checkRobotList([{ ...entry("replay", []), keywords: "回放, Replay" }]);
    expect(checked).toEqual({ ok: true, list: [{ ...entry("replay", []), keywords: ["回放", "replay"] }] });
  });
  it("names each problem by entry and field", () => {
    expect(checkRobotList("x")).toEqual({ ok: false, problems: [{ entry: 0, field: "list", code: "notList" }] });
    expect(checkRobotList(Array.from({ length: ROBOT_LIMITS.entries + 1 }, () => entry("time", ["a"])))).toMatchObject({
      ok: false,
      problems: [{ code: "tooMany" }],
    });
    const checked = checkRobotList([entry("time", ["时间"]), { ...entry("time", []), topic: "weather", answerEn: " ", question: "问".repeat(101) }]);
    expect(checked).toEqual({
      ok: false,
      problems: [
        { entry: 2, field: "topic", code: "badTopic" },
        { entry: 2, field: "question", code: "tooLong" },
        { entry: 2, field: "answerEn", code: "required" },
        { entry: 2, field: "keywords", code: "noKeywords" },
      ],
    });
  });
});

describe("/robot/* and the console's save", () => {
  it("every seeded room has answers on the four topics, its time in Beijing time", async () => {
    const planId = firstPlan();
    const listed = await call("/robot/list", { query: { planId: String(planId) } });
    expect(listed.body.data.list.map((item: RobotEntry) => item.topic)).toEqual(["time", "replay", "materials", "certificates"]);
    expect(listed.body.data.list[0].answerEn).toMatch(/Beijing time|not set yet/);
    const asked = await call("/robot/ask", { query: { planId: String(planId), text: "有证书吗" } });
    expect(asked.body.data.answer.topic).toBe("certificates");
    const none = await call("/robot/ask", { query: { planId: String(planId), text: "讲得真好" } });
    expect(none.body.data).toEqual({ answer: null });
  });

  it("refuses unknown rooms, bad ids and empty questions in the asker's language", async () => {
    expect((await call("/robot/list", { query: { planId: "0" } })).body.code).toBe(400);
    expect((await call("/robot/list", { query: { planId: "999999" }, lang: "en" })).body).toMatchObject({ code: 404, message: "No such live" });
    expect((await call("/robot/ask", { query: { planId: String(firstPlan()), text: " " }, lang: "zh" })).body).toMatchObject({
      code: 400,
      message: "请输入问题",
    });
  });

  it("the console saves a whole list, checked again here, with who saved it", async () => {
    const planId = firstPlan();
    const bad = await call("/opsConsole/robot/save", { method: "POST", body: { planId, by: "editor1", list: [{ ...entry("time", []) }] } });
    expect(bad.body).toMatchObject({ code: 422, data: { problems: [{ entry: 1, field: "keywords", code: "noKeywords" }] } });
    const list = [entry("materials", ["讲义", "handout"], "讲义会后发到邮箱")];
    const saved = await call("/opsConsole/robot/save", { method: "POST", body: { planId, by: "editor1", list } });
    expect(saved.body).toMatchObject({ code: 200, data: { planId, list } });
    expect(api.platform.db.prepare("SELECT updated_by FROM robot_answers WHERE plan_id = ?").pluck().all(planId)).toEqual(["editor1"]);
    const asked = await call("/robot/ask", { query: { planId: String(planId), text: "Is there a handout?" } });
    expect(asked.body.data.answer.answer).toBe("讲义会后发到邮箱");
    expect((await call("/opsConsole/robot/save", { method: "POST", body: { planId, list } })).body.code).toBe(400);
  });
});
