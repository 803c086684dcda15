import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

describe("menuList", () => {
  const props = {
    title: { zh: "我的服务", en: "My services" },
    items: [
      { label: { zh: "我的订单", en: "My orders" }, icon: "order", link: "/myOrder" },
      { label: { zh: "收货地址", en: "Addresses" }, icon: "address", link: "/addressList?prePage=me", note: { zh: "默认地址", en: "Default" } },
      { label: { zh: "设置", en: "Settings" }, link: "/setting" },
    ],
  };

  it("lists each entry as a link to its route, with its icon and note", async () => {
    const html = await renderWidget("menuList", { props });
    expect(hrefs(html)).toEqual(["/myOrder", "/addressList?prePage=me", "/setting"]);
    expect(html).toContain('<h2 class="section-title">我的服务</h2>');
    expect(count(html, 'class="menu-icon"')).toBe(2);
    expect(html).toContain('<small class="menu-note">默认地址</small>');
    expect(html).toContain('aria-label="我的服务"');
  });

  it("speaks English", async () => {
    const html = await renderWidget("menuList", { props, lang: "en" });
    expect(html).toContain(">My orders<");
    expect(html).toContain(">Default<");
    expect(html).not.toContain("我的订单");
  });
});
