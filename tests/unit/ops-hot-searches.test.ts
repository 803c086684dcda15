/**
 * Operators hide a planted or offensive phrase from the hot searches in the console (ADR 042): any staff member hides
 * at once, only a publisher shows one again, and each action and refusal is in the audit log.
 */
import { describe, expect, it } from "vitest";
import type { OpsAuditAnswer, OpsHotSearchesAnswer } from "@contracts/ops";
import { useOpsConsole } from "./ops-fixture";

const ops = useOpsConsole(3412, "2026-11-01T00:00:00.000Z");

describe("hot searches in the console", () => {
  it("lets an editor hide a phrase, shows it hidden, and stops it being counted", async () => {
    const editor = await ops.signIn("hannah", "editor");
    const hidden = await ops.request("/ops/api/hotSearches/hide", { cookie: editor, body: { keyword: " 刷榜短语\u0000 " } });
    expect(hidden.status).toBe(204);
    const answer = (await (await ops.request("/ops/api/hotSearches", { cookie: editor })).json()) as OpsHotSearchesAnswer;
    expect(answer.hidden).toEqual([{ keyword: "刷榜短语", hiddenAt: ops.now().toISOString(), hiddenBy: "hannah" }]);
    expect(answer.shown.map((search) => search.keyword)).not.toContain("刷榜短语");
    expect(ops.platform.hotSearches.count("刷榜短语", 3, "user:1", ops.now())).toBe(false);
  });

  it("refuses an editor's show-again (recorded) and a visitor's calls; a publisher shows the phrase again", async () => {
    const editor = await ops.signIn("hannah", "editor");
    const refused = await ops.request("/ops/api/hotSearches/show", { cookie: editor, body: { keyword: "刷榜短语" } });
    expect(refused.status).toBe(403);
    expect((await ops.request("/ops/api/hotSearches/hide", { body: { keyword: "x" } })).status).toBe(401);
    expect((await ops.request("/ops/api/hotSearches")).status).toBe(401);
    expect((await ops.request("/ops/api/hotSearches/hide", { cookie: editor, body: { keyword: "" } })).status).toBe(400);

    const publisher = await ops.signIn("petra", "publisher");
    expect((await ops.request("/ops/api/hotSearches/show", { cookie: publisher, body: { keyword: "刷榜短语" } })).status).toBe(204);
    expect((await ops.request("/ops/api/hotSearches/show", { cookie: publisher, body: { keyword: "刷榜短语" } })).status).toBe(404);
    const answer = (await (await ops.request("/ops/api/hotSearches", { cookie: publisher })).json()) as OpsHotSearchesAnswer;
    expect(answer.hidden).toEqual([]);

    const audit = (await (await ops.request("/ops/api/audit", { cookie: publisher })).json()) as OpsAuditAnswer;
    const actions = audit.entries.map((entry) => `${entry.actor} ${entry.action} ${entry.detail}`);
    expect(actions).toContain("hannah hideSearch 刷榜短语");
    expect(actions).toContain("hannah publishRefused show: only a publisher may do this");
    expect(actions).toContain("petra showSearch 刷榜短语");
  });
});
