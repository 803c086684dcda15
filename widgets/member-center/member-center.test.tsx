import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const centre = (membership: object | null) => ({
  interests: [
    { id: 1, title: "免费观看全部会员视频", description: "不限次观看", icon: "play" },
    { id: 8, title: "会员实物礼包", description: "每年寄送", icon: "gift" },
  ],
  cards: [
    { id: 31, productId: 7, title: "月度会员", summary: "", days: 30, priceFen: 3000, dailyFen: 100 },
    { id: 33, productId: 9, title: "年度会员", summary: "", days: 365, priceFen: 25800, dailyFen: 71 },
  ],
  membership,
});
const props = { cardLink: "/vipCard", links: [{ label: { zh: "兑换会员", en: "Redeem" }, to: "/vipExchange" }] };

describe("memberCenter", () => {
  it("invites a non-member, with each card's price per day leading to buying it", async () => {
    const html = await renderWidget("memberCenter", { props, source: "centre", data: { centre: { status: "ok", value: centre(null) } } });
    expect(html).toContain("开通会员，畅享全部权益");
    expect(html).toContain("¥258.00");
    expect(html).toContain("低至 ¥0.71/天");
    expect(count(html, ">立即开通<")).toBe(2);
    expect(count(html, "data-interest=")).toBe(2);
    expect(hrefs(html)).toEqual(["/vipExchange", "/vipCard?id=31", "/vipCard?id=33"]);
  });

  it("shows a member's expiry as a Beijing day and offers renewal", async () => {
    const membership = { isVip: true, expiresAt: "2027-06-30T16:00:00.000Z", daysLeft: 40 };
    const html = await renderWidget("memberCenter", { props, source: "centre", data: { centre: { status: "ok", value: centre(membership) } }, lang: "en" });
    expect(html).toContain("Member until 2027-07-01 · 40 days left");
    expect(html).toContain(">Renew<");
  });

  it("draws each of the eight benefits' icons as a picture of its own, never a blank circle (issue 34)", async () => {
    const names = ["play", "doc", "course", "live", "points", "service", "badge", "gift"];
    const interests = names.map((icon, index) => ({ id: index + 1, title: `权益${index + 1}`, description: "", icon }));
    const value = { ...centre(null), interests };
    const html = await renderWidget("memberCenter", { props, source: "centre", data: { centre: { status: "ok", value } } });
    const drawings = [...html.matchAll(/<svg class="interest-icon icon-[a-z]+"[^>]*><path d="([^"]+)"/g)].map((match) => match[1]);
    expect(drawings).toHaveLength(names.length);
    expect(new Set(drawings).size).toBe(names.length);
  });
});
