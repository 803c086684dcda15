import { describe, expect, it } from "vitest";
import type { SeatPlan } from "./component";
import { count, renderWidget } from "@tests/unit/render-widget";

/** Two rows of six: A1–A2 reserved, B3 taken, B4 the viewer's. */
function plan(overrides: Partial<SeatPlan> = {}): SeatPlan {
  const list = ["A", "B"].flatMap((row) =>
    [1, 2, 3, 4, 5, 6].map((number) => ({
      id: (row === "A" ? 0 : 6) + number,
      row,
      number,
      state: (row === "A" && number <= 2
        ? "reserved"
        : row === "B" && number === 3
          ? "taken"
          : row === "B" && number === 4
            ? "mine"
            : "free") as SeatPlan["list"][number]["state"],
    })),
  );
  return { list, total: list.length, rows: ["A", "B"], columns: 6, free: 8, enrolled: true, mySeatId: 10, ...overrides };
}
const ok = (value: unknown) => ({ status: "ok" as const, value });
const render = (value: SeatPlan, lang: "zh" | "en" = "zh", props: Record<string, unknown> = {}) =>
  renderWidget("seatMap", { lang, source: "seats", data: { seats: ok(value) }, props: { title: "{t.spec.page.seats}", palette: "amber", ...props } });

describe("seatMap", () => {
  it("draws every seat by row with the aisle in the middle, each in its state", async () => {
    const html = await render(plan());
    expect(html).toContain('class="seat-map palette-amber"');
    expect(count(html, 'class="seat-row"')).toBe(2);
    expect(count(html, "<button")).toBe(12);
    expect(count(html, 'class="seat-aisle"')).toBe(2);
    // The aisle comes after seat 3 of 6.
    expect(html).toMatch(/data-seat="A3"[^>]*>3<\/button><span class="seat-aisle"><\/span><button[^>]*data-seat="A4"/);
    expect(html).toMatch(
      /<button type="button" class="seat state-reserved" data-seat="A1" data-state="reserved" aria-pressed="false" aria-label="A排1座 预留" disabled="">/,
    );
    expect(html).toMatch(/data-seat="B3" data-state="taken"[^>]*aria-label="B排3座 已被选" disabled=""/);
    expect(html).toMatch(/data-seat="B4" data-state="mine"[^>]*aria-label="B排4座 我的座位" disabled=""/);
    expect(html).toMatch(/data-seat="B5" data-state="free"[^>]*aria-label="B排5座 可选">/);
    expect(html).toContain('<div class="seat-stage">舞 台</div>');
    expect(html).toContain('<p class="seat-summary">剩余座位：8</p>');
  });

  it("tells a visitor to log in and sign up first, and a stage label can be set", async () => {
    const html = await render(plan({ enrolled: false, mySeatId: null }), "zh", { stageLabel: { zh: "讲 台", en: "PODIUM" } });
    expect(html).toContain('<p class="seat-hint">登录并报名后即可选座</p>');
    expect(html).toContain('<div class="seat-stage">讲 台</div>');
    expect(html).not.toContain("seat-confirm");
    expect(html).not.toContain('role="alert"');
  });

  it("speaks English in en", async () => {
    const html = await render(plan(), "en");
    expect(html).toMatch(/aria-label="Row B, seat 5 Free"/);
    expect(html).toContain("Seats left: 8");
    expect(html).toContain(">STAGE</div>");
    expect(html).toContain(">Reserved</li>");
  });

  it("shows nothing for an event without seats", async () => {
    expect(await render(plan({ list: [], rows: [], columns: 0, free: 0 }))).toBe("");
  });
});
