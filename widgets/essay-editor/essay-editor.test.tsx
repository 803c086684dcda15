import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { isEmptyHtml } from "../parts/rich-editor";
import { copyKey, EMPTY_FIELDS, startingFields } from "./local-copy";

const server = { ...EMPTY_FIELDS, title: "数字人民币与货币政策", content: "<p>正文</p>", cover: "/api/file/download?name=a.jpg" };

describe("essayEditor", () => {
  it("waits for the browser: the device copy and the draft are the signed-in writer's", async () => {
    expect(await renderWidget("essayEditor", { props: { id: "{query.id}", articleLink: "/essayInfo", listLink: "/essayList" } })).toBe("");
  });

  it("starts from the device copy only while it holds changes the platform has not confirmed", () => {
    const typed = { ...server, content: "<p>正文，加上离线时写的一段</p>" };
    expect(startingFields(server, { fields: typed, pending: true })).toEqual({ fields: typed, restored: true });
    expect(startingFields(server, { fields: typed, pending: false })).toEqual({ fields: server, restored: false });
    expect(startingFields(server, { fields: server, pending: true })).toEqual({ fields: server, restored: false });
    expect(startingFields(server, null)).toEqual({ fields: server, restored: false });
    // The platform could not be read: the device's copy keeps the writer going.
    expect(startingFields(null, { fields: typed, pending: true })).toEqual({ fields: typed, restored: true });
    expect(startingFields(null, { fields: typed, pending: false })).toEqual({ fields: typed, restored: false });
    expect(startingFields(null, null)).toEqual({ fields: EMPTY_FIELDS, restored: false });
  });

  it("keeps copies per writer and article", () => {
    expect(copyKey(3, null)).toBe("essayDraft:3:new");
    expect(copyKey(3, 41)).not.toBe(copyKey(4, 41));
  });

  it("counts a text with an image as written, and empty paragraphs as empty", () => {
    expect(isEmptyHtml("<p><br></p><p>&nbsp;</p>")).toBe(true);
    expect(isEmptyHtml('<p><img src="/api/file/download?name=a.jpg"></p>')).toBe(false);
    expect(isEmptyHtml("<p>$x$</p>")).toBe(false);
  });
});
