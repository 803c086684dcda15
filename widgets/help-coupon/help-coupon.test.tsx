import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("helpCoupon", () => {
  it("asks a visitor without a link to log in to take part", async () => {
    const html = await renderWidget("helpCoupon", { props: { couponsLink: "/myCoupon" } });
    expect(html).toContain("<h1>好友助力领券</h1>");
    expect(html).toContain(">登录后参与<");
  });

  it("opened from a friend's link, waits for the link before offering anything", async () => {
    const html = await renderWidget("helpCoupon", { props: { couponsLink: "/myCoupon" }, query: { code: "abcDEF123_-x" }, lang: "en" });
    expect(html).toContain("Unlock a coupon with friends");
    expect(html).not.toContain("Log in to take part");
  });
});
