import { describe, expect, it } from "vitest";
import { dayKey, formatDateRange, formatDay, formatMoment, formatTime } from "~/format/dates";
import { countdownParts, formatCount, formatFen } from "~/format/numbers";

describe("formatFen", () => {
  it("shows integer fen as yuan with two decimals, exactly", () => {
    expect(formatFen(19_900)).toBe("¥199.00");
    expect(formatFen(16_915)).toBe("¥169.15");
    expect(formatFen(1)).toBe("¥0.01");
    expect(formatFen(0)).toBe("¥0.00");
    expect(formatFen(-2_000)).toBe("-¥20.00");
  });
});

describe("formatCount", () => {
  it("shows numbers below 10,000 as they are", () => {
    expect(formatCount(0, "zh")).toBe("0");
    expect(formatCount(9999, "zh")).toBe("9999");
    expect(formatCount(9999, "en")).toBe("9999");
    expect(formatCount("123", "zh")).toBe("123");
  });

  it("shows 10,000 and more with the 10,000-unit suffix and two decimals in Chinese", () => {
    expect(formatCount(10000, "zh")).toBe("1.00万");
    expect(formatCount("250000", "zh")).toBe("25.00万");
  });

  it("shows 10,000 and more in compact notation in English, never with the 万 unit", () => {
    expect(formatCount(10000, "en")).toBe("10K");
    expect(formatCount(11400, "en")).toBe("11.4K");
    expect(formatCount("250000", "en")).toBe("250K");
    expect(formatCount(1_234_567, "en")).toBe("1.2M");
  });

  it("writes English counts as Intl's compact notation would, without building its formatter", () => {
    const intl = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1, roundingMode: "trunc" });
    const samples = [10_000, 10_050, 99_999, 100_000, 999_999, 1_000_000, 1_050_000, 999_999_999, 2_500_000_000, 999_999_999_999, 7e12, 1e15, -12_345];
    for (let n = 10_000; n < 3_000_000; n += 7_919) samples.push(n);
    for (const n of samples) expect(formatCount(n, "en"), String(n)).toBe(intl.format(n));
  });

  it("truncates instead of rounding", () => {
    expect(formatCount(123456, "zh")).toBe("12.34万");
    expect(formatCount(99999, "zh")).toBe("9.99万");
    expect(formatCount(19999, "en")).toBe("19.9K");
  });

  it("is exact for values whose decimal division is not exact in binary", () => {
    // 11500 / 10000 * 100 is 114.99999999999999 in floating point
    expect(formatCount(11500, "zh")).toBe("1.15万");
    expect(formatCount(20100, "zh")).toBe("2.01万");
    for (let n = 10_000; n < 400_000; n += 100) {
      const expected = `${Math.floor(n / 10_000)}.${String(Math.floor((n % 10_000) / 100)).padStart(2, "0")}万`;
      if (formatCount(n, "zh") !== expected) expect(formatCount(n, "zh"), String(n)).toBe(expected);
    }
  });

  it("treats missing and non-numeric values as 0", () => {
    expect(formatCount(null, "zh")).toBe("0");
    expect(formatCount(undefined, "en")).toBe("0");
    expect(formatCount("abc", "zh")).toBe("0");
    expect(formatCount(Number.POSITIVE_INFINITY, "zh")).toBe("0");
  });
});

describe("countdownParts", () => {
  // The spec's conference example: a deadline of 13 Jan 18:00 (Beijing time).
  const deadline = "2027-01-13T18:00:00+08:00";

  it("splits the time left into days, hours and minutes", () => {
    expect(countdownParts(deadline, new Date("2027-01-10T15:30:00+08:00"))).toEqual({ days: 3, hours: 2, minutes: 30, ended: false });
    expect(countdownParts(deadline, new Date("2027-01-13T17:59:00+08:00"))).toEqual({ days: 0, hours: 0, minutes: 1, ended: false });
    expect(countdownParts(deadline, new Date("2026-12-13T18:00:00+08:00"))).toEqual({ days: 31, hours: 0, minutes: 0, ended: false });
  });

  it("rounds minutes down", () => {
    expect(countdownParts(deadline, new Date("2027-01-13T17:58:00.001+08:00"))).toEqual({ days: 0, hours: 0, minutes: 1, ended: false });
    expect(countdownParts(deadline, new Date("2027-01-13T17:59:30+08:00"))).toEqual({ days: 0, hours: 0, minutes: 0, ended: false });
  });

  it("is ended at and after the deadline, never negative", () => {
    expect(countdownParts(deadline, new Date("2027-01-13T18:00:00+08:00"))).toEqual({ days: 0, hours: 0, minutes: 0, ended: true });
    expect(countdownParts(deadline, new Date("2027-02-01T00:00:00+08:00"))).toEqual({ days: 0, hours: 0, minutes: 0, ended: true });
  });

  it("accepts numbers and dates, and treats an invalid deadline as ended", () => {
    const now = Date.UTC(2027, 0, 1);
    expect(countdownParts(now + 90 * 60_000, now)).toEqual({ days: 0, hours: 1, minutes: 30, ended: false });
    expect(countdownParts(new Date(now + 86_400_000), new Date(now))).toEqual({ days: 1, hours: 0, minutes: 0, ended: false });
    expect(countdownParts("not a date", now).ended).toBe(true);
  });
});

// Events are announced in Beijing time (UTC+8) whatever the machine's zone: 16:30 UTC is 00:30 the next day there.
describe("event times", () => {
  it("reads moments in Beijing time", () => {
    expect(formatTime("2027-05-20T16:30:00Z")).toBe("00:30");
    expect(dayKey("2027-05-20T16:30:00Z")).toBe("2027-05-21");
    expect(formatDay("2027-05-20T16:30:00Z", "zh")).toBe("5月21日 周五");
    expect(formatDay("2027-05-20T16:30:00Z", "en")).toBe("Fri 21 May");
    expect(formatMoment("2027-01-13T10:00:00Z", "zh")).toBe("2027年1月13日 18:00");
    expect(formatMoment("2027-01-13T18:00:00+08:00", "en")).toBe("13 Jan 2027, 18:00");
  });

  it("says a span of days once, by what the ends share", () => {
    expect(formatDateRange("2027-05-21T00:30:00Z", "2027-05-23T04:00:00Z", "zh")).toBe("2027年5月21日—23日");
    expect(formatDateRange("2027-05-21T00:30:00Z", "2027-05-23T04:00:00Z", "en")).toBe("21–23 May 2027");
    expect(formatDateRange("2027-05-30T00:30:00Z", "2027-06-01T04:00:00Z", "zh")).toBe("2027年5月30日—6月1日");
    expect(formatDateRange("2027-05-30T00:30:00Z", "2027-06-01T04:00:00Z", "en")).toBe("30 May – 1 Jun 2027");
    expect(formatDateRange("2026-12-30T00:30:00Z", "2027-01-02T04:00:00Z", "zh")).toBe("2026年12月30日—2027年1月2日");
    expect(formatDateRange("2026-12-30T00:30:00Z", "2027-01-02T04:00:00Z", "en")).toBe("30 Dec 2026 – 2 Jan 2027");
    expect(formatDateRange("2027-05-21T06:00:00Z", "2027-05-21T09:45:00Z", "zh")).toBe("2027年5月21日 14:00—17:45");
    expect(formatDateRange("2027-05-21T06:00:00Z", "2027-05-21T09:45:00Z", "en")).toBe("21 May 2027 14:00–17:45");
    expect(formatDateRange("2027-05-21T06:00:00Z", undefined, "en")).toBe("21 May 2027");
  });

  it("gives nothing for what is not a date", () => {
    expect(formatTime("soon")).toBe("");
    expect(formatDay(null, "zh")).toBe("");
    expect(formatMoment(undefined, "en")).toBe("");
    expect(formatDateRange("", "2027-01-01T00:00:00Z", "zh")).toBe("");
  });
});
