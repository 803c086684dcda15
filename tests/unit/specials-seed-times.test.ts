/**
 * The times of the events' seed data (platform/seed/specials.json), written relative to the seeding time: each anchor,
 * offsets in days and hours, a wall-clock time in China Standard Time, and a misspelt time stopping the seed.
 */
import { describe, expect, it } from "vitest";
import { seedTime } from "@platform/specials/seed-times.server";

// 01:40 on 28 November in Beijing.
const NOW = new Date("2026-11-27T17:40:00.000Z");
const at = (spec: string) => seedTime(spec, NOW).toISOString();

describe("seed times", () => {
  it("places a day relative to today in Beijing, at a wall-clock time", () => {
    expect(at("today")).toBe("2026-11-27T16:00:00.000Z");
    expect(at("today-10d")).toBe("2026-11-17T16:00:00.000Z");
    expect(at("today+3d 19:00")).toBe("2026-12-01T11:00:00.000Z");
  });

  it("counts from the top of the seeding hour in days and hours", () => {
    expect(at("hour")).toBe("2026-11-27T17:00:00.000Z");
    expect(at("hour-7d")).toBe("2026-11-20T17:00:00.000Z");
    expect(at("hour+14d+2h")).toBe("2026-12-11T19:00:00.000Z");
  });

  it("counts from the next 13 January deadline, and from fixed dates", () => {
    expect(at("deadline")).toBe("2027-01-13T10:00:00.000Z");
    expect(at("deadline+128d 08:30")).toBe("2027-05-21T00:30:00.000Z");
    expect(at("deadline+131d 00:00")).toBe("2027-05-23T16:00:00.000Z");
    expect(at("2023-08-03 09:00")).toBe("2023-08-03T01:00:00.000Z");
  });

  it("refuses a time it cannot read", () => {
    expect(() => at("tomorrow")).toThrow('Not a seed time: "tomorrow"');
    expect(() => at("today+3 19:00")).toThrow();
    expect(() => at("today+3d 7pm")).toThrow();
  });
});
