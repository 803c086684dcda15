import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const special = {
  title: "ABFER 2027年会",
  titleEn: "ABFER 2027 Annual Conference",
  cover: "/media/poster/900008.svg",
  status: 0,
  startTime: "2027-05-21T00:30:00.000Z",
  endTime: "2027-05-23T04:20:00.000Z",
  deadline: "2027-01-13T10:00:00.000Z",
  city: "新加坡",
  cityEn: "Singapore",
  venue: "",
};
const ok = (value: unknown) => ({ status: "ok" as const, value });

const props = {
  kicker: { zh: "ABFER 年会 · 新加坡", en: "ABFER ANNUAL CONFERENCE" },
  title: "{data.special.title}",
  subtitle: { zh: "三天，八位主讲人", en: "Three days, eight speakers" },
  palette: "crimson",
  pattern: "rings",
  image: "{data.special.cover}",
  badge: "{data.special.status}",
  badgeLabels: { "0": "{t.meeting.phase.0}", "2": "{t.live.status.2}" },
  facts: [
    { icon: "calendar", label: "{t.spec.page.dates}", from: "{data.special.startTime}", to: "{data.special.endTime}" },
    { icon: "place", label: "{t.spec.page.city}", value: "{data.special.city}" },
    { icon: "venue", label: "{t.spec.page.venue}", value: "{data.special.venue}" },
    { icon: "deadline", label: "{t.spec.page.deadline}", from: "{data.special.deadline}" },
  ],
  actions: [{ text: { zh: "ABFER专题", en: "ABFER special" }, link: "/abfer", style: "ghost" }],
};

describe("eventHero", () => {
  it("shows the event's title, badge, facts in Beijing time, poster and action, in its palette and pattern", async () => {
    const html = await renderWidget("eventHero", { props, data: { special: ok(special) } });
    expect(html).toContain('class="event-hero palette-crimson pattern-rings"');
    expect(html).toContain("<h1>ABFER 2027年会</h1>");
    expect(html).toContain('<p class="event-hero-kicker">ABFER 年会 · 新加坡</p>');
    expect(html).toMatch(/<span class="event-hero-badge" data-status="0">即将召开<\/span>/);
    expect(html).toContain('src="/media/poster/900008.svg"');
    expect(html).toMatch(/data-fact="calendar".*<dd>2027年5月21日—23日<\/dd>/);
    expect(html).toMatch(/data-fact="place".*<dd>新加坡<\/dd>/);
    // 10:00 UTC is 18:00 in Beijing: the deadline keeps its time of day.
    expect(html).toMatch(/data-fact="deadline".*<dd>2027年1月13日 18:00<\/dd>/);
    // An empty value leaves its fact out.
    expect(html).not.toContain('data-fact="venue"');
    expect(hrefs(html)).toEqual(["/abfer"]);
    expect(html).toMatch(/class="button event-hero-action ghost"[^>]*>ABFER专题<\/a>/);
  });

  it("speaks English in en, with the En siblings of bound fields", async () => {
    const html = await renderWidget("eventHero", { lang: "en", props, data: { special: ok(special) } });
    expect(html).toContain("<h1>ABFER 2027 Annual Conference</h1>");
    expect(html).toMatch(/<dd>21–23 May 2027<\/dd>/);
    expect(html).toMatch(/<dd>Singapore<\/dd>/);
    expect(html).toMatch(/<dd>13 Jan 2027, 18:00<\/dd>/);
    expect(html).toContain(">Upcoming</span>");
    expect(html).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("draws a living event's badge with its pulse, and drops a badge value without a label", async () => {
    const living = await renderWidget("eventHero", { props, data: { special: ok({ ...special, status: 2 }) } });
    expect(living).toMatch(/<span class="event-hero-badge living" data-status="2">直播中<\/span>/);
    const unlabelled = await renderWidget("eventHero", { props, data: { special: ok({ ...special, status: 3 }) } });
    expect(unlabelled).not.toContain("event-hero-badge");
  });

  it("refuses a poster that is not from this site or https, and defaults its palette and pattern", async () => {
    const html = await renderWidget("eventHero", {
      props: { title: { zh: "会议", en: "Meeting" }, image: "{data.special.cover}" },
      data: { special: ok({ cover: "javascript:alert(1)" }) },
    });
    expect(html).not.toContain("<img");
    expect(html).toContain('class="event-hero palette-navy pattern-grid"');
    expect(html).not.toContain("event-hero-facts");
    expect(html).not.toContain("event-hero-actions");
  });
});
