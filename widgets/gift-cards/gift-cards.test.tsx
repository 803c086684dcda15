import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const value = {
  cards: [{ id: 34, title: "月度会员赠送卡", summary: "送好友 30 天会员", priceFen: 3000 }],
  list: [
    { code: "ABCD-EFGH-JKMN", title: "月度会员赠送卡", days: 30, validUntil: "2027-06-01T00:00:00.000Z", status: "waiting", receiverName: "" },
    { code: "PQRS-TUVW-XYZ2", title: "年度会员赠送卡", days: 365, validUntil: "2027-06-01T00:00:00.000Z", status: "received", receiverName: "用户0042" },
  ],
};

describe("giftCards", () => {
  it("offers gift cards and lists mine with code and state; only a waiting card has a link to copy", async () => {
    const html = await renderWidget("giftCards", {
      props: { cardLink: "/vipCard", receiveLink: "/vipGetDonate" },
      source: "gifts",
      data: { gifts: { status: "ok", value } },
    });
    expect(hrefs(html)).toEqual(["/vipCard?id=34"]);
    expect(html).toContain("<code>ABCD-EFGH-JKMN</code>");
    expect(html).toContain("2027-06-01 前可领取");
    expect(html).toContain("已被 用户0042 领取");
    expect(html.match(/复制领取链接/g)).toHaveLength(1);
  });

  it("says so when nothing was given yet", async () => {
    const html = await renderWidget("giftCards", {
      props: { cardLink: "/vipCard", receiveLink: "/vipGetDonate" },
      source: "gifts",
      data: { gifts: { status: "ok", value: { ...value, list: [] } } },
      lang: "en",
    });
    expect(html).toContain("You have not given a card yet");
  });
});
