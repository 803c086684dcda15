import { describe, expect, it } from "vitest";
import { isMessagingAppBrowser } from "../kit/browser";
import { renderWidget } from "@tests/unit/render-widget";

const item = (value: Record<string, unknown>) => ({ video: { status: "ok" as const, value: { id: 42, title: "标题", ...value } } });
const buttons = (html: string) => [...html.matchAll(/<button [^>]*class="(action[^"]*)"[^>]*>/g)].map((match) => match[1]);

describe("actionBar", () => {
  it("shows praise, collect and share with counts (10,000-unit rule) and the viewer's state", async () => {
    const html = await renderWidget("actionBar", {
      data: item({ praiseCount: 23456, collectCount: 12, praised: true, collected: false }),
      props: { item: "{data.video}" },
    });
    expect(buttons(html)).toEqual(["action action-praise on", "action action-collect", "action action-share"]);
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*已点赞.*2\.34万/);
    expect(html).toMatch(/<span>收藏<\/span><span class="action-count">12<\/span>/);
    expect(html).toContain("<span>分享</span>");
  });

  it("shows only the configured actions, in English in en", async () => {
    const html = await renderWidget("actionBar", {
      lang: "en",
      data: item({ praiseCount: 3, collectCount: 120000, collected: true }),
      props: { item: "{data.video}", actions: ["collect", "share"] },
    });
    expect(buttons(html)).toEqual(["action action-collect on", "action action-share"]);
    expect(html).toContain('<span>Saved</span><span class="action-count">120K</span>');
    expect(html).toContain("<span>Share</span>");
    expect(html).not.toContain("Like");
  });

  it("counts start at zero when the item has none", async () => {
    const html = await renderWidget("actionBar", { data: item({}), props: { item: "{data.video}" } });
    expect(html).toMatch(/<span>点赞<\/span><span class="action-count">0<\/span>/);
    expect(html).toContain('aria-pressed="false"');
  });

  it("knows the messaging app's browser by its user agent", () => {
    expect(isMessagingAppBrowser("Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.40")).toBe(true);
    expect(isMessagingAppBrowser("Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile")).toBe(false);
  });
});
