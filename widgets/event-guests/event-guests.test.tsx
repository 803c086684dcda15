import { describe, expect, it } from "vitest";
import { initials } from "./component";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const guests = [
  {
    id: 1,
    authorName: "徐宇欣",
    authorNameEn: "Yuxin Xu",
    orgName: "中山大学岭南学院",
    orgNameEn: "Lingnan College, Sun Yat-sen University",
    role: "speaker",
    portraitUrl: "",
    link: "/person?authorCode=A100091",
  },
  {
    id: 2,
    authorName: "王然然",
    authorNameEn: "Ranran Wang",
    orgName: "北京大学光华管理学院",
    orgNameEn: "Guanghua School of Management, Peking University",
    role: "guest",
    portraitUrl: "/avatar.svg",
    link: "",
  },
];
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("eventGuests", () => {
  it("shows each guest of its source as a card: initials or portrait, name, organisation, link to the scholar", async () => {
    const html = await renderWidget("eventGuests", {
      source: "guests",
      data: { guests: ok({ list: guests, total: 2 }) },
      props: { title: "{t.spec.page.guests}", palette: "amber", roleLabels: { speaker: { zh: "主讲", en: "Speaker" } } },
    });
    expect(html).toContain('class="event-guests palette-amber layout-cards"');
    expect(html).toContain('<h2 class="event-section-title">嘉宾</h2>');
    expect(count(html, 'class="event-guest"')).toBe(2);
    expect(html).toContain('<span class="event-guest-name">徐宇欣</span>');
    expect(html).toContain('<span class="event-guest-org">中山大学岭南学院</span>');
    expect(html).toMatch(/<span class="event-guest-avatar" aria-hidden="true">徐<\/span>/);
    expect(html).toContain('<img src="/avatar.svg" alt="" width="96" height="96" loading="lazy" decoding="async"/>');
    // A role shows only where the config labels it.
    expect(html).toContain('<span class="event-guest-role">主讲</span>');
    expect(count(html, "event-guest-role")).toBe(1);
    expect(hrefs(html)).toEqual(["/person?authorCode=A100091"]);
  });

  it("uses the English names and organisations in en", async () => {
    const html = await renderWidget("eventGuests", {
      lang: "en",
      source: "guests",
      data: { guests: ok({ list: guests, total: 2 }) },
      props: { layout: "list" },
    });
    expect(html).toContain("layout-list");
    expect(html).toContain('<span class="event-guest-name">Yuxin Xu</span>');
    expect(html).toContain("Guanghua School of Management, Peking University");
    expect(html).toMatch(/aria-hidden="true">YX<\/span>/);
    expect(html).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("shows guests written in the config instead of a source", async () => {
    const items = [
      {
        name: { zh: "陈静", en: "Jing Chen" },
        org: { zh: "复旦大学经济学院", en: "School of Economics, Fudan University" },
        role: { zh: "主持人", en: "Chair" },
      },
      { name: { zh: "林杰", en: "Jie Lin" }, org: { zh: "厦门大学", en: "Xiamen University" }, link: "/person?authorCode=A100002" },
    ];
    const zh = await renderWidget("eventGuests", { props: { items } });
    expect(zh).toContain('<span class="event-guest-name">陈静</span>');
    expect(zh).toContain('<span class="event-guest-role">主持人</span>');
    expect(hrefs(zh)).toEqual(["/person?authorCode=A100002"]);
    const en = await renderWidget("eventGuests", { lang: "en", props: { items, limit: 1 } });
    expect(en).toContain("Jing Chen");
    expect(en).not.toContain("Jie Lin");
  });

  it("says the guests are yet to come when there are none", async () => {
    const html = await renderWidget("eventGuests", { source: "guests", data: { guests: ok({ list: [], total: 0 }) }, props: {} });
    expect(html).toMatch(
      /class="state-notice state-empty event-guests-empty" role="status" data-state="empty">.*<p class="state-notice-text">嘉宾即将公布<\/p>/,
    );
  });

  it("makes initials from Chinese and English names", () => {
    expect(initials("徐宇欣")).toBe("徐");
    expect(initials("Yuxin Xu")).toBe("YX");
    expect(initials("Plato")).toBe("P");
    expect(initials("")).toBe("");
  });
});
