import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const book = {
  id: 7,
  title: "货币的逻辑",
  summary: "三讲说清货币是什么。",
  cover: "/media/poster/7.svg",
  author: "陈立华",
  narrator: "AI 主播",
  chapterCount: 2,
  minutes: 2,
  score: 4.5,
  scoreCount: 2,
  listeners: 12,
  chapters: [
    { id: 21, position: 1, title: "第一讲", durationMs: 35_900, free: true, locked: false },
    { id: 22, position: 2, title: "第二讲", durationMs: 41_200, free: false, locked: true },
  ],
  onShelf: false,
  unlockedBy: null,
  myScore: 0,
  resume: null,
  resumeTitle: null,
};
const props = { playLink: "/bookAudioPlay", unlockLink: "/bookUnlock", giveLink: "/bookShareCoupon" };
const render = (value: object, lang: "zh" | "en" = "zh") =>
  renderWidget("audioBook", { props, source: "book", data: { book: { status: "ok", value: { ...book, ...value } } }, lang });

describe("audioBook", () => {
  it("starts at the first chapter, offers unlocking while chapters are locked, and marks free and locked ones", async () => {
    const html = await render({});
    expect(html).toContain("2 章 · 2 分钟 · 主播 AI 主播");
    expect(html).toContain("4.5 分 · 2 人评价");
    expect(html).toContain(">开始收听<");
    expect(html).toContain('class="chapter-free">试听<');
    expect(html).toContain('class="chapter-locked">未解锁<');
    expect(hrefs(html)).toEqual(["/bookAudioPlay?id=7&chapterId=21", "/bookUnlock?id=7", "/bookAudioPlay?id=7&chapterId=21", "/bookUnlock?id=7"]);
  });

  it("continues where the listener left off, and offers giving once unlocked", async () => {
    const html = await render(
      { unlockedBy: "points", resume: { chapterId: 22 }, resumeTitle: "Talk 2", chapters: book.chapters.map((chapter) => ({ ...chapter, locked: false })) },
      "en",
    );
    expect(html).toContain("Continue · Talk 2");
    expect(html).toContain("Unlocked with points");
    expect(hrefs(html)).toContain("/bookShareCoupon?id=7");
    expect(hrefs(html)).not.toContain("/bookUnlock?id=7");
  });
});
