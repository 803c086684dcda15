import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { citationExportHref } from "../parts/library";

describe("libraryList", () => {
  it("leaves the viewer's list out of the server's HTML: it loads in the browser for the signed-in viewer", async () => {
    const user = { id: 7, userName: "18800000001" };
    const zh = await renderWidget("libraryList", { props: { kind: "{query.kind}", tag: "{query.tag}" }, query: { kind: "paper" }, user });
    expect(zh).toBe('<p class="list-empty">加载中…</p>');
    expect(await renderWidget("libraryList", { lang: "en", props: {}, user })).toContain("Loading…");
  });
});

describe("the export links a list offers", () => {
  it("name the citable items in the list's order and leave audio books and lives out", () => {
    expect(citationExportHref("bib", ["paper:12", "audiobook:910213", "article:910244", "live:5", "video:600"])).toBe(
      "/cite/export.bib?items=paper:12,article:910244,video:600",
    );
    expect(citationExportHref("ris", ["report:1150", "book:1230"])).toBe("/cite/export.ris?items=report:1150,book:1230");
  });

  it("are absent when nothing in the list can be cited, and skip anything that is not a reference", () => {
    expect(citationExportHref("bib", [])).toBeNull();
    expect(citationExportHref("bib", ["audiobook:1", "live:2"])).toBeNull();
    expect(citationExportHref("ris", ["paper:1&x=2", "paper:3"])).toBe("/cite/export.ris?items=paper:3");
  });
});
