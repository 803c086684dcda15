import { describe, expect, it } from "vitest";
import { isVisible } from "~/renderer/visible-when";
import type { BindingScope } from "~/pipeline/bindings";

const scope: BindingScope = {
  query: { tab: "video" },
  data: { lives: { total: 0, list: [] }, plan: { status: 2, title: "讲座" } },
  user: null,
  lang: "zh",
};

describe("isVisible", () => {
  it("is visible without a condition", () => {
    expect(isVisible(undefined, scope)).toBe(true);
  });

  it("compares the bound value with equals, notEquals and in", () => {
    expect(isVisible({ value: "{data.plan.status}", equals: 2 }, scope)).toBe(true);
    expect(isVisible({ value: "{data.plan.status}", equals: "2" }, scope)).toBe(false);
    expect(isVisible({ value: "{data.plan.status}", notEquals: 2 }, scope)).toBe(false);
    expect(isVisible({ value: "{query.tab}", in: ["live", "video"] }, scope)).toBe(true);
    expect(isVisible({ value: "{query.tab}", in: ["live"] }, scope)).toBe(false);
  });

  it("present checks for a non-empty value", () => {
    expect(isVisible({ value: "{data.lives.list}", present: true }, scope)).toBe(false);
    expect(isVisible({ value: "{data.lives.list}", present: false }, scope)).toBe(true);
    expect(isVisible({ value: "{data.plan.title}", present: true }, scope)).toBe(true);
    expect(isVisible({ value: "{user.id}", present: true }, scope)).toBe(false);
    expect(isVisible({ value: "{data.lives.total}", present: true }, scope)).toBe(true);
  });

  it("every given test must pass", () => {
    expect(isVisible({ value: "{data.plan.status}", present: true, equals: 2, notEquals: 3, in: [1, 2] }, scope)).toBe(true);
    expect(isVisible({ value: "{data.plan.status}", present: true, equals: 2, in: [1] }, scope)).toBe(false);
  });
});
