import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const deadline = "2027-01-13T18:00:00+08:00";
const unit = (html: string, name: string) => html.match(new RegExp(`<strong data-unit="${name}">(\\d+)</strong>`))?.[1];

describe("countdown", () => {
  it("shows days, hours and minutes left from the page's clock", async () => {
    const html = await renderWidget("countdown", {
      props: { until: deadline, label: { zh: "距截止", en: "Closes in" } },
      now: Date.parse("2027-01-10T15:30:00+08:00"),
    });
    expect(unit(html, "days")).toBe("3");
    expect(unit(html, "hours")).toBe("02");
    expect(unit(html, "minutes")).toBe("30");
    expect(html).toContain('<span class="countdown-label">距截止</span>');
    expect(html).toMatch(/<strong data-unit="days">3<\/strong>天/);
    expect(html).toMatch(/<strong data-unit="hours">02<\/strong>小时/);
    expect(html).toMatch(/<strong data-unit="minutes">30<\/strong>分钟/);
    expect(html).toContain('role="timer"');
  });

  it("uses the page's clock, not the machine's", async () => {
    const html = await renderWidget("countdown", { props: { until: deadline }, now: Date.parse("2027-01-13T17:01:00+08:00") });
    expect([unit(html, "days"), unit(html, "hours"), unit(html, "minutes")]).toEqual(["0", "00", "59"]);
  });

  it("reads a deadline bound from data", async () => {
    const html = await renderWidget("countdown", {
      props: { until: "{data.meeting.deadline}" },
      data: { meeting: { status: "ok", value: { deadline } } },
      now: Date.parse("2027-01-12T18:00:00+08:00"),
    });
    expect([unit(html, "days"), unit(html, "hours"), unit(html, "minutes")]).toEqual(["1", "00", "00"]);
  });

  it("shows English units in en", async () => {
    const html = await renderWidget("countdown", {
      lang: "en",
      props: { until: deadline, label: { zh: "距截止", en: "Closes in" } },
      now: Date.parse("2027-01-10T15:30:00+08:00"),
    });
    expect(html).toContain("Closes in");
    expect(html).toMatch(/<strong data-unit="days">3<\/strong>d/);
    expect(html).toMatch(/<strong data-unit="minutes">30<\/strong>min/);
  });

  it("shows the ended text once the deadline has passed", async () => {
    const ended = await renderWidget("countdown", { props: { until: deadline }, now: Date.parse("2027-01-13T18:00:00+08:00") });
    expect(ended).toBe('<p class="countdown countdown-ended">已截止</p>');
    const custom = await renderWidget("countdown", {
      props: { until: deadline, endedText: { zh: "报名已结束", en: "Registration closed" } },
      now: Date.parse("2027-02-01T00:00:00+08:00"),
    });
    expect(custom).toContain("报名已结束");
    expect(custom).not.toContain("data-unit");
    const english = await renderWidget("countdown", { lang: "en", props: { until: deadline }, now: Date.parse("2027-02-01T00:00:00+08:00") });
    expect(english).toContain(">Closed</p>");
  });
});
