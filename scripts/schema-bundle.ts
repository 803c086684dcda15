import { readFileSync } from "node:fs";
import { join } from "node:path";
import { widgetFolders } from "./widget-folders.ts";

const root = join(import.meta.dirname, "..");
type Json = Record<string, unknown>;

/** A schema file without its own $id and $schema: inside the bundle it is just a definition. */
function readJson(path: string): Json {
  const { $id: _id, $schema: _schema, ...schema } = JSON.parse(readFileSync(join(root, path), "utf8")) as Json;
  return schema;
}

/** Rewrites file references ("common.schema.json#/$defs/x", "#/$defs/y" inside a widget) to the bundle's $defs. */
function rewriteRefs(value: unknown, localPrefix: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => rewriteRefs(entry, localPrefix));
  if (value && typeof value === "object") {
    const out: Json = {};
    for (const [key, entry] of Object.entries(value as Json)) {
      if (key === "$ref" && typeof entry === "string") {
        if (entry.startsWith("common.schema.json#/$defs/")) out[key] = `#/$defs/${entry.slice("common.schema.json#/$defs/".length)}`;
        else if (entry === "widget-node.schema.json") out[key] = "#/$defs/widgetNode";
        else if (entry.startsWith("#/$defs/")) out[key] = `#/$defs/${localPrefix}${entry.slice("#/$defs/".length)}`;
        else throw new Error(`Unsupported $ref "${entry}"`);
      } else {
        out[key] = rewriteRefs(entry, localPrefix);
      }
    }
    return out;
  }
  return value;
}

function definitionName(type: string): string {
  return `${type}Props`;
}

/** The condition language of visibleWhen: a binding compared with a constant; nothing is evaluated as code. */
const condition = {
  title: "VisibleWhen",
  type: "object",
  required: ["value"],
  additionalProperties: false,
  properties: {
    value: { $ref: "#/$defs/binding" },
    equals: { type: ["string", "number", "boolean"] },
    notEquals: { type: ["string", "number", "boolean"] },
    in: { type: "array", items: { type: ["string", "number"] } },
    present: { description: "true: the value is non-empty; false: it is empty or missing.", type: "boolean" },
  },
};

/** One self-contained schema: the page config, the common definitions and every registered widget's props. */
export function buildPageConfigBundle(): Json {
  const pageConfig = readJson("schemas/page-config.schema.json");
  const common = readJson("schemas/common.schema.json");
  const widgets = widgetFolders();
  const types = widgets.map((widget) => widget.type);
  const defs: Json = {};
  for (const [name, def] of Object.entries(common.$defs as Json)) defs[name] = rewriteRefs(def, "");
  for (const [name, def] of Object.entries((pageConfig.$defs ?? {}) as Json)) defs[name] = rewriteRefs(def, "");

  const branches: Json[] = [];
  for (const { type, folder } of widgets) {
    const props = readJson(`widgets/${folder}/props.schema.json`);
    defs[definitionName(type)] = rewriteRefs(props, "");
    branches.push({
      if: { properties: { type: { const: type } }, required: ["type"] },
      // biome-ignore lint/suspicious/noThenProperty: "then" is the JSON Schema keyword
      then: {
        // The default {} lets a node written without props get its defaults too.
        properties: { props: { $ref: `#/$defs/${definitionName(type)}`, default: {} } },
      },
    });
  }
  defs.visibleWhen = condition;
  defs.widgetNode = {
    title: "WidgetNode",
    type: "object",
    required: ["type"],
    additionalProperties: false,
    properties: {
      type: { type: "string", enum: types },
      props: { type: "object" },
      data: { description: "The name of the data source this widget shows.", type: "string", pattern: "^[A-Za-z][A-Za-z0-9]*$" },
      gate: { $ref: "#/$defs/gate" },
      visibleWhen: { $ref: "#/$defs/visibleWhen" },
      children: { type: "array", items: { $ref: "#/$defs/widgetNode" } },
    },
    allOf: branches,
  };

  const { $defs: _ignored, ...rest } = rewriteRefs(pageConfig, "") as Json;
  return { $id: "page-config.bundle.json", ...rest, $defs: defs };
}
