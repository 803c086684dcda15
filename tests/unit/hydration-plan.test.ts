import { describe, expect, it } from "vitest";
import { EAGER_TOP_WIDGETS, splitByHydration } from "~/pipeline/hydration-plan";
import { formWidgets } from "@widgets/registry";
import { staticallyReaches } from "../../scripts/namespace-scan";

const forms = new Set(["signUpForm"]);

describe("splitByHydration (ADR 037)", () => {
  it("keeps the first widget with the page and sends the rest late, with the types only late widgets use", () => {
    const split = splitByHydration(
      [{ type: "tabs", children: [{ type: "contentList" }] }, { type: "eventHero" }, { type: "contentList" }, { type: "agenda" }],
      forms,
    );
    expect(EAGER_TOP_WIDGETS).toBe(1);
    expect(split.lateNodes).toEqual([1, 2, 3]);
    expect([...split.eagerTypes].sort()).toEqual(["contentList", "tabs"]);
    // contentList is in the first load already (under the tabs): only the others' code waits.
    expect([...split.lateTypes].sort()).toEqual(["agenda", "eventHero"]);
  });

  it("sends a form late wherever it stands, with what only it shows", () => {
    const split = splitByHydration([{ type: "hero" }, { type: "signUpForm", children: [{ type: "richText" }] }], forms);
    expect(split.lateNodes).toEqual([1]);
    expect([...split.eagerTypes]).toEqual(["hero"]);
    expect([...split.lateTypes].sort()).toEqual(["richText", "signUpForm"]);
  });

  it("leaves a page of one plain widget whole", () => {
    expect(splitByHydration([{ type: "scholarList" }], forms)).toEqual({ lateNodes: [], eagerTypes: new Set(["scholarList"]), lateTypes: new Set() });
  });
});

describe("form widgets, as npm run gen:types reads them from the source", () => {
  it("lists the widgets whose first render reaches app/forms/ and no other", () => {
    expect(staticallyReaches("widgets/register-form/component.tsx", "app/forms/")).toBe(true);
    expect(staticallyReaches("widgets/content-list/component.tsx", "app/forms/")).toBe(false);
    expect(formWidgets.has("registerForm")).toBe(true);
    expect(formWidgets.has("signUpForm")).toBe(true);
    expect(formWidgets.has("contentList")).toBe(false);
  });

  it("does not count a type-only import, which is no code", () => {
    // widgets/kit/form-check.ts imports only a type from app/forms/form-kit.
    expect(staticallyReaches("widgets/kit/form-check.ts", "app/forms/")).toBe(false);
  });
});
