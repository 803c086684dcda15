import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("shareActions", () => {
  it("links a live to its .ics and its poster, and offers a reminder, in zh", async () => {
    const html = await renderWidget("shareActions", { props: { kind: "live", id: "{query.id}" }, query: { id: "910200" } });
    expect(html).toContain('href="/calendar/live/910200.ics"');
    expect(html).toContain('download="live-910200.ics"');
    expect(html).toContain('href="/poster/live/910200.png"');
    expect(html).toContain(">添加到日历<");
    expect(html).toContain(">开播提醒<");
    expect(html).toContain(">分享海报<");
  });

  it("names the language in every link in en, and gives a paper a poster but no calendar or reminder", async () => {
    const event = await renderWidget("shareActions", { lang: "en", props: { kind: "event", id: 900011 } });
    expect(event).toContain('href="/calendar/event/900011.ics?lang=en"');
    expect(event).toContain('href="/poster/event/900011.png?lang=en"');
    expect(event).toContain(">Add to calendar<");
    expect(event).not.toContain("Remind me");
    const paper = await renderWidget("shareActions", { lang: "en", props: { kind: "paper", id: "{query.id}" }, query: { id: "42" } });
    expect(paper).not.toContain("/calendar/");
    expect(paper).toContain('href="/poster/paper/42.png?lang=en"');
    expect(paper).toContain(">Share as picture<");
  });

  it("renders nothing for an id that is not one", async () => {
    expect(await renderWidget("shareActions", { props: { kind: "live", id: "{query.id}" }, query: { id: "1;DROP" } })).not.toContain("share-actions");
    expect(await renderWidget("shareActions", { props: { kind: "live", id: "{query.id}" } })).not.toContain("share-actions");
  });
});
