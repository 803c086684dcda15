import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isWidgetType, widgetRegistry } from "@widgets/registry";
import { buildPageConfigBundle } from "../../scripts/schema-bundle";
import { widgetFolders } from "../../scripts/widget-folders";

const root = join(import.meta.dirname, "..", "..");
const entries = Object.entries(widgetRegistry);
const bundle = JSON.parse(readFileSync(join(root, "schemas/generated/page-config.bundle.json"), "utf8")) as {
  $defs: Record<string, { title?: string; properties?: Record<string, unknown> } & Record<string, unknown>>;
};

describe("widget registry", () => {
  it("has widgets", () => {
    expect(entries.length).toBeGreaterThanOrEqual(9);
  });

  it.each(entries)("%s: its folder has component.tsx and a props.schema.json that is a valid object schema", (type, entry) => {
    const folder = join(root, "widgets", entry.folder);
    expect(existsSync(join(folder, "component.tsx")), `${entry.folder}/component.tsx`).toBe(true);
    const schemaFile = join(folder, "props.schema.json");
    expect(existsSync(schemaFile), `${entry.folder}/props.schema.json`).toBe(true);
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Record<string, unknown>;
    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.title).toBe(`${type[0].toUpperCase()}${type.slice(1)}Props`);
  });

  it.each(entries)("%s: load() resolves to a component", async (_type, entry) => {
    const module = await entry.load();
    expect(typeof module.default).toBe("function");
  });

  it("follows the folders: one entry per widget folder, named after it, and nothing else", () => {
    expect(entries.map(([type, entry]) => ({ type, folder: entry.folder }))).toEqual(widgetFolders());
  });

  it("folders are unique and type names are what isWidgetType accepts", () => {
    const folders = entries.map(([, entry]) => entry.folder);
    expect(new Set(folders).size).toBe(folders.length);
    for (const [type] of entries) expect(isWidgetType(type)).toBe(true);
    for (const type of ["toString", "constructor", "__proto__", "unknown", ""]) expect(isWidgetType(type), type).toBe(false);
  });
});

describe("generated page-config bundle", () => {
  it("has a props definition for every registered type, taken from its props schema", () => {
    for (const [type, entry] of entries) {
      const definition = bundle.$defs[`${type}Props`];
      expect(definition, `${type}Props`).toBeDefined();
      const schema = JSON.parse(readFileSync(join(root, "widgets", entry.folder, "props.schema.json"), "utf8")) as { properties: Record<string, unknown> };
      expect(Object.keys(definition.properties ?? {}).sort(), type).toEqual(Object.keys(schema.properties).sort());
    }
  });

  it("lists exactly the registered types as widget node types", () => {
    const node = bundle.$defs.widgetNode as { properties: { type: { enum: string[] } }; allOf: unknown[] };
    expect([...node.properties.type.enum].sort()).toEqual(Object.keys(widgetRegistry).sort());
    expect(node.allOf).toHaveLength(entries.length);
  });

  it("is up to date with the schemas (npm run gen:types)", () => {
    expect(bundle).toEqual(JSON.parse(JSON.stringify(buildPageConfigBundle())));
  });
});
