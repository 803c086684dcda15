import { describe, expect, it } from "vitest";
import { planWidgetUnits, type Unit } from "../../vite.chunks";

const unit = (name: string, bytes: number, pages: number[], imports: Unit[] = []): Unit => ({
  name,
  bytes,
  pages: new Set(pages),
  imports: new Set(imports),
  modules: [`/widgets/${name}/component.tsx`],
});

/** The files a page loads: the planned units it needs, the app file aside. */
const filesOn = (planned: Unit[], page: number) => planned.filter((planned) => !planned.core && planned.pages.has(page)).length;
const unitHolding = (planned: Unit[], name: string) => planned.find((planned) => planned.modules.includes(`/widgets/${name}/component.tsx`));

describe("the widget chunk plan", () => {
  it("leaves pages within the limit alone", () => {
    const units = [unit("a", 100, [0]), unit("b", 100, [0, 1])];
    expect(planWidgetUnits(units, 2, 2).filter((planned) => !planned.core)).toHaveLength(2);
  });

  it("merges what always loads together before anything that would reach other pages", () => {
    const units = [unit("hero", 100, [0, 1]), unit("agenda", 5_000, [0, 1]), unit("list", 100, [0, 2]), unit("tabs", 100, [0, 3])];
    const planned = planWidgetUnits(units, 4, 3);
    expect(filesOn(planned, 0)).toBeLessThanOrEqual(3);
    expect(unitHolding(planned, "hero")).toBe(unitHolding(planned, "agenda"));
    expect(unitHolding(planned, "list")).not.toBe(unitHolding(planned, "tabs"));
  });

  it("does not push a first load past its budget to relieve another page (ADR 037)", () => {
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);
    const units = [
      unit("essay-editor", 5_000, [0]),
      unit("qa-editor", 20_000, [1]),
      unit("rich-editor", 8_000, [0, 1]),
      unit("format", 500, [0, ...range(2, 10)]),
      unit("calls", 500, [0, ...range(10, 20)]),
    ];
    const planned = planWidgetUnits(units, 40, 3);
    expect(filesOn(planned, 0)).toBeLessThanOrEqual(3);
    // Joining the essay editor to the rich editor would be the fewest bytes, all of them on the Q&A editor's page,
    // already over its budget: the two small helpers share a file instead.
    expect(unitHolding(planned, "essay-editor")).not.toBe(unitHolding(planned, "rich-editor"));
    expect(unitHolding(planned, "format")).toBe(unitHolding(planned, "calls"));
  });

  it("never merges for the files of late widgets, which are not a first load", () => {
    const units = [unit("agenda", 100, [1]), unit("guests", 100, [1]), unit("sponsors", 100, [1]), unit("hero", 100, [0])];
    const planned = planWidgetUnits(units, 2, 2, (page) => page !== 1);
    expect(filesOn(planned, 1)).toBe(3);
  });

  it("counts what a merged file imports, so a helper never drags a big dependency onto other pages", () => {
    const runtime = unit("form-runtime", 90_000, [0]);
    const form = unit("form", 500, [0], [runtime]);
    const units = [runtime, form, unit("menu", 400, [0, 1, 2]), unit("card", 400, [0, 1])];
    const planned = planWidgetUnits(units, 3, 2);
    expect(filesOn(planned, 0)).toBeLessThanOrEqual(2);
    for (const page of [1, 2]) expect(unitHolding(planned, "form-runtime")?.pages.has(page)).toBe(false);
  });

  it("keeps every page within the limit however many widgets it shows, moving widely used code to the app file", () => {
    const pageCount = 20;
    const units = Array.from({ length: 12 }, (_, index) =>
      unit(`w${index}`, 300 + index * 50, index < 3 ? Array.from({ length: pageCount }, (_, page) => page) : [0, index]),
    );
    const planned = planWidgetUnits(units, pageCount, 4);
    for (let page = 0; page < pageCount; page++) expect(filesOn(planned, page), `page ${page}`).toBeLessThanOrEqual(4);
    expect(planned.find((planned) => planned.core)?.modules).toContain("/widgets/w0/component.tsx");
  });

  it("moves a small helper that crowds several pages to the app file rather than merging two unrelated widgets", () => {
    // Pages 0-3 each show two widgets of their own and a helper both use; every widget also shows on a page
    // of its own (10+). Merging a page's two widgets costs less than the helper on every page, once; four times not.
    const pageCount = 40;
    const helper = unit("helper", 600, [0, 1, 2, 3]);
    const units = [helper];
    for (let page = 0; page < 4; page++) {
      units.push(unit(`thread-${page}`, 9_000, [page, 10 + page], [helper]), unit(`comments-${page}`, 9_000, [page, 20 + page], [helper]));
    }
    const planned = planWidgetUnits(units, pageCount, 2);
    for (let page = 0; page < 4; page++) {
      expect(filesOn(planned, page), `page ${page}`).toBeLessThanOrEqual(2);
      expect(unitHolding(planned, `thread-${page}`)).not.toBe(unitHolding(planned, `comments-${page}`));
      expect(unitHolding(planned, `comments-${page}`)?.pages.has(10 + page)).toBe(false);
    }
    expect(planned.find((planned) => planned.core)?.modules).toContain("/widgets/helper/component.tsx");
  });
});
