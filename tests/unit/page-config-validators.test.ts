/**
 * The page config's precompiled validators (ADR 068): an envelope that names no widget, one module per widget's
 * props, composed so the errors and the defaults are those of one schema of the whole config.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validatePageConfig } from "@schemas/generated/validate-page-config.js";
import { buildEnvelopeSchema, buildWidgetPropsSchema } from "../../scripts/schema-bundle";
import { widgetFolders } from "../../scripts/widget-folders";

const root = join(import.meta.dirname, "..", "..");

function config(widgets: unknown[]) {
  return { path: "/validatorProbe", title: { zh: "校验", en: "Check" }, widgets };
}

describe("the composed page-config validator", () => {
  it("accepts a valid config and fills in each widget's defaults, props written or not", () => {
    const value = config([
      { type: "hero", props: { title: { zh: "标题", en: "Title" } } },
      { type: "tabs", props: { labels: ["{t.home.tabLive}"] }, children: [{ type: "emptyState" }] },
    ]);
    expect(validatePageConfig(value), JSON.stringify(validatePageConfig.errors)).toBe(true);
    expect(value.widgets[0]).toMatchObject({ props: { tone: "brand" } });
    expect(value.widgets[1]).toMatchObject({ props: { sticky: false }, children: [{ props: {} }] });
  });

  it("reports a widget's props errors at the node's props, at any depth", () => {
    const value = config([
      { type: "hero", props: { title: "x", tone: "neon" } },
      { type: "tabs", props: { labels: ["a"] }, children: [{ type: "hero", props: { subtitle: "no title" } }] },
    ]);
    expect(validatePageConfig(value)).toBe(false);
    const errors = (validatePageConfig.errors ?? []).map(({ instancePath, keyword }) => ({ instancePath, keyword }));
    expect(errors).toContainEqual({ instancePath: "/widgets/0/props/tone", keyword: "enum" });
    expect(errors).toContainEqual({ instancePath: "/widgets/1/children/0/props", keyword: "required" });
  });

  it("refuses an unknown widget type, listing the known ones, and the envelope's own errors with it", () => {
    const value = { ...config([{ type: "noSuchWidget", props: {} }]), unexpected: 1 };
    expect(validatePageConfig(value)).toBe(false);
    const unknown = validatePageConfig.errors?.find((error) => error.instancePath === "/widgets/0/type");
    expect(unknown).toMatchObject({ keyword: "enum", params: { allowedValues: expect.arrayContaining(["hero", "tabs"]) } });
    expect(validatePageConfig.errors?.some((error) => error.keyword === "additionalProperties" && error.instancePath === "")).toBe(true);
  });
});

describe("one validator per widget", () => {
  it("the envelope names no widget: adding one leaves it unchanged", () => {
    const envelope = JSON.stringify(buildEnvelopeSchema());
    for (const { type } of widgetFolders()) expect(envelope).not.toContain(`"${type}"`);
  });

  it.each(widgetFolders().map(({ type, folder }) => [folder, type]))(
    "widgets/%s: its validator module is built from its own schema and the common ones only",
    (folder, type) => {
      const schema = JSON.stringify(buildWidgetPropsSchema(type, folder));
      const others = widgetFolders().filter((other) => other.type !== type);
      for (const other of others) expect(schema).not.toContain(`"${other.type}Props`);
      expect(existsSync(join(root, `schemas/generated/validators/widgets/${folder}.js`))).toBe(true);
    },
  );

  it("the composing module has one line per widget", () => {
    const source = readFileSync(join(root, "schemas/generated/validate-page-config.js"), "utf8");
    for (const { type, folder } of widgetFolders()) expect(source).toContain(`import { validate as ${type} } from "./validators/widgets/${folder}.js";`);
  });
});
