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

/** The common definitions and the page config's own, with their references pointed into one bundle's $defs. */
function sharedDefinitions(): { pageConfig: Json; defs: Json } {
  const pageConfig = readJson("schemas/page-config.schema.json");
  const common = readJson("schemas/common.schema.json");
  const defs: Json = {};
  for (const [name, def] of Object.entries(common.$defs as Json)) defs[name] = rewriteRefs(def, "");
  for (const [name, def] of Object.entries((pageConfig.$defs ?? {}) as Json)) defs[name] = rewriteRefs(def, "");
  return { pageConfig, defs };
}

/** A widget node: its type, props, data, gate, condition and children, as every widget's node has them. */
function widgetNode(type: Json, allOf?: Json[]): Json {
  return {
    title: "WidgetNode",
    type: "object",
    required: ["type"],
    additionalProperties: false,
    properties: {
      type,
      props: { type: "object", ...(allOf ? {} : { default: {} }) },
      data: { description: "The name of the data source this widget shows.", type: "string", pattern: "^[A-Za-z][A-Za-z0-9]*$" },
      gate: { $ref: "#/$defs/gate" },
      visibleWhen: { $ref: "#/$defs/visibleWhen" },
      children: { type: "array", items: { $ref: "#/$defs/widgetNode" } },
    },
    ...(allOf ? { allOf } : {}),
  };
}

function bundleOf(defs: Json, pageConfig: Json): Json {
  const { $defs: _ignored, ...rest } = rewriteRefs(pageConfig, "") as Json;
  return { $id: "page-config.bundle.json", ...rest, $defs: defs };
}

/** One self-contained schema: the page config, the common definitions and every registered widget's props (for the types and the console). */
export function buildPageConfigBundle(): Json {
  const { pageConfig, defs } = sharedDefinitions();
  const widgets = widgetFolders();
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
  defs.widgetNode = widgetNode({ type: "string", enum: widgets.map((widget) => widget.type) }, branches);
  return bundleOf(defs, pageConfig);
}

/**
 * The page config's envelope: everything but the widgets' props, which their own validators check (ADR 068). It
 * names no widget, so adding one leaves it unchanged; a node's props default to {} so a widget's defaults still fill in.
 */
export function buildEnvelopeSchema(): Json {
  const { pageConfig, defs } = sharedDefinitions();
  defs.visibleWhen = condition;
  defs.widgetNode = widgetNode({ type: "string", minLength: 1 });
  return { ...bundleOf(defs, pageConfig), $id: "page-config.envelope.json" };
}

/** One widget's props schema, self-contained: its own definitions and the common ones it may refer to, and nothing of any other widget. */
export function buildWidgetPropsSchema(type: string, folder: string): Json {
  const common = readJson("schemas/common.schema.json");
  const { $defs: own = {}, ...props } = rewriteRefs(readJson(`widgets/${folder}/props.schema.json`), "") as Json;
  const defs: Json = {};
  for (const [name, def] of Object.entries(common.$defs as Json)) defs[name] = rewriteRefs(def, "");
  return { $id: `${definitionName(type)}.json`, ...props, $defs: { ...defs, ...(own as Json) } };
}
