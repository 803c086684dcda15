import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

describe("menuList", () => {
  const props = {
    title: { zh: "我的服务", en: "My services" },
    items: [
      { label: { zh: "学者认证", en: "Scholar verification" }, icon: "scholar", link: "/authentication" },
      { label: { zh: "修改密码", en: "Change password" }, icon: "password", link: "/changePassword?from=me", note: { zh: "定期更换", en: "Now and then" } },
      { label: { zh: "设置", en: "Settings" }, link: "/setting" },
    ],
  };

  it("lists each entry as a link to its route, with its icon and note", async () => {
    const html = await renderWidget("menuList", { props });
    expect(hrefs(html)).toEqual(["/authentication", "/changePassword?from=me", "/setting"]);
    expect(html).toContain('<h2 class="section-title">我的服务</h2>');
    expect(count(html, 'class="menu-icon"')).toBe(2);
    expect(html).toContain('<small class="menu-note">定期更换</small>');
    expect(html).toContain('aria-label="我的服务"');
  });

  it("never links to a page no config serves yet: the entry shows, but is no dead end", async () => {
    const html = await renderWidget("menuList", { props: { items: [{ label: { zh: "积分商城", en: "Points mall" }, icon: "points", link: "/comingLater" }] } });
    expect(hrefs(html)).toEqual([]);
    expect(html).toContain("积分商城");
  });

  it("speaks English", async () => {
    const html = await renderWidget("menuList", { props, lang: "en" });
    expect(html).toContain(">Scholar verification<");
    expect(html).toContain(">Now and then<");
    expect(html).not.toContain("学者认证");
  });
});
