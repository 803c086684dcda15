/**
 * A live room's robot list in the console (ADR 081): any staff member reads it, only a publisher saves it, the
 * platform's check answers the console's problem form, and the saved answers are what the room's robot says.
 */
import { describe, expect, it } from "vitest";
import type { RobotList } from "@contracts/robot";
import { useOpsConsole } from "./ops-fixture";

const ops = useOpsConsole(4143, "2026-11-01T00:00:00.000Z");
/** The console's platform starts empty: one live plan to edit. */
let plan = 0;
const planOf = () => {
  plan ||= Number(
    ops.platform.db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at, author_name, author_name_en,
        org_name, org_name_en, view_count, sort, link, extra, created_at) VALUES ('live', '货币政策讲座', 'Monetary policy lecture', '', '', '', 0,
        '2026-11-05T06:00:00.000Z', '2026-11-05T07:30:00.000Z', '', '', '', '', 0, 0, '', '{}', '2026-11-01T00:00:00.000Z')`)
      .run().lastInsertRowid,
  );
  return plan;
};
const entry = {
  topic: "materials",
  question: "讲义在哪里？",
  questionEn: "Where is the handout?",
  answer: "讲义会后发到报名邮箱。",
  answerEn: "The handout is emailed after the live.",
  keywords: ["讲义", "handout"],
};

describe("the robot in the console", () => {
  it("an editor reads a room's list but cannot save it; visitors get nothing", async () => {
    const planId = planOf();
    const editor = await ops.signIn("hannah", "editor");
    const read = await ops.request(`/ops/api/robot?planId=${planId}`, { cookie: editor });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ planId, list: [] });
    expect((await ops.request(`/ops/api/robot?planId=${planId}`)).status).toBe(401);
    expect((await ops.request("/ops/api/robot?planId=x", { cookie: editor })).status).toBe(400);
    expect((await ops.request("/ops/api/robot?planId=999999", { cookie: editor })).status).toBe(404);
    expect((await ops.request("/ops/api/robot/save", { cookie: editor, body: { planId, list: [entry] } })).status).toBe(403);
  });

  it("a publisher's save is checked by the platform, stored with the publisher's name, and answered at once", async () => {
    const planId = planOf();
    const publisher = await ops.signIn("petra", "publisher");
    const refused = await ops.request("/ops/api/robot/save", {
      cookie: publisher,
      headers: { "Accept-Language": "en" },
      body: { planId, list: [{ ...entry, answer: "" }] },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: "invalid", problems: [{ pointer: "/list/1/answer" }] });
    const saved = await ops.request("/ops/api/robot/save", { cookie: publisher, body: { planId, list: [entry] } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as RobotList).list).toEqual([entry]);
    expect(ops.platform.db.prepare("SELECT updated_by FROM robot_answers WHERE plan_id = ?").pluck().all(planId)).toEqual(["petra"]);
    const asked = await ops.platform.api.fetch(
      new Request(`http://embedded/robot/ask?planId=${planId}&text=${encodeURIComponent("有handout吗")}`, { method: "GET" }),
    );
    expect(((await asked.json()) as { data: { answer: { answer: string } } }).data.answer.answer).toBe(entry.answer);
  });
});
