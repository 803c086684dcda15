/**
 * The operator test of issue 28 (ADR 077): from login, a publisher launches "2027 AMES" from the conference template —
 * path and titles, the template's sample texts replaced (each flagged at its field until it is), a window; in the
 * event tab the dates, venue, a sign-up with 400 seats and a window, six guests pasted from a sheet with photos from
 * the media library and an agenda pasted — previews before, during and after as a visitor and as a user, publishes,
 * reads the public page, publishes a change and rolls it back, and sees both on a second node. It prints the clicks,
 * fields and seconds it took.
 * (Event 900004, behind /liveSpec4: no other spec changes it; conference-pages reads it as it finds it.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { OPS_LIBRARY_API, type MediaItem } from "@contracts/ops-library";
import { test, expect } from "./fixtures";
import { LAPTOP, type SecondNode, beijingIso, freshPagePath, signIn, startSecondNode } from "./ops-support";

test.use({ ...LAPTOP, viewport: { width: 1280, height: 800 } });

const DAY = 86_400_000;
const EVENT_ID = 900004;

/** What the operator types for each of the template's sample texts, in the order the problem list names them. */
const REPLACEMENTS: Record<string, string> = {
  root_description_zh: "2027计量经济学会亚洲会议：议程、嘉宾、报名与直播。",
  root_description_en: "Asian Meeting of the Econometric Society 2027: agenda, speakers, sign-up and live stream.",
  root_widgets_0_props_kicker_zh: "AMES 2027",
  root_widgets_0_props_kicker_en: "AMES 2027",
  root_widgets_0_props_subtitle_zh: "计量理论、微观与宏观计量",
  root_widgets_0_props_subtitle_en: "Econometric theory, micro- and macroeconometrics",
  root_widgets_7_props_subtitle_zh: "报名截止前可修改报名信息。",
  root_widgets_7_props_subtitle_en: "You can change your details until sign-up closes.",
};

function guestSheet(photo: string): string {
  return [
    ["姓名", "Name", "单位", "Affiliation", "身份", "照片"],
    ["林一", "Lin Yi", "北京大学", "Peking University", "主持人", photo],
    ["陈二", "Chen Er", "复旦大学", "Fudan University", "主讲人", photo],
    ["王三", "Wang San", "清华大学", "Tsinghua University", "主讲人", photo],
    ["赵四", "Zhao Si", "浙江大学", "Zhejiang University", "嘉宾", photo],
    ["钱五", "Qian Wu", "南京大学", "Nanjing University", "嘉宾", photo],
    ["孙六", "Sun Liu", "武汉大学", "Wuhan University", "嘉宾", photo],
  ]
    .map((row) => row.join("\t"))
    .join("\n");
}

function agendaSheet(day1: string, day2: string): string {
  return [
    [day1, "9:00", "9:30", "开幕式", "Opening", "", "", "一号厅", "Hall 1", "开幕"],
    [day1, "9:30", "10:30", "主旨报告", "Keynote", "林一", "Lin Yi", "一号厅", "Hall 1", "主旨报告"],
    [day2, "14:00", "15:30", "圆桌讨论", "Panel", "陈二", "Chen Er", "二号厅", "Hall 2", "圆桌"],
    [day2, "16:00", "16:30", "闭幕式", "Closing", "", "", "一号厅", "Hall 1", "闭幕"],
  ]
    .map((row) => row.join("\t"))
    .join("\n");
}

/** Counts what the operator does: each click (or key press that acts) and each field filled. */
function tally() {
  const counts = { clicks: 0, fields: 0 };
  return {
    counts,
    click: async (locator: Locator) => {
      counts.clicks++;
      await locator.click();
    },
    fill: async (locator: Locator, value: string) => {
      counts.fields++;
      await locator.fill(value);
    },
    choose: async (locator: Locator, value: string) => {
      counts.clicks++;
      await locator.selectOption(value);
    },
  };
}

/** A screenshot kept with the test's output, for people to look at. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage: boolean) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** The library's photo the guests get: an image uploaded as an operator does (the suite's share picture). */
async function libraryPhoto(page: Page): Promise<string> {
  const data = readFileSync(join(import.meta.dirname, "..", "..", "public", "share.png")).toString("base64");
  const answer = await page.request.post(OPS_LIBRARY_API.media, {
    data: { data, altZh: "嘉宾照片", altEn: "Guest photo" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as MediaItem).url;
}

let secondNode: SecondNode | undefined;
test.afterEach(() => secondNode?.stop());

test("an operator launches 2027 AMES from the conference template, previews it, publishes and rolls back", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const path = freshPagePath("ames");
  secondNode = startSecondNode(testInfo);
  const started = Date.now();
  await signIn(page, "publisher");
  const act = tally();
  act.counts.fields += 2;
  act.counts.clicks += 1;

  // The template, its path, titles and event.
  await act.click(page.getByRole("radio", { name: /学术会议/ }));
  await act.fill(page.getByLabel("页面路径", { exact: true }), path);
  await act.fill(page.getByLabel("页面标题（中文）"), "2027计量经济学会亚洲会议");
  await act.fill(page.getByLabel("页面标题（英文）"), "Asian Meeting of the Econometric Society 2027");
  await act.fill(page.getByLabel("活动编号"), String(EVENT_ID));
  await shot(page, testInfo, "template-chooser", true);
  await act.click(page.getByRole("button", { name: "新建并编辑" }));
  await expect(page).toHaveURL(`/ops/edit?path=${encodeURIComponent(path)}`, { timeout: 15_000 });

  // Each sample text is a problem at its field; the problem list takes the operator there, one after another.
  const summary = page.locator(".ops-problem-summary");
  await expect(summary).toContainText("这是模板的示例文字", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "发布", exact: true })).toBeDisabled();
  for (const [field, value] of Object.entries(REPLACEMENTS)) {
    await act.click(summary.getByRole("button").first());
    await act.fill(page.locator(`#${field}`), value);
  }
  await expect(summary).toHaveCount(0);

  // Undo takes back the last field typed as one step; redo puts it back.
  const signUpText = page.locator("#root_widgets_7_props_subtitle_en");
  await page.keyboard.press("Control+z");
  await expect(signUpText).toHaveValue(/^\[Fill in/);
  await page.keyboard.press("Control+Shift+z");
  await expect(signUpText).toHaveValue(REPLACEMENTS.root_widgets_7_props_subtitle_en);

  // The page's window: open from yesterday for two months.
  await act.fill(page.locator("#root_publish_from"), beijingIso(Date.now() - DAY).slice(0, 16));
  await act.fill(page.locator("#root_publish_until"), beijingIso(Date.now() + 60 * DAY).slice(0, 16));
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  await expect(page.locator(".ops-side-preview").frameLocator("iframe").getByText("AMES 2027")).toBeVisible();
  await shot(page, testInfo, "editor-beside", false);

  // The event: dates and venue, the sign-up, guests with the library's photo, the agenda.
  await act.click(page.getByRole("tab", { name: "活动与报名" }));
  const starts = Date.now() + 120 * DAY;
  const day = (offset: number) => beijingIso(starts + offset * DAY).slice(0, 10);
  const details = page.getByRole("group", { name: "活动" });
  await act.fill(details.getByLabel("活动名称", { exact: true }), "2027计量经济学会亚洲会议");
  await act.fill(details.getByLabel("活动名称（英文）"), "2027 AMES");
  await act.fill(details.getByLabel("会场", { exact: true }), "经济楼报告厅");
  await act.fill(details.getByLabel("会场（英文）"), "Economics Building Auditorium");
  await act.fill(details.getByLabel("开始时间（北京时间）"), `${day(0)}T09:00`);
  await act.fill(details.getByLabel("结束时间（北京时间）"), `${day(1)}T18:00`);
  await act.click(details.getByRole("button", { name: "保存活动信息" }));
  await expect(details.getByRole("status")).toHaveText("活动信息已保存。");

  const signUp = page.getByRole("group", { name: "报名" });
  // Sign-up opens tomorrow: the preview shows it closed while the page is open, and open two days on (ADR 089).
  await act.fill(signUp.getByLabel("开始报名时间（北京时间）"), beijingIso(Date.now() + DAY).slice(0, 16));
  await act.fill(signUp.getByLabel("报名截止时间（北京时间）"), `${day(-1)}T18:00`);
  await act.fill(signUp.getByLabel("名额"), "400");
  await act.click(signUp.getByRole("button", { name: "保存报名设置" }));
  await expect(signUp.getByRole("status")).toHaveText("报名设置已保存，报名按新设置进行。");

  const photo = await libraryPhoto(page);
  act.counts.clicks += 2;
  act.counts.fields += 2;
  const guests = page.getByRole("group", { name: /^嘉宾/ });
  await act.fill(guests.getByLabel("从表格粘贴嘉宾"), guestSheet(photo));
  await act.click(guests.getByRole("button", { name: "读取粘贴的行" }));
  await act.click(guests.getByRole("button", { name: "用这 6 行替换现有列表" }));
  await act.click(page.getByRole("button", { name: "保存嘉宾名单" }));
  await expect(page.getByRole("group", { name: "嘉宾（6 位）" }).getByRole("status")).toHaveText("嘉宾名单已保存。");

  const agenda = page.getByRole("group", { name: /^议程/ });
  await act.fill(agenda.getByLabel("从表格粘贴议程"), agendaSheet(day(0), day(1)));
  await act.click(agenda.getByRole("button", { name: "读取粘贴的行" }));
  await act.click(agenda.getByRole("button", { name: "用这 4 行替换现有列表" }));
  await act.click(page.getByRole("button", { name: "保存议程" }));
  await expect(page.getByRole("group", { name: "议程（2 天，4 项）" }).getByRole("status")).toHaveText("议程已保存。");

  // Preview before, during and after the window, as a visitor and as a signed-in user.
  await act.click(page.getByRole("tab", { name: "预览" }));
  const frame = page.frameLocator(".ops-panel iframe");
  for (const persona of ["visitor", "user"] as const) {
    await act.choose(page.getByLabel("身份"), persona);
    await act.click(page.getByRole("button", { name: "开放前" }));
    await expect(frame.getByRole("heading", { name: "页面尚未开放" })).toBeVisible();
    await act.click(page.getByRole("button", { name: "开放中" }));
    await expect(frame.locator(".event-hero")).toContainText("AMES 2027");
    await expect(frame.getByText("Lin Yi").or(frame.getByText("林一")).first()).toBeVisible();
    // The platform answers at the preview's moment: the sign-up has not opened yet then.
    await expect(frame.locator(".sign-up")).toHaveAttribute("data-sign-up", "notStarted");
    await act.fill(page.getByLabel("预览时间（北京时间）"), beijingIso(Date.now() + 2 * DAY).slice(0, 16));
    await expect(frame.locator(".sign-up")).toHaveAttribute("data-sign-up", "open");
    if (persona === "user") await expect(frame.locator(".sign-up form input[type=checkbox]")).toBeVisible();
    else await expect(frame.getByRole("button", { name: "登录后报名" })).toBeVisible();
    await act.click(page.getByRole("button", { name: "结束后" }));
    await expect(frame.getByRole("heading", { name: "活动已结束" })).toBeVisible();
  }

  // Publish, read the public page, publish a change, roll back to the first version.
  await act.click(page.getByRole("button", { name: "发布", exact: true }));
  await act.click(page.getByRole("button", { name: "确认发布" }));
  await expect(page.getByRole("status").filter({ hasText: "已发布为 v1" })).toBeVisible();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `ops-launch-conference: 2027 AMES launched from the template in ${act.counts.clicks} clicks, ${act.counts.fields} fields, ${seconds.toFixed(1)} s` +
      " (issue 28 measured 60 clicks, 116 fields, 15 min 46 s)",
  );

  const visitor = await (await browser.newContext()).newPage();
  await expect.poll(async () => (await visitor.goto(path))?.status(), { timeout: 10_000 }).toBe(200);
  await expect(visitor.locator(".event-hero")).toContainText("AMES 2027");
  await expect(visitor).toHaveTitle(/2027计量经济学会亚洲会议/);

  await page.getByRole("tab", { name: "表单" }).click();
  await page
    .locator("details.ops-widget", { has: page.locator("summary", { hasText: "活动头图" }) })
    .locator(":scope > summary")
    .click();
  await page.locator("#root_widgets_0_props_kicker_zh").fill("AMES 2027 第二版");
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await page.getByRole("button", { name: "确认发布" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已发布为 v2" })).toBeVisible();
  // The second node serves what the first published, without a deploy or a restart.
  await secondNode.ready();
  const remote = await (await browser.newContext({ baseURL: secondNode.origin })).newPage();
  const remoteKicker = async () => ((await remote.goto(path))?.status() === 200 ? remote.locator(".event-hero-kicker").textContent() : null);
  await expect.poll(remoteKicker, { timeout: 10_000 }).toBe("AMES 2027 第二版");
  await page.getByRole("tab", { name: "版本历史" }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "回滚到 v1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已回滚到 v1" })).toBeVisible();
  await expect
    .poll(async () => (await visitor.goto(path)) && (await visitor.locator(".event-hero-kicker").textContent()), { timeout: 10_000 })
    .toBe("AMES 2027");
  await expect.poll(remoteKicker, { timeout: 10_000 }).toBe("AMES 2027");
  await visitor.context().close();
  await remote.context().close();

  // The same editor in English.
  await page.context().addCookies([{ name: "lang", value: "en", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
  await expect(page.getByRole("complementary", { name: "Live preview" })).toBeVisible();
  await shot(page, testInfo, "editor-en", false);
});
