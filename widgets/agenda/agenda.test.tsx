import { describe, expect, it } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";

// Times are UTC; the programme shows Beijing time (UTC+8).
const slots = [
  {
    id: 1,
    kind: "opening",
    startTime: "2027-05-21T00:30:00.000Z",
    endTime: "2027-05-21T01:00:00.000Z",
    title: "开幕式",
    titleEn: "Opening ceremony",
    speakerName: "",
    speakerNameEn: "",
    orgName: "",
    orgNameEn: "",
    place: "主会场",
    placeEn: "Main hall",
  },
  {
    id: 2,
    kind: "keynote",
    startTime: "2027-05-21T01:00:00.000Z",
    endTime: "2027-05-21T02:00:00.000Z",
    title: "主旨演讲：亚洲金融市场",
    titleEn: "Keynote: Asian Financial Markets",
    speakerName: "徐宇欣",
    speakerNameEn: "Yuxin Xu",
    orgName: "中山大学岭南学院",
    orgNameEn: "Lingnan College",
    place: "主会场",
    placeEn: "Main hall",
  },
  {
    id: 3,
    kind: "session",
    startTime: "2027-05-22T02:20:00.000Z",
    endTime: "2027-05-22T04:00:00.000Z",
    title: "宏观金融分论坛",
    titleEn: "Macro-Finance Session",
    speakerName: "孙博婷",
    speakerNameEn: "Boting Sun",
    orgName: "清华大学",
    orgNameEn: "Tsinghua University",
    place: "",
    placeEn: "",
  },
];
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("agenda", () => {
  it("groups its source's slots by day in Beijing time, with kinds, speakers and rooms", async () => {
    const html = await renderWidget("agenda", {
      source: "agenda",
      data: { agenda: ok({ list: slots, total: 3 }) },
      props: { title: "{t.spec.page.agenda}", palette: "teal" },
    });
    expect(html).toContain('class="agenda palette-teal"');
    expect(html).toContain('<h2 class="event-section-title">议程</h2>');
    expect(html).toContain("以下时间均为北京时间（UTC+8）");
    expect(count(html, 'class="agenda-day"')).toBe(2);
    expect(html).toMatch(/<h3 class="agenda-day-heading">第1天 · 5月21日 周五<\/h3>/);
    expect(html).toMatch(/<h3 class="agenda-day-heading">第2天 · 5月22日 周六<\/h3>/);
    expect(html).toContain('<span class="agenda-time">08:30–09:00</span>');
    expect(html).toContain('<span class="agenda-time">10:20–12:00</span>');
    expect(html).toContain('<span class="agenda-kind">主旨演讲</span>');
    // An ordinary session needs no kind label.
    expect(count(html, 'class="agenda-kind"')).toBe(2);
    expect(html).toContain('<p class="agenda-speaker">徐宇欣 · 中山大学岭南学院</p>');
    expect(html).toContain('<p class="agenda-place">主会场</p>');
    expect(html).toContain('class="agenda-slot kind-keynote"');
  });

  it("speaks English in en", async () => {
    const html = await renderWidget("agenda", { lang: "en", source: "agenda", data: { agenda: ok({ list: slots, total: 3 }) }, props: {} });
    expect(html).toMatch(/Day 1 · Fri 21 May/);
    expect(html).toContain("Keynote: Asian Financial Markets");
    expect(html).toContain("Yuxin Xu · Lingnan College");
    expect(html).toContain(">Opening</span>");
    expect(html).toContain("All times are Beijing time (UTC+8)");
    expect(html).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("links each timed slot to its own calendar file when the event is named, in the page's language", async () => {
    const zh = await renderWidget("agenda", { source: "agenda", data: { agenda: ok({ list: slots, total: 3 }) }, props: { calendarEventId: 900011 } });
    expect(zh).toContain('href="/calendar/event/900011/2.ics"');
    expect(count(zh, 'class="agenda-calendar"')).toBe(3);
    expect(zh).toContain("添加「主旨演讲：亚洲金融市场」到日历");
    const en = await renderWidget("agenda", {
      lang: "en",
      source: "agenda",
      data: { agenda: ok({ list: slots, total: 3 }) },
      props: { calendarEventId: 900011 },
    });
    expect(en).toContain('href="/calendar/event/900011/2.ics?lang=en"');
    expect(en).toContain("Add “Keynote: Asian Financial Markets” to your calendar");
    const unnamed = await renderWidget("agenda", { source: "agenda", data: { agenda: ok({ list: slots, total: 3 }) }, props: {} });
    expect(unnamed).not.toContain("agenda-calendar");
  });

  it("shows a programme written in the config, one day per heading", async () => {
    const items = [
      { day: { zh: "1月13日", en: "13 Jan" }, time: "14:00–14:10", kind: "opening", title: { zh: "开场", en: "Welcome" } },
      {
        day: { zh: "1月13日", en: "13 Jan" },
        time: "14:10–15:00",
        title: { zh: "双重差分", en: "Difference-in-differences" },
        speaker: { zh: "陈静", en: "Jing Chen" },
      },
      { day: { zh: "1月14日", en: "14 Jan" }, time: "09:00–10:00", kind: "break", title: { zh: "茶歇", en: "Coffee" } },
    ];
    const html = await renderWidget("agenda", { props: { items } });
    expect(count(html, 'class="agenda-day"')).toBe(2);
    expect(html).toContain('<h3 class="agenda-day-heading">1月13日</h3>');
    expect(html).toContain('<p class="agenda-speaker">陈静</p>');
    expect(html).toContain('class="agenda-slot kind-break"');
    // Written times are the operator's own: no time-zone note.
    expect(html).not.toContain("agenda-zone");
  });

  it("says the programme is yet to come when empty", async () => {
    const html = await renderWidget("agenda", { source: "agenda", data: { agenda: ok({ list: [], total: 0 }) }, props: {} });
    expect(html).toMatch(/class="state-notice state-empty agenda-empty" role="status" data-state="empty">.*<p class="state-notice-text">议程即将公布<\/p>/);
  });
});
