import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("calendarFeed", () => {
  it("explains the feed and waits for the browser to load the person's address (the token never reaches the HTML)", async () => {
    const html = await renderWidget("calendarFeed", { props: {}, user: { id: 7, userName: "13800000000" } });
    expect(html).toContain(">我的日历订阅<");
    expect(html).toContain("正在读取订阅地址");
    expect(html).not.toContain("/calendar/feed/");
  });

  it("speaks English and takes a title from the config", async () => {
    const html = await renderWidget("calendarFeed", { lang: "en", props: { title: { zh: "日历", en: "Calendar sync" } }, user: { id: 7, userName: "x" } });
    expect(html).toContain(">Calendar sync<");
    expect(html).toContain("Loading your feed address");
  });
});
