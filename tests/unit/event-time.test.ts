import { describe, expect, it } from "vitest";
import { eventDateRange, eventDay, eventDayKey, eventMoment, eventTime } from "~/format/event-time";

// Events are announced in Beijing time (UTC+8) whatever the machine's zone: 16:30 UTC is 00:30 the next day there.
describe("event times", () => {
  it("reads moments in Beijing time", () => {
    expect(eventTime("2027-05-20T16:30:00Z")).toBe("00:30");
    expect(eventDayKey("2027-05-20T16:30:00Z")).toBe("2027-05-21");
    expect(eventDay("2027-05-20T16:30:00Z", "zh")).toBe("5月21日 周五");
    expect(eventDay("2027-05-20T16:30:00Z", "en")).toBe("Fri 21 May");
    expect(eventMoment("2027-01-13T10:00:00Z", "zh")).toBe("2027年1月13日 18:00");
    expect(eventMoment("2027-01-13T18:00:00+08:00", "en")).toBe("13 Jan 2027, 18:00");
  });

  it("says a span of days once, by what the ends share", () => {
    expect(eventDateRange("2027-05-21T00:30:00Z", "2027-05-23T04:00:00Z", "zh")).toBe("2027年5月21日—23日");
    expect(eventDateRange("2027-05-21T00:30:00Z", "2027-05-23T04:00:00Z", "en")).toBe("21–23 May 2027");
    expect(eventDateRange("2027-05-30T00:30:00Z", "2027-06-01T04:00:00Z", "zh")).toBe("2027年5月30日—6月1日");
    expect(eventDateRange("2027-05-30T00:30:00Z", "2027-06-01T04:00:00Z", "en")).toBe("30 May – 1 Jun 2027");
    expect(eventDateRange("2026-12-30T00:30:00Z", "2027-01-02T04:00:00Z", "zh")).toBe("2026年12月30日—2027年1月2日");
    expect(eventDateRange("2026-12-30T00:30:00Z", "2027-01-02T04:00:00Z", "en")).toBe("30 Dec 2026 – 2 Jan 2027");
    expect(eventDateRange("2027-05-21T06:00:00Z", "2027-05-21T09:45:00Z", "zh")).toBe("2027年5月21日 14:00—17:45");
    expect(eventDateRange("2027-05-21T06:00:00Z", "2027-05-21T09:45:00Z", "en")).toBe("21 May 2027 14:00–17:45");
    expect(eventDateRange("2027-05-21T06:00:00Z", undefined, "en")).toBe("21 May 2027");
  });

  it("gives nothing for what is not a date", () => {
    expect(eventTime("soon")).toBe("");
    expect(eventDay(null, "zh")).toBe("");
    expect(eventMoment(undefined, "en")).toBe("");
    expect(eventDateRange("", "2027-01-01T00:00:00Z", "zh")).toBe("");
  });
});
