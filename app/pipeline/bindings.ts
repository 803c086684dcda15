/**
 * The one binding syntax of page configs: `{root.path.to.value}`.
 * A string that is exactly one binding resolves to the raw value (array, object, number…);
 * a string with bindings inside text interpolates them as strings. Nothing is ever evaluated as code:
 * a binding is only a lookup of a dotted path in a plain object.
 */
export type BindingRoot = "query" | "data" | "t" | "user" | "item";

export interface BindingScope {
  query?: Record<string, string>;
  data?: Record<string, unknown>;
  user?: Record<string, unknown> | null;
  item?: unknown;
  lang?: "zh" | "en";
  translate?: (namespace: string, key: string) => string;
}

const WHOLE = /^\{([A-Za-z]+)((?:\.[A-Za-z0-9_-]+)+)\}$/;
const INLINE = /\{([A-Za-z]+)((?:\.[A-Za-z0-9_-]+)+)\}/g;
const OPENING_BRACE = "{".charCodeAt(0);
const ROOTS = new Set<BindingRoot>(["query", "data", "t", "user", "item"]);

export interface ParsedBinding {
  root: BindingRoot;
  path: string[];
}

export function parseBinding(expression: string): ParsedBinding | null {
  // Most strings of a config are plain text: one character tells, before the expression runs (every prop, every render).
  if (expression.charCodeAt(0) !== OPENING_BRACE) return null;
  const match = WHOLE.exec(expression);
  if (!match || !ROOTS.has(match[1] as BindingRoot)) return null;
  return { root: match[1] as BindingRoot, path: match[2].slice(1).split(".") };
}

/** Every binding inside a string, whole or inline. */
export function findBindings(text: string): ParsedBinding[] {
  const found: ParsedBinding[] = [];
  for (const match of text.matchAll(INLINE)) {
    if (ROOTS.has(match[1] as BindingRoot)) {
      found.push({ root: match[1] as BindingRoot, path: match[2].slice(1).split(".") });
    }
  }
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Reads a dotted path; with lang "en", a field `name` prefers its sibling `nameEn` when present. */
export function readPath(source: unknown, path: string[], lang?: "zh" | "en"): unknown {
  let current: unknown = source;
  for (const [index, segment] of path.entries()) {
    if (!isRecord(current) || segment === "__proto__" || segment === "constructor" || segment === "prototype") {
      return undefined;
    }
    const isLast = index === path.length - 1;
    const english = `${segment}En`;
    if (isLast && lang === "en" && typeof current[english] === "string" && current[english] !== "") {
      return current[english];
    }
    current = Object.hasOwn(current, segment) ? current[segment] : undefined;
  }
  return current;
}

function lookup(binding: ParsedBinding, scope: BindingScope): unknown {
  if (binding.root === "t") {
    const [namespace, ...key] = binding.path;
    return scope.translate ? scope.translate(namespace, key.join(".")) : key.join(".");
  }
  const base = scope[binding.root];
  return readPath(base, binding.path, scope.lang);
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return "";
  return String(value);
}

/** `{item.…}` templates stay as written until a widget resolves them for each of its items. */
function deferred(root: BindingRoot, scope: BindingScope): boolean {
  return root === "item" && !("item" in scope);
}

/** Resolves bindings in any props value, recursively; zh/en pairs become the current language's text. */
export function resolveBindings(value: unknown, scope: BindingScope): unknown {
  if (typeof value === "string") {
    const whole = parseBinding(value);
    if (whole) return deferred(whole.root, scope) ? value : lookup(whole, scope);
    if (!value.includes("{")) return value;
    return value.replace(INLINE, (text, root: string, rest: string) =>
      ROOTS.has(root as BindingRoot) && !deferred(root as BindingRoot, scope)
        ? stringify(lookup({ root: root as BindingRoot, path: rest.slice(1).split(".") }, scope))
        : text,
    );
  }
  if (Array.isArray(value)) return value.map((entry) => resolveBindings(entry, scope));
  if (isRecord(value)) {
    if (isLocalizedText(value)) return scope.lang === "en" ? value.en : value.zh;
    const resolved: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) resolved[key] = resolveBindings(entry, scope);
    return resolved;
  }
  return value;
}

export function isLocalizedText(value: unknown): value is { zh: string; en: string } {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof value.zh === "string" && typeof value.en === "string";
}

/** Names of the data sources a value refers to through `{data.NAME…}` bindings. */
export function dataSourcesReferenced(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (const binding of findBindings(value)) if (binding.root === "data") into.add(binding.path[0]);
  } else if (Array.isArray(value)) {
    for (const entry of value) dataSourcesReferenced(entry, into);
  } else if (isRecord(value)) {
    for (const entry of Object.values(value)) dataSourcesReferenced(entry, into);
  }
  return into;
}
