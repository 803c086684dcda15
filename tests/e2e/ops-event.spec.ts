/**
 * The event beside the page (issue 28, ADR 071): a publisher moves the conference behind /2023CFMEF to next spring —
 * name, dates, venue, a sign-up with 400 seats and a window, six guests and a two-day agenda pasted from a sheet (a bad
 * row named in plain words first) — and the platform's public calls answer it. An editor sees the same, unchangeable.
 * It prints the clicks, fields and seconds the event took. (/2023CFMEF, not /2023ames: the other specs read that one.)
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { LAPTOP, beijingIso, signIn } from "./ops-support";

test.use({ ...LAPTOP, viewport: { width: 1280, height: 800 } });

const DAY = 86_400_000;
const PAGE = "/2023CFMEF";
const SPECIAL_ID = 900010;

const GUEST_SHEET = [
  ["姓名", "Name", "单位", "Affiliation", "身份", "照片"],
  ["林一", "Lin Yi", "北京大学", "Peking University", "主持人", "/share.png"],
  ["陈二", "Chen Er", "复旦大学", "Fudan University", "主讲人", ""],
  ["王三", "Wang San", "清华大学", "Tsinghua University", "主讲人", ""],
  ["赵四", "Zhao Si", "浙江大学", "Zhejiang University", "嘉宾", ""],
  ["钱五", "Qian Wu", "南京大学", "Nanjing University", "嘉宾", ""],
  ["孙六", "Sun Liu", "武汉大学", "Wuhan University", "Guest", ""],
]
  .map((row) => row.join("\t"))
  .join("\n");

/** Day 1 and day 2 of the event, as a sheet writes them. */
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

/** Counts what the operator does: each click and each field filled. */
function tally(_page: Page) {
  const counts = { clicks: 0, fields: 0 };
  return {
    counts,
    click: async (locator: ReturnType<Page["locator"]>) => {
      counts.clicks++;
      await locator.click();
    },
    fill: async (locator: ReturnType<Page["locator"]>, value: string) => {
      counts.fields++;
      await locator.fill(value);
    },
  };
}

/** A full-page screenshot kept with the test's output, for people to look at. */
async function shot(page: Page, path: string): Promise<string> {
  await page.screenshot({ path, fullPage: true });
  return path;
}

async function platformData(page: Page, api: string, body: Record<string, unknown>) {
  const answer = await page.request.post(`/api${api}`, { data: body });
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

test("a publisher sets up the whole event beside the page, pasting guests and agenda from a sheet", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, "publisher", `/ops/edit?path=${encodeURIComponent(PAGE)}`);
  const started = Date.now();
  const act = tally(page);
  await act.click(page.getByRole("tab", { name: "活动与报名" }));

  const starts = Date.now() + 120 * DAY;
  const day = (offset: number) => beijingIso(starts + offset * DAY).slice(0, 10);
  const details = page.getByRole("group", { name: "活动" });
  await act.fill(details.getByLabel("活动名称", { exact: true }), "2027中国金融市场与经济预测论坛");
  await act.fill(details.getByLabel("活动名称（英文）"), "CFMEF 2027");
  await act.fill(details.getByLabel("会场", { exact: true }), "经济楼报告厅");
  await act.fill(details.getByLabel("会场（英文）"), "Economics Building Auditorium");
  await act.fill(details.getByLabel("开始时间（北京时间）"), `${day(0)}T09:00`);
  await act.fill(details.getByLabel("结束时间（北京时间）"), `${day(1)}T18:00`);
  await act.click(details.getByRole("button", { name: "保存活动信息" }));
  await expect(details.getByRole("status")).toHaveText("活动信息已保存。");

  // A window ending before it starts is told at its field, in words, and cannot be saved; nothing typed is lost.
  const signUp = page.getByRole("group", { name: "报名" });
  await act.click(signUp.getByLabel("填写报名表（姓名、单位等）"));
  await act.click(signUp.getByLabel("邮箱"));
  await act.fill(signUp.getByLabel("开始报名时间（北京时间）"), beijingIso(Date.now() + 10 * DAY).slice(0, 16));
  await act.fill(signUp.getByLabel("报名截止时间（北京时间）"), beijingIso(Date.now() + 5 * DAY).slice(0, 16));
  await act.fill(signUp.getByLabel("名额"), "400");
  await expect(signUp.getByRole("alert")).toHaveText("报名截止时间须晚于开始报名时间");
  await expect(signUp.getByLabel("报名截止时间（北京时间）")).toHaveAttribute("aria-invalid", "true");
  await expect(signUp.getByRole("button", { name: "保存报名设置" })).toBeDisabled();
  await expect(signUp.getByLabel("名额")).toHaveValue("400");
  await act.fill(signUp.getByLabel("开始报名时间（北京时间）"), beijingIso(Date.now() - DAY).slice(0, 16));
  await act.fill(signUp.getByLabel("报名截止时间（北京时间）"), `${day(-1)}T18:00`);
  await act.click(signUp.getByRole("button", { name: "保存报名设置" }));
  await expect(signUp.getByRole("status")).toHaveText("报名设置已保存，报名按新设置进行。");

  // Guests: a bad row is named before anything is added; the fixed sheet previews six rows, which replace the list.
  const guests = page.getByRole("group", { name: /^嘉宾/ });
  const guestPaste = guests.getByLabel("从表格粘贴嘉宾");
  await act.fill(guestPaste, GUEST_SHEET.replace("Chen Er", ""));
  await act.click(guests.getByRole("button", { name: "读取粘贴的行" }));
  await expect(guests.getByRole("alert")).toHaveText("第 3 行： 陈二 缺少英文名");
  await act.fill(guestPaste, GUEST_SHEET);
  await act.click(guests.getByRole("button", { name: "读取粘贴的行" }));
  await expect(guests.getByText("读到 6 行可以添加：")).toBeVisible();
  await testInfo.attach("guests-preview-zh", { path: await shot(page, testInfo.outputPath("guests-preview-zh.png")), contentType: "image/png" });
  await act.click(guests.getByRole("button", { name: "用这 6 行替换现有列表" }));
  await expect(guests.getByRole("group", { name: "嘉宾（6 位）" }).or(page.getByRole("group", { name: "嘉宾（6 位）" }))).toBeVisible();
  await act.click(page.getByRole("button", { name: "保存嘉宾名单" }));
  await expect(page.getByRole("group", { name: "嘉宾（6 位）" }).getByRole("status")).toHaveText("嘉宾名单已保存。");

  const agenda = page.getByRole("group", { name: /^议程/ });
  await act.fill(agenda.getByLabel("从表格粘贴议程"), agendaSheet(day(0), day(1)));
  await act.click(agenda.getByRole("button", { name: "读取粘贴的行" }));
  await act.click(agenda.getByRole("button", { name: "用这 4 行替换现有列表" }));
  await act.click(page.getByRole("button", { name: "保存议程" }));
  await expect(page.getByRole("group", { name: "议程（2 天，4 项）" }).getByRole("status")).toHaveText("议程已保存。");
  const seconds = (Date.now() - started) / 1000;
  console.log(`ops-event: the event set up in ${act.counts.clicks} clicks, ${act.counts.fields} fields, ${seconds.toFixed(1)} s`);
  await testInfo.attach("event-zh", { path: await shot(page, testInfo.outputPath("event-zh.png")), contentType: "image/png" });

  // The platform's public calls answer what was saved.
  const detail = await platformData(page, "/special/detail", { id: SPECIAL_ID });
  expect(detail).toMatchObject({ titleEn: "CFMEF 2027", venueEn: "Economics Building Auditorium", capacity: 400 });
  const state = await platformData(page, "/signData/isCanAdd", { specialId: SPECIAL_ID });
  expect(state).toMatchObject({ canAdd: true, reason: "open", capacity: 400, form: "specialSignUp" });
  const list = (await platformData(page, "/guest/list", { specialId: SPECIAL_ID })).list as { authorNameEn: string }[];
  expect(list.map((guest) => guest.authorNameEn)).toEqual(["Lin Yi", "Chen Er", "Wang San", "Zhao Si", "Qian Wu", "Sun Liu"]);
  const programme = (await platformData(page, "/special/agenda", { specialId: SPECIAL_ID })).list as { titleEn: string }[];
  expect(programme.map((entry) => entry.titleEn)).toEqual(["Opening", "Keynote", "Panel", "Closing"]);

  // The same panel in English.
  await page.context().addCookies([{ name: "lang", value: "en", url: page.url() }]);
  await page.reload();
  await page.getByRole("tab", { name: "Event and sign-up" }).click();
  await expect(page.getByRole("group", { name: "Guests (6)" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Agenda (2 days, 4 entries)" })).toBeVisible();
  await testInfo.attach("event-en", { path: await shot(page, testInfo.outputPath("event-en.png")), contentType: "image/png" });
});

test("an editor sees the event but cannot change it", async ({ page }) => {
  await signIn(page, "editor", `/ops/edit?path=${encodeURIComponent(PAGE)}`);
  await page.getByRole("tab", { name: "活动与报名" }).click();
  await expect(page.getByText("只有发布员可以修改活动设置；您可以查看。")).toBeVisible();
  await expect(page.getByRole("button", { name: "保存报名设置" })).toBeDisabled();
  const refused = await page.request.post("/ops/api/event/save", {
    data: { specialId: SPECIAL_ID, guests: [] },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect(((await platformData(page, "/guest/list", { specialId: SPECIAL_ID })).list as unknown[]).length).toBeGreaterThan(0);
});
