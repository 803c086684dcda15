import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const book = { id: 7, title: "货币的逻辑", cover: "/media/poster/7.svg", chapterCount: 3, unlockPoints: 100, unlockedBy: null, balance: 150, isMember: false };
const props = { bookLink: "/bookAudioDetail", earnLink: "/welfareCenter", memberLink: "/vipIndex" };
const render = (value: object, lang: "zh" | "en" = "zh") =>
  renderWidget("bookUnlock", { props, source: "book", data: { book: { status: "ok", value: { ...book, ...value } } }, lang });

describe("bookUnlock", () => {
  it("offers points when there are enough, and membership to a non-member as a link to join", async () => {
    const html = await render({});
    expect(html).toContain("需要 100 积分，当前 150 积分");
    expect(html).toContain(">用 100 积分解锁<");
    expect(hrefs(html)).toEqual(["/vipIndex"]);
  });

  it("sends a listener short of points to earn them, and lets a member unlock", async () => {
    const html = await render({ balance: 20, isMember: true }, "en");
    expect(html).toContain(">Unlock as a member<");
    expect(hrefs(html)).toEqual(["/welfareCenter"]);
  });

  it("leads an unlocked listener straight to the book", async () => {
    expect(hrefs(await render({ unlockedBy: "points" }))).toEqual(["/bookAudioDetail?id=7"]);
  });
});
