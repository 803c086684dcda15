import { describe, expect, it } from "vitest";
import { beijingInputValue, instantOfBeijing } from "~/ops/schedule/beijing-time";

describe("the schedule form's Beijing date-time", () => {
  it("reads what the operator picked as Beijing time, whatever the browser's zone", () => {
    expect(instantOfBeijing("2027-04-10T09:30")?.toISOString()).toBe("2027-04-10T01:30:00.000Z");
    expect(instantOfBeijing("2027-01-01T00:15")?.toISOString()).toBe("2026-12-31T16:15:00.000Z");
  });

  it("refuses what is not a date-time", () => {
    expect(instantOfBeijing("")).toBeNull();
    expect(instantOfBeijing("2027-04-10")).toBeNull();
    expect(instantOfBeijing("2027-13-40T25:00")).toBeNull();
  });

  it("shows an instant in Beijing time, the same value it reads back", () => {
    const instant = new Date("2026-11-27T17:05:00.000Z");
    expect(beijingInputValue(instant)).toBe("2026-11-28T01:05");
    expect(instantOfBeijing(beijingInputValue(instant))?.getTime()).toBe(instant.getTime());
  });
});
