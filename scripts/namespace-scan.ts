import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { SHARED_NAMESPACES } from "@contracts/language.ts";
import { widgetTexts } from "./widget-folders.ts";

/**
 * The catalogue namespaces a module and everything it imports look texts up in, read from the source: a
 * useTranslation("ns") / useTranslation(["a", "b"]) names them, useTranslation() means common (a variable names
 * nothing here: its module declares what it loads), and a string
 * "ns:key" names its own. Lazy imports (`import("…")`) are followed too: code a widget loads later still renders in
 * its page. `stopAt` lists folders whose code brings its own namespaces (the dialogs) and is not followed.
 * npm run gen:types writes each widget's into widgets/registry.ts; tests/unit/page-namespaces.test.ts checks the shell's
 * and the dialogs' declarations with it.
 */
const ROOT = resolve(import.meta.dirname, "..");
const ALIASES: Record<string, string> = { "~/": "app/", "@contracts/": "contracts/", "@widgets/": "widgets/", "@schemas/": "schemas/" };
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g;
const USE_TRANSLATION = /useTranslation\(\s*(\[[^\]]*\]|"[^"]*"|\))/g;
/** The shared namespaces and the widgets' own, read from their folders: a new widget's texts count on the first run. */
const KNOWN_NAMESPACES = [...SHARED_NAMESPACES, ...widgetTexts().map(({ namespace }) => namespace)];
const NAMED_KEY = new RegExp(`["\`'](${KNOWN_NAMESPACES.join("|")}):[A-Za-z]`, "g");

function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  for (const [alias, folder] of Object.entries(ALIASES)) if (specifier.startsWith(alias)) base = join(ROOT, folder, specifier.slice(alias.length));
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/**
 * Code that brings its own namespaces: the dialogs load theirs, each widget is declared on its own, and the header's
 * unread badge fetches the message centre's words the first time there is something unread (ADR 063).
 */
export const OWN_NAMESPACES = ["app/dialogs/", "widgets/registry.ts", "app/shell/UnreadBadge.tsx"];

export function namespacesUsedFrom(entries: readonly string[], stopAt: readonly string[] = []): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => resolve(ROOT, entry));
  const note = (namespace: string, file: string) => {
    const files = found.get(namespace) ?? [];
    files.push(file.slice(ROOT.length + 1));
    found.set(namespace, files);
  };
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(USE_TRANSLATION)) {
      const names = match[1] === ")" ? ["common"] : [...match[1].matchAll(/"([^"]+)"/g)].map((name) => name[1]);
      for (const name of names) note(name, file);
    }
    for (const match of source.matchAll(NAMED_KEY)) note(match[1], file);
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]);
      if (target && !stopAt.some((folder) => target.startsWith(join(ROOT, folder)))) queue.push(target);
    }
  }
  return found;
}

/** `import … from "x"`, `import "x"` and `export … from "x"`, leaving type-only imports out: they are no code. */
const STATIC_IMPORT = /^(?:import\s+(?!type\b)[^;]*?from\s+|import\s+|export\s+(?!type\b)[^;]*?from\s+)"([^"]+)"/gm;

/**
 * Whether a module reaches, through static imports only, a file under `folder`: code its page's first render needs.
 * npm run gen:types uses it to list the widgets that render a schema form (app/forms/), which hydrate late (ADR 037).
 */
export function staticallyReaches(entry: string, folder: string, stopAt: readonly string[] = []): boolean {
  const target = join(ROOT, folder);
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    if (file.startsWith(target)) return true;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const imported = resolveImport(file, match[1]);
      if (imported && !stopAt.some((stop) => imported.startsWith(join(ROOT, stop)))) queue.push(imported);
    }
  }
  return false;
}

/**
 * A lookup whose key is worked out at run time: `t(someVariable)`, `t(["a", "b"])`, `t(\`${x}\`)`. Its key may come
 * from anywhere (a server's refusal, a form's problem), so it needs its namespaces whole.
 */
function computesKey(call: ts.CallExpression): boolean {
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
  if (name !== "t") return false;
  const key = call.arguments[0];
  if (!key) return false;
  if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) return false;
  return !(ts.isTemplateExpression(key) && key.head.text !== "");
}

/**
 * What a module and everything it imports (lazy imports too, as namespacesUsedFrom) could look texts up by: every
 * string literal and the fixed beginning of every template literal (`status.${code}` gives "status."), and whether
 * any lookup computes its key (or `t` goes by another name). npm run gen:types turns it into each widget's top-level
 * key groups (ADR 100).
 */
export function textKeysUsedFrom(
  entries: readonly string[],
  stopAt: readonly string[] = [],
): { literals: Set<string>; prefixes: Set<string>; computed: boolean } {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  let computed = false;
  const seen = new Set<string>();
  const queue = entries.map((entry) => resolve(ROOT, entry));
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
    else if (ts.isTemplateExpression(node) && node.head.text !== "") prefixes.add(node.head.text);
    else if (ts.isCallExpression(node) && computesKey(node)) computed = true;
    else if (ts.isBindingElement(node) && node.propertyName && ts.isIdentifier(node.propertyName) && node.propertyName.text === "t") computed = true;
    ts.forEachChild(node, visit);
  };
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]);
      if (target && !stopAt.some((folder) => target.startsWith(join(ROOT, folder)))) queue.push(target);
    }
  }
  return { literals, prefixes, computed };
}

/**
 * The top-level groups of `namespace` (the keys of its catalogue, `groups`) that the literals could name: "feed.title"
 * or "circle:feed.title" names `feed`, "count" names `count_one` (a plural), a template beginning "st" names `status`.
 */
export function groupsNamed(namespace: string, groups: readonly string[], used: { literals: Set<string>; prefixes: Set<string> }): string[] {
  const own = (text: string) => (text.startsWith(`${namespace}:`) ? text.slice(namespace.length + 1) : text);
  const keys = [...used.literals].map(own);
  const heads = [...used.prefixes].map(own);
  return groups.filter(
    (group) =>
      keys.some((key) => key === group || key.startsWith(`${group}.`) || group.startsWith(`${key}_`)) ||
      heads.some((head) => head.startsWith(`${group}.`) || group.startsWith(head)),
  );
}
