import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { appendPage, type Comment } from "./comment";

const comment = (id: number): Comment => ({
  id,
  kind: "circle",
  targetId: 3,
  userId: 5,
  userName: `读者${id}`,
  portraitUrl: "",
  content: "很有启发",
  replyTo: null,
  createTime: "2027-01-09T08:00:00.000Z",
  mine: false,
  canDelete: false,
});

describe("comments", () => {
  it("renders its frame on the server and leaves the viewer's list to the browser, in zh and en", async () => {
    const zh = await renderWidget("comments", { props: { kind: "circle", targetId: "{query.id}" }, query: { id: "3" } });
    expect(zh).toContain('data-testid="comments"');
    expect(zh).toMatch(/<h2 class="section-title"[^>]*>评论/);
    expect(zh).toContain(">写评论…</button>");
    expect(zh).toContain('aria-busy="true"');
    expect(zh).not.toContain('data-testid="comment"');
    const en = await renderWidget("comments", {
      lang: "en",
      props: { kind: "essay", targetId: "{query.id}", title: { zh: "讨论", en: "Discussion" } },
      query: { id: "3" },
    });
    expect(en).toContain("Discussion");
    expect(en).toContain(">Write a comment…</button>");
  });

  it("shows nothing for a post id that is not one", async () => {
    for (const id of ["abc", "0", "-2", "1.5"]) {
      expect(await renderWidget("comments", { props: { kind: "circle", targetId: "{query.id}" }, query: { id } }), id).not.toContain("comments");
    }
  });

  it("appends a further page without repeating comments a new one pushed onto it", () => {
    expect(appendPage([comment(9), comment(8)], [comment(8), comment(7)]).map((shown) => shown.id)).toEqual([9, 8, 7]);
  });
});
