import { describe, expect, it } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";

const labels = ["{t.home.tabLive}", "{t.home.tabMeeting}", { zh: "论文", en: "Papers" }];
const children = [<p key="0">live panel</p>, <p key="1">meeting panel</p>, <p key="2">paper panel</p>];
const selected = (html: string) => [...html.matchAll(/aria-selected="(true|false)"/g)].map((match) => match[1] === "true");

describe("tabs", () => {
  it("renders every label and only the active child (the first by default)", async () => {
    const html = await renderWidget("tabs", { props: { labels }, children, nodeId: "2" });
    expect(count(html, 'role="tab"')).toBe(3);
    expect(html).toMatch(/>直播<\/button>/);
    expect(html).toMatch(/>会议<\/button>/);
    expect(html).toMatch(/>论文<\/button>/);
    expect(selected(html)).toEqual([true, false, false]);
    expect(html).toContain("live panel");
    expect(html).not.toContain("meeting panel");
    expect(html).not.toContain("paper panel");
    expect(html).toContain('id="panel-2-0"');
    expect(html).toContain('aria-labelledby="tab-2-0"');
    expect(html).toContain('class="tab active"');
  });

  it("with queryKey, the active tab comes from the URL", async () => {
    const html = await renderWidget("tabs", { props: { labels, queryKey: "tab" }, children, url: "/unitPage?tab=2" });
    expect(selected(html)).toEqual([false, false, true]);
    expect(html).toContain("paper panel");
    expect(html).not.toContain("live panel");
  });

  it("an out-of-range or invalid tab in the URL falls back to the first", async () => {
    for (const value of ["9", "-1", "abc", "1.5"]) {
      const html = await renderWidget("tabs", { props: { labels, queryKey: "tab" }, children, url: `/unitPage?tab=${value}` });
      expect(selected(html), value).toEqual([true, false, false]);
      expect(html, value).toContain("live panel");
    }
  });

  it("shows English labels in en and marks sticky tab lists", async () => {
    const html = await renderWidget("tabs", { lang: "en", props: { labels, sticky: true }, children });
    expect(html).toMatch(/>Papers<\/button>/);
    expect(html).not.toContain("论文");
    expect(html).toContain('class="tab-list sticky"');
  });
});
