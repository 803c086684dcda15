import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const tags = [
  { code: "econometrics", name: "计量经济学", nameEn: "Econometrics" },
  { code: "career", name: "学术职业", nameEn: "Academic careers" },
];
const render = (props: Record<string, unknown>, lang: "zh" | "en" = "zh", query: Record<string, string> = {}) =>
  renderWidget("qaEditor", {
    props: { tags: "{data.tags.list}", detailLink: "/qaDetail", ...props },
    query,
    source: "tags",
    data: { tags: { status: "ok", value: { list: tags } } },
    lang,
  });

describe("qaEditor", () => {
  it("asks a question: title, tags to choose, the toolbar, the editor and the anonymous switch", async () => {
    const html = await render({});
    expect(html).toContain("问题标题");
    expect(html).toContain("计量经济学");
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('contentEditable="true"');
    expect(html).toContain('aria-label="加粗"');
    // The kit's editor: formulas too, no image without an upload.
    expect(html).toContain('aria-label="公式"');
    expect(html).not.toContain('aria-label="图片"');
    expect(html).toContain('aria-labelledby="qa-editor-body-label"');
    expect(html).toContain("匿名提问");
    expect(html).toContain(">发布问题<");
  });

  it("answers a question when given its id: no title or tags, an answer switch, in English", async () => {
    const html = await render({ questionId: "{query.questionId}" }, "en", { questionId: "7" });
    expect(html).toContain("Write an answer");
    expect(html).not.toContain("Academic careers");
    expect(html).toContain("Answer anonymously");
    expect(html).toContain(">Post answer<");
  });
});
