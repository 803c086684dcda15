import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("essayWrite", () => {
  it("is a plain link to the editor, labelled in the page's language", async () => {
    const zh = await renderWidget("essayWrite", { props: { link: "/essayEdit" } });
    expect(hrefs(zh)).toEqual(["/essayEdit"]);
    expect(zh).toContain("写文章");
    expect(await renderWidget("essayWrite", { props: { link: "/essayEdit" }, lang: "en" })).toContain("Write");
  });
});
