import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { splitTags } from "../parts/library";

const doc = (kind: string) => ({ doc: { status: "ok" as const, value: { id: 1030, kind } } });

describe("librarySave", () => {
  it("renders the unsaved button for everyone on the server (the viewer's own state comes in the browser)", async () => {
    const html = await renderWidget("librarySave", { props: { kind: "paper", itemId: "{query.id}" }, query: { id: "1030" } });
    expect(html).toMatch(/<button type="button" class="library-save-button" aria-pressed="false"[^>]*>.*<span>加入文库<\/span><\/button>/);
    // Nothing of a list or an editor before the viewer is known.
    expect(html).not.toContain("library-editor");
    expect(html).not.toContain('href="/myLibrary"');
  });

  it("takes the kind from the page's data (papers and reports share /docDetail), in English in en", async () => {
    const html = await renderWidget("librarySave", {
      lang: "en",
      props: { kind: "{data.doc.kind}", itemId: "{query.id}" },
      data: doc("report"),
      query: { id: "1030" },
    });
    expect(html).toContain("<span>Add to library</span>");
  });

  it("renders nothing for an item it cannot name (an unknown kind, a missing id)", async () => {
    expect(await renderWidget("librarySave", { props: { kind: "{data.doc.kind}", itemId: "{query.id}" }, data: doc("course"), query: { id: "1" } })).toBe("");
    expect(await renderWidget("librarySave", { props: { kind: "paper", itemId: "{query.id}" }, query: {} })).toBe("");
    expect(await renderWidget("librarySave", { props: { kind: "paper", itemId: "{query.id}" }, query: { id: "0" } })).toBe("");
  });
});

describe("tags typed into the editor", () => {
  it("split at commas of either width and line breaks, trimmed, blanks dropped", () => {
    expect(splitTags(" IO, 货币政策，thesis\n\n ,")).toEqual(["IO", "货币政策", "thesis"]);
    expect(splitTags("   ")).toEqual([]);
  });
});
