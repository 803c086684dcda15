/**
 * Nothing typed is ever lost (issue 28), with two people in two browsers: the server's draft is the truth, a browser's
 * older unsaved copy is never put over it, a newer one is offered; a save over another person's draft and a publish
 * after another person's publish show the other change with a choice, and never revert it or publish a stale draft.
 */
import type { Browser, TestInfo } from "@playwright/test";
import { test, expect as baseExpect, watchConsole } from "./fixtures";
import { OPS_API, type OpsPageDetail } from "@contracts/ops";
import { LAPTOP, freshPagePath, signIn, type StaffName } from "./ops-support";

test.use(LAPTOP);

/** Two browsers each load the editor (RJSF and the validator): on a busy machine that takes more than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** A console page in a context of its own, whose 409 answers (the conflicts under test) are part of the test. */
async function desk(browser: Browser, testInfo: TestInfo, who: StaffName) {
  const context = await browser.newContext({ ...LAPTOP, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const guard = watchConsole(page);
  await signIn(page, who);
  const problems = () => guard.problems().filter((problem) => !/status of 409 \(Conflict\)/.test(problem.text));
  return { page, context, problems };
}

async function copyAmes(page: import("@playwright/test").Page, path: string) {
  await page.getByLabel("复制自").fill("/2023ames");
  await page.getByLabel("新页面路径").fill(path);
  await page.getByRole("button", { name: "复制并编辑" }).click();
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
}

const editorUrl = (path: string) => `/ops/edit?path=${encodeURIComponent(path)}`;
const titleEn = (page: import("@playwright/test").Page) => page.locator("#root_title_en");
const heroKicker = (page: import("@playwright/test").Page) => page.locator("#root_widgets_0_props_kicker_zh");

async function openHero(page: import("@playwright/test").Page) {
  const hero = page.locator("details.ops-widget", { has: page.locator("summary", { hasText: "活动头图" }) });
  if ((await hero.getAttribute("open")) === null) await hero.locator(":scope > summary").click();
}

async function detailOf(page: import("@playwright/test").Page, path: string): Promise<OpsPageDetail> {
  return (await (await page.request.get(OPS_API.page, { params: { path } })).json()) as OpsPageDetail;
}

test("a browser's older unsaved copy never replaces a newer server draft; a newer one is only offered", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const a = await desk(browser, testInfo, "publisher");
  const b = await desk(browser, testInfo, "editor");
  const path = freshPagePath("e2eOffer");
  await copyAmes(a.page, path);
  // Browser A holds a copy typed an hour ago and never saved; browser B saves a change now.
  await a.page.evaluate(
    ([key, at]) => localStorage.setItem(key, JSON.stringify({ text: '{"path":"stale"}\n', at, base: null })),
    [`opsDraft:${path}`, new Date(Date.now() - 3_600_000).toISOString()],
  );
  await b.page.goto(editorUrl(path));
  await titleEn(b.page).fill("Saved by B");
  await expect(b.page.locator(".ops-save")).toContainText("草稿已保存");

  await a.page.reload();
  await expect(titleEn(a.page)).toHaveValue("Saved by B");
  await expect(a.page.getByRole("button", { name: "使用本机的修改" })).toHaveCount(0);

  // A copy newer than the server's draft is offered; dropping it keeps the server's.
  await a.page.evaluate(
    ([key, at]) => localStorage.setItem(key, JSON.stringify({ text: '{"path":"newer"}\n', at, base: null })),
    [`opsDraft:${path}`, new Date(Date.now() + 60_000).toISOString()],
  );
  await a.page.reload();
  await expect(a.page.getByRole("alert").filter({ hasText: "比服务器上的草稿新" })).toBeVisible();
  await expect(titleEn(a.page)).toHaveValue("Saved by B");
  await a.page.getByRole("button", { name: "丢弃本机的修改" }).click();
  await expect(titleEn(a.page)).toHaveValue("Saved by B");
  expect((await detailOf(a.page, path)).draft?.text).toContain("Saved by B");
  expect([...a.problems(), ...b.problems()]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a save over another person's draft shows their change and merges by section", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const a = await desk(browser, testInfo, "publisher");
  const b = await desk(browser, testInfo, "editor");
  const path = freshPagePath("e2eMerge");
  await copyAmes(a.page, path);
  await b.page.goto(editorUrl(path));
  await expect(titleEn(b.page)).toBeVisible();

  await titleEn(a.page).fill("Title by A");
  await expect(a.page.locator(".ops-save")).toContainText("草稿已保存");

  // B still shows the draft from before A's save: B's save is refused, and B sees A's change beside B's.
  await openHero(b.page);
  await heroKicker(b.page).fill("Kicker by B");
  const conflict = b.page.getByRole("alert").filter({ hasText: "e2e-publisher" });
  await expect(conflict).toContainText("保存了这个页面的草稿");
  await expect(heroKicker(b.page)).toHaveValue("Kicker by B");
  expect((await detailOf(b.page, path)).draft?.text).toContain("Title by A");

  // Per section: the title from A, the hero from B.
  await conflict.getByRole("row", { name: /标题/ }).getByRole("radio", { name: "对方的" }).check();
  await conflict.getByRole("button", { name: "按所选合并" }).click();
  await expect(b.page.locator(".ops-save")).toContainText("草稿已保存");
  await expect(titleEn(b.page)).toHaveValue("Title by A");
  const merged = (await detailOf(b.page, path)).draft?.text ?? "";
  expect(merged).toContain("Title by A");
  expect(merged).toContain("Kicker by B");
  expect([...a.problems(), ...b.problems()]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a publish after another person's publish shows their version; taking it never republishes the stale draft", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const a = await desk(browser, testInfo, "publisher");
  const b = await desk(browser, testInfo, "publisher");
  const path = freshPagePath("e2ePub");
  await copyAmes(a.page, path);
  await a.page.getByRole("button", { name: "发布", exact: true }).click();
  await a.page.getByRole("button", { name: "确认发布" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "已发布为 v1" })).toBeVisible();

  await b.page.goto(editorUrl(path));
  await openHero(b.page);
  await openHero(a.page);
  await heroKicker(a.page).fill("Live by A");
  await expect(a.page.locator(".ops-save")).toContainText("草稿已保存");
  await a.page.getByRole("button", { name: "发布", exact: true }).click();
  await a.page.getByRole("button", { name: "确认发布" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "已发布为 v2" })).toBeVisible();

  await heroKicker(b.page).fill("Stale by B");
  await expect(b.page.locator(".ops-save")).toContainText("草稿已保存");
  await b.page.getByRole("button", { name: "发布", exact: true }).click();
  await b.page.getByRole("button", { name: "确认发布" }).click();
  const conflict = b.page.getByRole("alert").filter({ hasText: "发布了新版本 v2" });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole("row", { name: /活动头图/ })).toBeVisible();
  expect((await detailOf(b.page, path)).live?.version).toBe(2);

  await conflict.getByRole("button", { name: "全部采用对方的" }).click();
  await expect(heroKicker(b.page)).toHaveValue("Live by A");
  await expect(b.page.getByRole("button", { name: "发布", exact: true })).toBeDisabled();
  const detail = await detailOf(b.page, path);
  expect(detail.live?.version).toBe(2);
  expect(JSON.stringify(detail.live?.config)).toContain("Live by A");
  expect(detail.draft).toBeNull();
  expect([...a.problems(), ...b.problems()]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("after a publish conflict, keeping mine asks again with the changes against the new live version", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const a = await desk(browser, testInfo, "publisher");
  const b = await desk(browser, testInfo, "publisher");
  const path = freshPagePath("e2eKeepMine");
  await copyAmes(a.page, path);
  await a.page.getByRole("button", { name: "发布", exact: true }).click();
  await a.page.getByRole("button", { name: "确认发布" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "已发布为 v1" })).toBeVisible();
  await b.page.goto(editorUrl(path));
  await titleEn(a.page).fill("Title by A");
  await expect(a.page.locator(".ops-save")).toContainText("草稿已保存");
  await a.page.getByRole("button", { name: "发布", exact: true }).click();
  await a.page.getByRole("button", { name: "确认发布" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "已发布为 v2" })).toBeVisible();

  await openHero(b.page);
  await heroKicker(b.page).fill("Kicker by B");
  await expect(b.page.locator(".ops-save")).toContainText("草稿已保存");
  await b.page.getByRole("button", { name: "发布", exact: true }).click();
  await b.page.getByRole("button", { name: "确认发布" }).click();
  const conflict = b.page.getByRole("alert").filter({ hasText: "发布了新版本 v2" });
  await conflict.getByRole("button", { name: "全部保留我的" }).click();
  // Nothing went live by itself: the next publish is asked again, listing what it would change against v2.
  expect((await detailOf(b.page, path)).live?.version).toBe(2);
  await b.page.getByRole("button", { name: "发布", exact: true }).click();
  const dialog = b.page.getByRole("dialog");
  await expect(dialog).toContainText("v2");
  await expect(dialog.getByRole("listitem")).toHaveText(["修改 标题（English）", "修改 第 1 个组件「活动头图」（眉题）"]);
  await dialog.getByRole("button", { name: "取消" }).click();
  expect((await detailOf(b.page, path)).live?.version).toBe(2);
  expect([...a.problems(), ...b.problems()]).toEqual([]);
  await a.context.close();
  await b.context.close();
});
