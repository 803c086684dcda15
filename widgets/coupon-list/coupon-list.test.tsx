import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";
import { couponValue } from "./component";

const amount = {
  couponId: 1,
  title: "新人专享 满99减20",
  kind: "amount",
  amountFen: 2_000,
  percent: 100,
  thresholdFen: 9_900,
  scope: "all",
  validUntil: "2027-08-30T16:00:00Z",
  remaining: 12,
};
const discount = {
  couponId: 2,
  title: "精品课程 85折",
  kind: "discount",
  amountFen: 0,
  percent: 85,
  thresholdFen: 0,
  scope: "course",
  validUntil: "2027-08-30T15:00:00Z",
  remaining: 0,
};

describe("couponList", () => {
  it("shows an amount in yuan and a percentage as 折 in Chinese, as % off in English", () => {
    expect(couponValue({ kind: "amount", amountFen: 2_000, percent: 100 }, "zh")).toBe("¥20.00");
    expect(couponValue({ kind: "discount", amountFen: 0, percent: 85 }, "zh")).toBe("8.5折");
    expect(couponValue({ kind: "discount", amountFen: 0, percent: 80 }, "en")).toBe("20% off");
  });

  it("lists the centre's coupons with their rule, scope, Beijing-day validity and a claim button; none left is said so", async () => {
    const html = await renderWidget("couponList", {
      props: { mode: "centre" },
      source: "coupons",
      data: { coupons: { status: "ok", value: { list: [amount, discount] } } },
    });
    expect(count(html, 'class="coupon coupon-centre"')).toBe(2);
    expect(html).toContain("满¥99.00可用");
    expect(html).toContain("无门槛");
    expect(html).toContain("全场通用");
    expect(html).toContain("精品课程可用");
    // 16:00 UTC is midnight in Beijing: the next day.
    expect(html).toContain("有效期至2027-08-31");
    expect(html).toContain("有效期至2027-08-30");
    expect(html).toContain(">立即领取<");
    expect(html).toMatch(/disabled=""[^>]*>已领完</);
  });

  it("shows the viewer's coupons of one state, and an empty state that leads to the centre", async () => {
    const mine = { usable: [{ ...amount, userCouponId: 7, status: "locked" }], used: [], expired: [{ ...discount, userCouponId: 8, status: "usable" }] };
    const data = { coupons: { status: "ok" as const, value: mine } };
    const usable = await renderWidget("couponList", { props: { mode: "mine", listField: "usable" }, source: "coupons", data, lang: "en" });
    expect(usable).toContain("Held by an unpaid order");
    expect(usable).not.toContain("Get it");
    const expired = await renderWidget("couponList", { props: { mode: "mine", listField: "expired" }, source: "coupons", data });
    expect(expired).toContain('class="coupon coupon-expired"');
    expect(expired).toContain(">已过期<");
    const empty = await renderWidget("couponList", {
      props: {
        mode: "mine",
        listField: "used",
        emptyText: { zh: "这里还没有优惠券", en: "No coupons here" },
        emptyLink: "/getCoupon",
        emptyLinkText: { zh: "去领券中心", en: "Go" },
      },
      source: "coupons",
      data,
    });
    expect(empty).toContain("这里还没有优惠券");
    expect(hrefs(empty)).toEqual(["/getCoupon"]);
  });
});
