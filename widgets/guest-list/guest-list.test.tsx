import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const guests = [
  {
    id: 1,
    authorName: "王伟",
    authorNameEn: "Wei Wang",
    orgName: "北京大学",
    orgNameEn: "Peking University",
    authorCode: null,
    portraitUrl: "",
    role: "speaker",
    link: "",
  },
  {
    id: 2,
    authorName: "李敏",
    authorNameEn: "Min Li",
    orgName: "清华大学",
    orgNameEn: "Tsinghua University",
    authorCode: "A100001",
    portraitUrl: "",
    role: "host",
    link: "/person?authorCode=A100001",
  },
  {
    id: 3,
    authorName: "张静",
    authorNameEn: "Jing Zhang",
    orgName: "复旦大学",
    orgNameEn: "Fudan University",
    authorCode: null,
    portraitUrl: "/avatar.svg",
    role: "guest",
    link: "",
  },
];
const ok = (value: unknown) => ({ guests: { status: "ok" as const, value } });

describe("guestList", () => {
  it("lists each guest's name, organisation and role, and links guests with a scholar profile", async () => {
    const html = await renderWidget("guestList", { source: "guests", data: ok({ list: guests, total: 3 }), props: { title: "{t.live.guests.title}" } });
    expect(count(html, 'class="guest-item"')).toBe(3);
    expect(html).toContain('<h2 class="section-title">嘉宾</h2>');
    expect(html).toMatch(/王伟<span class="guest-role role-speaker">主讲人<\/span>/);
    expect(html).toMatch(/李敏<span class="guest-role role-host">主持人<\/span>/);
    expect(html).toContain('<span class="guest-org">北京大学</span>');
    expect(hrefs(html)).toEqual(["/person?authorCode=A100001"]);
    expect(html).toContain('<span class="guest-avatar" aria-hidden="true">王</span>');
    expect(html).toContain('<img src="/avatar.svg"');
  });

  it("uses the En fields in English, with English initials", async () => {
    const html = await renderWidget("guestList", { lang: "en", source: "guests", data: ok({ list: guests, total: 3 }), props: {} });
    expect(html).toMatch(/Wei Wang<span class="guest-role role-speaker">Speaker<\/span>/);
    expect(html).toContain('<span class="guest-org">Tsinghua University</span>');
    expect(html).toContain('aria-hidden="true">W</span>');
    expect(html).not.toContain("北京大学");
  });

  it("can leave roles out, and says so when there are no guests", async () => {
    const plain = await renderWidget("guestList", { source: "guests", data: ok({ list: guests }), props: { showRoles: false } });
    expect(plain).not.toContain("guest-role");
    const empty = await renderWidget("guestList", { source: "guests", data: ok({ list: [], total: 0 }), props: {} });
    expect(empty).toMatch(/class="state-notice state-empty guest-empty" role="status" data-state="empty">.*<p class="state-notice-text">暂无嘉宾信息<\/p>/);
    const custom = await renderWidget("guestList", {
      source: "guests",
      data: ok(null),
      props: { emptyText: { zh: "嘉宾待定", en: "Guests to be announced" } },
    });
    expect(custom).toContain("嘉宾待定");
  });

  it("guest fields are text, never markup", async () => {
    const html = await renderWidget("guestList", {
      source: "guests",
      data: ok({ list: [{ id: 9, authorName: "<b>x</b>", orgName: "o", role: "<i>", link: "javascript:alert(1)" }] }),
      props: {},
    });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("guest-role");
    expect(hrefs(html)).toEqual([]);
  });
});
