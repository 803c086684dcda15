import type { PageConfig } from "@schemas/generated/page-config";
import { contractFileName, type JsonSchema } from "@contracts/api-contracts.server.ts";
import { findBindings } from "~/pipeline/bindings";
import { nodeDataUse, type FieldUse, type WidgetDataReads } from "~/pipeline/data-reads";
import { walkWidgets } from "~/pipeline/widget-tree";
import { plannedSources } from "~/pipeline/plan";
import type { ConfigProblem } from "~/services";

/** The query values a source's params bind: {"id": "{query.id}"} → ["id"]. */
function queryValuesBound(params: unknown, into = new Set<string>()): Set<string> {
  if (typeof params === "string") {
    for (const binding of findBindings(params)) if (binding.root === "query") into.add(binding.path[0]);
  } else if (params && typeof params === "object") {
    for (const value of Object.values(params)) queryValuesBound(value, into);
  }
  return into;
}

/**
 * A required query value that a source a visitor loads binds needs an `example` (ADR 067): without one, the tests
 * cannot open the page on the seeded platform, and a detail page would go unchecked.
 */
export function exampleProblems(config: PageConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const loaded = [...plannedSources(config, null)].filter(([, planned]) => planned === "load").map(([name]) => name);
  for (const [name, entry] of Object.entries(config.query ?? {})) {
    if (!entry.required || entry.example !== undefined) continue;
    const binding = loaded.find((source) => queryValuesBound(config.data?.[source]?.params).has(name));
    if (binding) {
      problems.push({
        pointer: `/query/${name}`,
        message: `required query value "${name}" feeds data source "${binding}" but has no "example": add "example": "<an id the platform answers for>" so the tests can open this page`,
      });
    }
  }
  return problems;
}

/** The schema of a value read through arrays, which are transparent to a field use (ADR 030). */
function throughArrays(schema: JsonSchema): JsonSchema {
  let current = schema;
  while (current.items && !current.properties) current = current.items;
  return current;
}

/** The fields a schema names, any of its `anyOf` branches included; null when it names none (anything may be there). */
function namedFields(schema: JsonSchema): Map<string, JsonSchema> | null {
  const branches = [schema, ...(schema.anyOf ?? []).map(throughArrays)];
  const named = new Map<string, JsonSchema>();
  for (const branch of branches) for (const [field, inner] of Object.entries(branch.properties ?? {})) named.set(field, inner);
  return named.size ? named : null;
}

interface MissingField {
  /** "list.title": where the widget reads it, from the source's answer. */
  field: string;
  /** Set when the answer is a list whose items have the field: the widget wants one item, not the list. */
  inListItems: boolean;
}

/** The fields a use reads that the contract's answer cannot have (an English twin "xEn" of a field x may be left out). */
function missingFields(use: FieldUse, schema: JsonSchema, at: string[] = []): MissingField[] {
  if (use === true) return [];
  const value = throughArrays(schema);
  const named = namedFields(value);
  if (!named) return [];
  const listItems = named.get("list")?.items ? namedFields(throughArrays(named.get("list")!)) : null;
  return Object.entries(use).flatMap(([field, inner]) => {
    const found = named.get(field) ?? (field.endsWith("En") ? named.get(field.slice(0, -2)) : undefined);
    if (found) return missingFields(inner, found, [...at, field]);
    return [{ field: [...at, field].join("."), inListItems: Boolean(listItems?.has(field)) }];
  });
}

function wiringMessage(source: string, path: string, missing: MissingField): string {
  if (missing.inListItems) {
    return `reads "${missing.field}" of data source "${source}" (${path}), which answers a list: its items have "${missing.field}", the answer does not. Wire the widget to a source that answers one item, or bind one item of the list`;
  }
  return `reads "${missing.field}" of data source "${source}", but the contract of ${path} (contracts/api/${contractFileName(path)}) has no such field. Read a field the contract names, wire another source, or, if the platform does answer it, record the contract again (npm run contracts:record -- ${path})`;
}

/**
 * Widgets wired to sources whose contract cannot give what they read (ADR 067). A field a page binds
 * (`{data.doc.title}`) must be in the source's contract. Of its own source (`data`), a widget may declare fields only
 * some answers have (a citation's journal); it is refused when its source answers a list and it reads one item's fields,
 * or when the contract has none of the fields it reads. A widget that declares what it reads of its own source must
 * have one.
 */
export function wiringProblems(
  config: PageConfig,
  contracts: ReadonlyMap<string, JsonSchema>,
  readsOf: (type: string) => WidgetDataReads | undefined,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const contractOf = (source: string) => {
    const path = config.data?.[source]?.api;
    const contract = path ? contracts.get(path) : undefined;
    return path && contract ? { path, contract } : null;
  };
  walkWidgets(config.widgets, ({ node, id }) => {
    const pointer = `/widgets/${id.split(".").join("/children/")}`;
    const refuse = (source: string, path: string, missing: MissingField) =>
      problems.push({ pointer, message: `widget "${node.type}" ${wiringMessage(source, path, missing)}` });
    const declared = readsOf(node.type)?.(node.props ?? {}).data;
    if (declared && declared !== true && !node.data) {
      const named = Object.keys(declared).join(", ");
      problems.push({
        pointer,
        message: `widget "${node.type}" shows data of its own source (it reads ${named}) but has no "data": add "data": "<a source of this page's data>"`,
      });
    }
    for (const [source, use] of nodeDataUse({ ...node, data: undefined }, undefined)) {
      const found = contractOf(source);
      if (found) for (const missing of missingFields(use, found.contract)) refuse(source, found.path, missing);
    }
    const own = node.data ? contractOf(node.data) : null;
    if (own && declared && declared !== true) {
      const missing = missingFields(declared, own.contract);
      const wrongShape = missing.filter((field) => field.inListItems);
      const noneThere = missing.filter((field) => !field.field.includes(".")).length === Object.keys(declared).length;
      for (const field of wrongShape.length ? wrongShape : noneThere ? missing.slice(0, 1) : []) refuse(node.data!, own.path, field);
    }
  });
  return problems;
}
