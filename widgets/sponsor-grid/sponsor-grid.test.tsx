import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const partners = [
  { id: 3, tier: "media", name: "经管学术圈", nameEn: "EconScholar", link: "/about" },
  { id: 1, tier: "host", name: "亚洲金融与经济研究局", nameEn: "Asian Bureau of Finance and Economic Research", link: "" },
  { id: 2, tier: "coHost", name: "新加坡国立大学商学院", nameEn: "NUS Business School", link: "" },
  { id: 4, tier: "unknown", name: "不显示", nameEn: "Not shown", link: "" },
];
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("sponsorGrid", () => {
  it("groups partners by tier in the order credits read, host first, and drops unknown tiers", async () => {
    const html = await renderWidget("sponsorGrid", {
      source: "partners",
      data: { partners: ok({ list: partners, total: 4 }) },
      props: { title: "{t.spec.page.partners}", palette: "navy" },
    });
    const tiers = [...html.matchAll(/data-tier="([a-zA-Z]+)"/g)].map((match) => match[1]);
    expect(tiers).toEqual(["host", "coHost", "media"]);
    expect(html).toContain('<h3 class="sponsor-tier-name">主办单位</h3>');
    expect(html).toContain('<h3 class="sponsor-tier-name">媒体支持</h3>');
    expect(html).toContain('<span class="sponsor-name">亚洲金融与经济研究局</span>');
    expect(html).not.toContain("不显示");
    expect(count(html, 'class="sponsor-tile"')).toBe(3);
    expect(html).toContain('class="sponsor-items wide"');
    expect(hrefs(html)).toEqual(["/about"]);
  });

  it("shows English names and their initials in en", async () => {
    const html = await renderWidget("sponsorGrid", { lang: "en", source: "partners", data: { partners: ok({ list: partners, total: 4 }) }, props: {} });
    expect(html).toContain(">Hosted by</h3>");
    expect(html).toMatch(/aria-hidden="true">ABF<\/span><span class="sponsor-name">Asian Bureau of Finance and Economic Research<\/span>/);
    expect(html).toMatch(/aria-hidden="true">NBS<\/span>/);
  });

  it("shows partners written in the config, and nothing at all without partners", async () => {
    const html = await renderWidget("sponsorGrid", {
      props: { items: [{ tier: "sponsor", name: { zh: "亚洲金融研究基金", en: "Asia Finance Research Fund" } }] },
    });
    expect(html).toContain(">赞助单位</h3>");
    expect(html).toContain("亚洲金融研究基金");
    const empty = await renderWidget("sponsorGrid", {
      source: "partners",
      data: { partners: ok({ list: [], total: 0 }) },
      props: { title: { zh: "合作伙伴", en: "Partners" } },
    });
    expect(empty).toBe("");
  });
});
