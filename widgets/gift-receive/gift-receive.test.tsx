import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const gift = { title: "月度会员赠送卡", days: 30, validUntil: "2027-06-01T00:00:00.000Z", giverName: "用户0007", status: "waiting", mine: false };
const render = (value: object, lang: "zh" | "en" = "zh") =>
  renderWidget("giftReceive", {
    props: { memberLink: "/vipIndex" },
    source: "gift",
    data: { gift: { status: "ok", value: { ...gift, ...value } } },
    query: { code: "ABCDEFGHJKMN" },
    lang,
  });

describe("giftReceive", () => {
  it("shows who gave how many days, and the button to receive", async () => {
    const html = await render({});
    expect(html).toContain("用户0007 送你一张会员卡");
    expect(html).toContain("30 天会员");
    expect(html).toContain(">立即领取<");
  });

  it("says why a card cannot be received: one's own, received, expired", async () => {
    expect(await render({ mine: true })).toContain("这是你赠送的会员卡");
    expect(await render({ status: "received" }, "en")).toContain("This card has already been received");
    const expired = await render({ status: "expired" });
    expect(expired).toContain("这张会员卡已过期");
    expect(expired).not.toContain("立即领取");
  });
});
