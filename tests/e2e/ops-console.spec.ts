/**
 * The operations console end to end (issue 16): a publisher launches a conference page copied from /2023ames — title,
 * guests and dates in the form, a bad date told at its field, previews before and during its window — publishes it,
 * sees it as a visitor, publishes a change and rolls it back.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { OPS_API } from "@contracts/ops";
import { LAPTOP, TABLET, beijingIso, freshPagePath, pageExpecting401, signIn } from "./ops-support";

test.use(LAPTOP);

const DAY = 86_400_000;
/** Where the copied page's guests widget sits in the form: found in the source config, so a widget added above it moves nothing here. */
const AMES = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "2023ames.json"), "utf8")) as { widgets: { type: string }[] };
const GUESTS = `root_widgets_${AMES.widgets.findIndex((widget) => widget.type === "eventGuests")}_props_items`;

/** The hero's kicker a visitor sees on a fresh load of the page (each server node serves a publish within 5 s). */
async function kickerOf(visitor: Page, path: string): Promise<string> {
  await visitor.goto(path);
  return (await visitor.locator(".event-hero-kicker").textContent()) ?? "";
}

test("a publisher copies /2023ames into a new conference page, previews, publishes and rolls it back", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const path = freshPagePath("e2eConf");
  await signIn(page, "publisher");

  await page.getByLabel("复制自").fill("/2023ames");
  await page.getByLabel("新页面路径").fill(path);
  await page.getByRole("button", { name: "复制并编辑" }).click();
  await expect(page).toHaveURL(`/ops/edit?path=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { name: path })).toBeVisible();

  // Title: a zh/en pair side by side.
  const title = page.getByRole("group", { name: "标题" });
  await title.getByLabel("中文").fill("2027计量经济学会亚洲会议");
  await title.getByLabel("English").fill("Asian Meeting of the Econometric Society 2027");

  // Dates are picked in Beijing time. A window that ends before it starts is told at its end, in words, numbered
  // from 1, and refuses publishing; nothing typed is lost.
  const from = page.locator("#root_publish_from");
  const until = page.locator("#root_publish_until");
  const opens = Date.now() - DAY;
  await from.fill(beijingIso(opens).slice(0, 16));
  await until.fill(beijingIso(opens - DAY).slice(0, 16));
  await expect(page.locator("#root_publish_until__error")).toContainText("结束时间必须晚于开始时间");
  await expect(until).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "发布", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "第 1 个问题：发布时段 › 结束" }).click();
  await expect(until).toBeFocused();
  await expect(title.getByLabel("中文")).toHaveValue("2027计量经济学会亚洲会议");

  // Dates: open since yesterday, for a month.
  await until.fill(beijingIso(Date.now() + 30 * DAY).slice(0, 16));
  await expect(page.locator("#root_publish_until__error")).toHaveCount(0);

  // Guests: the eventGuests widget gets one written in the config.
  const guests = page.locator("details.ops-widget", { has: page.locator("summary", { hasText: "嘉宾" }) });
  await guests.locator(":scope > summary").click();
  const items = guests.locator(`fieldset#${GUESTS}`);
  await items.getByRole("button", { name: "添加一项" }).click();
  await page.locator(`#${GUESTS}_0_name_zh`).fill("王小明");
  await page.locator(`#${GUESTS}_0_name_en`).fill("Xiaoming Wang");
  await page.locator(`#${GUESTS}_0_org_zh`).fill("北京大学");
  await page.locator(`#${GUESTS}_0_org_en`).fill("Peking University");

  // A second guest, then the two reordered by their drag handles: with the keyboard (space, arrow, space), then with
  // the mouse, each drop one edit.
  await items.getByRole("button", { name: "添加一项" }).click();
  // An entry not filled in yet: the side preview says the draft is unfinished, a notice rather than a server error.
  await expect(page.locator(".ops-side-preview").frameLocator("iframe").getByRole("heading", { name: "草稿还有未完成的地方" })).toBeVisible({
    timeout: 15_000,
  });
  await page.locator(`#${GUESTS}_1_name_zh`).fill("李华");
  await page.locator(`#${GUESTS}_1_name_en`).fill("Hua Li");
  await page.locator(`#${GUESTS}_1_org_zh`).fill("复旦大学");
  await page.locator(`#${GUESTS}_1_org_en`).fill("Fudan University");
  const handle = (number: number) => items.getByRole("button", { name: `拖动调整第 ${number} 项的位置` });
  // Each key waits for what the screen reader hears: the list is measured between them.
  await handle(2).focus();
  await page.keyboard.press("Space");
  // Picked up, it is over its own place first.
  await expect(page.getByText("移到第 2 项的位置")).toBeAttached();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("移到第 1 项的位置")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("已放到第 1 项的位置")).toBeAttached();
  await expect(page.locator(`#${GUESTS}_0_name_zh`)).toHaveValue("李华");
  await expect(page.locator(`#${GUESTS}_1_name_zh`)).toHaveValue("王小明");
  // With the mouse: the handle, once it has stopped moving from the last drop, dragged up onto the first entry.
  await handle(2).hover();
  const grabbed = await handle(2).boundingBox();
  const target = await handle(1).boundingBox();
  if (!grabbed || !target) throw new Error("the drag handles are not on screen");
  await page.mouse.move(grabbed.x + grabbed.width / 2, grabbed.y + grabbed.height / 2);
  await page.mouse.down();
  await page.mouse.move(grabbed.x + grabbed.width / 2, grabbed.y - 10, { steps: 4 });
  await expect(page.locator(".ops-sortable.dragging")).toHaveCount(1);
  await page.mouse.move(target.x + target.width / 2, target.y, { steps: 12 });
  await expect(page.getByText("移到第 1 项的位置")).toBeAttached();
  await page.mouse.up();
  await expect(page.locator(`#${GUESTS}_0_name_zh`)).toHaveValue("王小明");
  await expect(page.locator(`#${GUESTS}_1_name_zh`)).toHaveValue("李华");

  // The hero's kicker says which version is live.
  const hero = page.locator("details.ops-widget", { has: page.locator("summary", { hasText: "活动头图" }) });
  await hero.locator(":scope > summary").click();
  await page.locator("#root_widgets_0_props_kicker_zh").fill("AMES 2027 第一版");
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  await expect(page.getByRole("tab", { name: /表单/ })).not.toContainText(/\d/);

  // Preview before the window opens, then during it.
  await page.getByRole("tab", { name: "预览" }).click();
  const frame = page.frameLocator("iframe");
  await page.getByRole("button", { name: "开放前" }).click();
  await expect(frame.getByRole("heading", { name: "页面尚未开放" })).toBeVisible();
  await page.getByRole("button", { name: "开放中" }).click();
  await expect(frame.getByText("AMES 2027 第一版")).toBeVisible();
  await expect(frame.getByText("王小明")).toBeVisible();
  await page.getByLabel("语言").selectOption("en");
  await expect(frame.getByText("Xiaoming Wang")).toBeVisible();

  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByRole("dialog", { name: `发布 ${path}？` })).toContainText("还没有上线");
  await page.getByRole("button", { name: "确认发布" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已发布为 v1" })).toBeVisible();
  await expect(page.getByRole("button", { name: "发布", exact: true })).toBeDisabled();
  await expect(page.locator("#ops-publish-reason")).toHaveText("没有可发布的修改：还没有草稿");

  const visitor = await (await browser.newContext()).newPage();
  await expect.poll(async () => (await visitor.goto(path))?.status(), { timeout: 10_000 }).toBe(200);
  await expect(visitor.getByText("AMES 2027 第一版")).toBeVisible();
  await expect(visitor.getByText("王小明")).toBeVisible();
  await expect(visitor).toHaveTitle(/2027计量经济学会亚洲会议/);

  // A second version, then back to the first in one step.
  await page.getByRole("tab", { name: "表单" }).click();
  await page
    .locator("details.ops-widget", { has: page.locator("summary", { hasText: "活动头图" }) })
    .locator(":scope > summary")
    .click();
  await page.locator("#root_widgets_0_props_kicker_zh").fill("AMES 2027 第二版");
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  await page.getByRole("button", { name: "发布", exact: true }).click();
  // One changed field is one line, in words.
  await expect(page.getByRole("dialog").getByRole("listitem")).toHaveText(["修改 第 1 个组件「活动头图」（眉题）"]);
  await page.getByRole("button", { name: "确认发布" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已发布为 v2" })).toBeVisible();
  await expect.poll(() => kickerOf(visitor, path), { timeout: 10_000 }).toBe("AMES 2027 第二版");

  await page.getByRole("tab", { name: "版本历史" }).click();
  await page.getByLabel("从").selectOption("1");
  await page.getByLabel("到").selectOption("2");
  await page.getByRole("button", { name: "显示差异" }).click();
  await expect(page.locator(".ops-change", { hasText: "/widgets/0/props/kicker/zh" })).toContainText("AMES 2027 第二版");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "回滚到 v1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已回滚到 v1" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /^v3/ })).toBeVisible();
  await expect.poll(() => kickerOf(visitor, path), { timeout: 10_000 }).toBe("AMES 2027 第一版");
  await visitor.context().close();
});

test("an operator whose session ends is sent to the login page and keeps what they typed", async ({ browser }, testInfo) => {
  const { page, context, problems } = await pageExpecting401(browser, testInfo, LAPTOP);
  const path = freshPagePath("e2eKeep");
  await signIn(page, "publisher");
  await page.getByLabel("复制自").fill("/2023ames");
  await page.getByLabel("新页面路径").fill(path);
  await page.getByRole("button", { name: "复制并编辑" }).click();
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");

  await context.clearCookies({ name: "ops_session" });
  await page.getByRole("group", { name: "标题" }).getByLabel("English").fill("Typed after the session ended");
  await expect(page).toHaveURL(/\/ops\/login\?next=/);
  await expect(page.getByText("登录已过期")).toBeVisible();
  // A first sign-in is not a session that expired.
  const fresh = await browser.newPage();
  await fresh.goto("/ops");
  await expect(fresh.getByRole("heading", { name: "运营后台登录" })).toBeVisible();
  await expect(fresh.getByText("登录已过期")).toHaveCount(0);
  await fresh.close();
  await page.getByLabel("用户名").fill("e2e-publisher");
  await page.getByLabel("密码").fill("publisher-e2e-password");
  await page.getByRole("button", { name: "登录", exact: true }).click();

  await expect(page).toHaveURL(`/ops/edit?path=${encodeURIComponent(path)}`);
  // The browser's copy is newer than the server's draft: offered, not applied by itself.
  await expect(page.getByRole("group", { name: "标题" }).getByLabel("English")).not.toHaveValue("Typed after the session ended");
  await page.getByRole("button", { name: "使用本机的修改" }).click();
  await expect(page.getByRole("group", { name: "标题" }).getByLabel("English")).toHaveValue("Typed after the session ended");
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  await page.reload();
  await expect(page.getByRole("group", { name: "标题" }).getByLabel("English")).toHaveValue("Typed after the session ended");
  expect(problems()).toEqual([]);
  await context.close();
});

test("the raw JSON tab says where text stops being JSON and checks with the same schema", async ({ page }) => {
  const path = freshPagePath("e2eRaw");
  await signIn(page, "publisher");
  await page.getByLabel("复制自").fill("/2023ames");
  await page.getByLabel("新页面路径").fill(path);
  await page.getByRole("button", { name: "复制并编辑" }).click();
  await page.getByRole("tab", { name: "JSON" }).click();
  const raw = page.getByLabel("页面配置 JSON");
  const text = await raw.inputValue();
  await raw.fill(text.replace('"layout": {', '"layout": {,'));
  await expect(page.locator("#ops-raw-problems")).toContainText(/JSON 第 \d+ 行第 \d+ 列有误/);
  await raw.fill(text.replace('"theme": "conference"', '"theme": "neon"'));
  await expect(page.locator("#ops-raw-problems")).toContainText("版式 › 主题");
  await page.getByRole("button", { name: "第 1 个问题：版式 › 主题" }).click();
  await expect(page.locator("#root_layout_theme")).toBeFocused();
  await expect(page.locator("#root_layout_theme__error")).toContainText("只能选：");
});

for (const [name, device] of [
  ["laptop", LAPTOP],
  ["tablet", TABLET],
] as const) {
  test(`the editor and its preview fit a ${name}`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ ...device, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await signIn(page, "editor", `/ops/edit?path=${encodeURIComponent("/2023ames")}`);
    await expect(page.locator(".ops-form")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "no sideways scrolling").toBeLessThanOrEqual(device.viewport.width);
    await page.screenshot({ path: testInfo.outputPath(`ops-editor-${name}.png`) });
    await page.getByRole("tab", { name: "预览" }).click();
    await expect(page.frameLocator("iframe").locator(".event-hero")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`ops-preview-${name}.png`), fullPage: true });
    // Looking is not editing: opening and previewing the live page leaves no draft behind.
    const detail = await (await page.request.get(OPS_API.page, { params: { path: "/2023ames" } })).json();
    expect(detail.draft).toBeNull();
    await context.close();
  });
}

test("an editor hides a planted phrase from the hot searches; a publisher shows it again", async ({ page, browser }) => {
  const phrase = `刷榜${Date.now().toString(36)}`;
  await signIn(page, "editor");
  await page.getByRole("link", { name: "热门搜索" }).click();
  await expect(page).toHaveURL("/ops/searches");
  await expect(page.getByRole("heading", { name: "热门搜索" })).toBeVisible();
  await page.getByRole("button", { name: "隐藏", exact: true }).first().click();
  await expect(page.getByRole("alert")).toHaveText("请输入要隐藏的搜索词");
  await page.getByLabel("搜索词").fill(phrase);
  await page.getByRole("button", { name: "隐藏", exact: true }).first().click();
  await expect(page.getByRole("status")).toContainText(`已隐藏“${phrase}”`);
  const hiddenRow = page.getByRole("table", { name: "已隐藏的搜索词" }).getByRole("row", { name: phrase });
  await expect(hiddenRow).toContainText("发布者可恢复");
  await expect(page.getByLabel("搜索词")).toHaveValue("");

  const publisher = await browser.newPage({ ...LAPTOP });
  await signIn(publisher, "publisher", "/ops/searches");
  const row = publisher.getByRole("table", { name: "已隐藏的搜索词" }).getByRole("row", { name: phrase });
  const showAgain = row.getByRole("button", { name: "恢复展示" });
  expect((await showAgain.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await showAgain.click();
  await expect(publisher.getByRole("status")).toContainText(`已恢复展示“${phrase}”`);
  await expect(row).toHaveCount(0);
  await publisher.close();
});
