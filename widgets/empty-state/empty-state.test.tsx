import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("emptyState", () => {
  it("renders its text and action link", async () => {
    const html = await renderWidget("emptyState", {
      props: { text: { zh: "还没有订单", en: "No orders yet" }, actionText: { zh: "去逛逛", en: "Browse" }, actionLink: "/videoIndex" },
    });
    expect(html).toContain('<p class="state-notice-text">还没有订单</p>');
    expect(hrefs(html)).toEqual(["/videoIndex"]);
    expect(html).toMatch(/<a [^>]*>去逛逛<\/a>/);
  });

  it("renders English in en", async () => {
    const html = await renderWidget("emptyState", {
      lang: "en",
      props: { text: { zh: "还没有订单", en: "No orders yet" }, actionText: { zh: "去逛逛", en: "Browse" }, actionLink: "/videoIndex" },
    });
    expect(html).toContain('<p class="state-notice-text">No orders yet</p>');
    expect(html).toMatch(/<a [^>]*>Browse<\/a>/);
  });

  it("falls back to the catalogue's empty text and shows no action without a link", async () => {
    expect(await renderWidget("emptyState", {})).toContain('<p class="state-notice-text">暂无内容</p>');
    const english = await renderWidget("emptyState", { lang: "en" });
    expect(english).toContain('<p class="state-notice-text">Nothing here yet</p>');
    expect(english).not.toContain("<a ");
  });
});
