import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const lessons = [
  { id: 11, position: 1, kind: "video", title: "第一讲", titleEn: "Lecture 1", minutes: 42, preview: true, locked: false, link: "/boutiqueVideo?id=11" },
  { id: 12, position: 2, kind: "doc", title: "讲义", titleEn: "Notes", minutes: 15, preview: false, locked: true, link: "/boutiqueDoc?id=12" },
];
const course = {
  id: 7,
  kind: "course",
  title: "因果推断十二讲",
  titleEn: "Causal Inference in Twelve Lectures",
  summary: "从潜在结果出发",
  summaryEn: "From potential outcomes",
  cover: "/media/poster/7.svg",
  authorName: "陈立群",
  authorNameEn: "Chen Liqun",
  orgName: "北京大学",
  orgNameEn: "Peking University",
  priceFen: 19_900,
  stock: null,
  onSale: true,
  bought: false,
  lessons,
  minutes: 57,
};
const render = (value: Record<string, unknown>, lang: "zh" | "en" = "zh") =>
  renderWidget("productDetail", { props: { confirmLink: "/boutiqueConfirmCommodity" }, source: "course", data: { course: { status: "ok", value } }, lang });

describe("productDetail", () => {
  it("shows an unbought course: price, lesson count, lessons open or locked, and the way to buy", async () => {
    const html = await render(course);
    expect(html).toContain("<h1>因果推断十二讲</h1>");
    expect(html).toContain("¥199.00");
    expect(html).toContain("共2课时 · 57分钟");
    expect(html).toContain(">试看<");
    expect(html).toContain(">未解锁<");
    expect(hrefs(html)).toContain("/boutiqueConfirmCommodity?id=7");
  });

  it("offers a bought course's first lesson instead, in English", async () => {
    const html = await render({ ...course, bought: true, lessons: lessons.map((lesson) => ({ ...lesson, locked: false })) }, "en");
    expect(html).toContain(">Start learning<");
    expect(html).toContain("Taught by Chen Liqun · Peking University");
    expect(hrefs(html)).not.toContain("/boutiqueConfirmCommodity?id=7");
  });

  it("says when goods are sold out", async () => {
    const html = await render({ ...course, kind: "goods", lessons: undefined, stock: 0 });
    expect(html).toMatch(/disabled="">已售罄</);
    expect(hrefs(html)).toEqual([]);
  });
});
