import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const lessons = [
  { id: 11, position: 1, kind: "video", title: "第一讲", titleEn: "Lecture 1", minutes: 42, preview: true, locked: false, link: "/boutiqueVideo?id=11" },
  { id: 12, position: 2, kind: "doc", title: "讲义", titleEn: "Notes", minutes: 15, preview: false, locked: true, link: "/boutiqueDoc?id=12" },
];
const course = { id: 7, title: "因果推断十二讲", titleEn: "Causal Inference", productId: 1, priceFen: 19_900 };
const props = { courseLink: "/boutiqueSpec", confirmLink: "/boutiqueConfirmCommodity" };
const render = (value: Record<string, unknown>, lang: "zh" | "en" = "zh") =>
  renderWidget("lessonView", { props, source: "lesson", data: { lesson: { status: "ok", value } }, lang });

describe("lessonView", () => {
  it("plays an open video lesson and links to the next one", async () => {
    const html = await render({ ...lessons[0], course, lessons, videoUrl: "/media/clip.mp4" });
    expect(html).toContain('src="/media/clip.mp4"');
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/boutiqueSpec?id=7", "/boutiqueDoc?id=12"]));
  });

  it("explains a locked lesson and offers the course at its price, without any content", async () => {
    const html = await render({ ...lessons[1], course, lessons }, "en");
    expect(html).toContain("Buy the course to study this lesson");
    expect(html).toContain("Buy the course for ¥199.00");
    expect(html).not.toContain("<video");
    expect(hrefs(html)).toContain("/boutiqueConfirmCommodity?id=7");
  });

  it("shows a document lesson's notes as paragraphs", async () => {
    const html = await render({ ...lessons[1], locked: false, course, lessons, body: "第一段\n第二段", bodyEn: "One\nTwo" });
    expect(html).toContain("<p>第一段</p><p>第二段</p>");
  });
});
