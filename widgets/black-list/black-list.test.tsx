import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("blackList", () => {
  it("lists the people blocked with the day and an unblock button, each leading to their page", async () => {
    const html = await renderWidget("blackList", {
      source: "blocked",
      data: { blocked: ok({ list: [{ userId: 9, userName: "王志强", portraitUrl: "", createTime: "2027-01-09T08:00:00.000Z" }], total: 1 }) },
      props: {},
    });
    expect(count(html, 'data-testid="blocked-person"')).toBe(1);
    expect(html).toContain("<strong>王志强</strong>");
    expect(html).toContain("拉黑于 2027年1月9日 16:00");
    expect(html).toContain(">移出黑名单</button>");
    expect(hrefs(html)).toContain("/userHome?id=9");
  });

  it("says so when nobody is blocked, in zh and en", async () => {
    const empty = { source: "blocked", data: { blocked: ok({ list: [], total: 0 }) }, props: {} };
    expect(await renderWidget("blackList", empty)).toContain("黑名单里还没有人");
    expect(await renderWidget("blackList", { ...empty, lang: "en" })).toContain("You have not blocked anyone");
  });
});
