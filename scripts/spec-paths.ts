/**
 * Every API path the spec names (§7 of the product spec), each marked served (the embedded platform's route table
 * answers it), called (a page config, the app, a widget or the server names it) or deliberately not, with why.
 * `npm run spec:paths` prints the Markdown table kept in docs/spec-api-coverage.md; `--check` exits 1 when a path is
 * neither served and called nor explained (ADR 061).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createEmbeddedPlatform } from "../platform/index.server.ts";
import { NOT_CALLED, NOT_SERVED, PARALLEL_PREFIXES } from "./spec-path-decisions.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SPEC = process.env.SPEC_FILE ?? "/work/shared/spec/product-spec.md";
/** Wildcards whose parenthesised list names endpoints; the others (/qa/*, /members/*…) describe features in words. */
const ENDPOINT_LISTS = new Set(["/author/*", "/article/*", "/essay/*"]);
const PATH = /(?:^|[\s,(])(\/?[A-Za-z][\w-]*(?:\/[\w.*-]+)*)(?:\s*\(([^)]*)\))?/g;

/** The spec's §7 text: the section that lists the calls. */
function callSection(): string {
  const spec = readFileSync(SPEC, "utf8");
  return spec.slice(spec.indexOf("## 7. The calls it makes"), spec.indexOf("## 8. The error catalogue"));
}

/** Paths of one line: lists after a wildcard are expanded where they name endpoints; "/list, /operation" share a prefix. */
function pathsOfLine(line: string): string[] {
  if (!/(^- |^\| |^\/|[^\w]\/[A-Za-z])/.test(line)) return [];
  const found: string[] = [];
  let prefix = "";
  for (const match of line.matchAll(PATH)) {
    let path = match[1];
    if (!path.includes("/")) continue;
    if (!path.startsWith("/")) path = `/${path}`;
    const segments = path.split("/").length - 1;
    if (segments >= 2) prefix = path.slice(0, path.lastIndexOf("/"));
    else if (prefix && line.trimStart().startsWith("- /") && !line.includes("/books,")) path = `${prefix}${path}`;
    if (ENDPOINT_LISTS.has(path) && match[2]) for (const name of match[2].split(",")) found.push(path.replace("*", name.trim()));
    else found.push(path);
  }
  return found;
}

/** Named in prose ("createUserAnswer", "and ByYy") rather than as paths. */
const NAMED_IN_PROSE = ["/planQuestion/createUserAnswer", "/wecom/getSignatureByYy"];

/** The spec's API paths: screens it mentions in passing (/orderAck) are page configs, not calls. */
export function specPaths(): string[] {
  const screens = new Set(
    readdirSync(join(ROOT, "page-configs"))
      .filter((name) => name.endsWith(".json"))
      .map((name) => `/${name.replace(/\.json$/, "")}`),
  );
  const paths = new Set<string>();
  for (const line of callSection().split("\n"))
    for (const path of pathsOfLine(line).map((found) => found.replace(/\.$/, ""))) if (!screens.has(path)) paths.add(path);
  for (const path of NAMED_IN_PROSE) paths.add(path);
  return [...paths];
}

/** A spec path against a set of concrete paths: a wildcard or a bare prefix (/books) matches any path under it. */
function matches(specPath: string, paths: ReadonlySet<string>): boolean {
  if (paths.has(specPath)) return true;
  const prefix = specPath.endsWith("/*") ? specPath.slice(0, -1) : specPath.split("/").length === 2 ? `${specPath}/` : null;
  return prefix !== null && [...paths].some((path) => path.startsWith(prefix));
}

function servedPaths(): Set<string> {
  const dir = mkdtempSync(join(tmpdir(), "spec-paths-"));
  const platform = createEmbeddedPlatform({ file: join(dir, "platform.db"), seed: false });
  try {
    return new Set(platform.api.routes().map((route) => route.path));
  } finally {
    platform.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function filesUnder(folder: string, skip: RegExp): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (skip.test(path)) return [];
    if (statSync(path).isDirectory()) return filesUnder(path, skip);
    return /\.(tsx?|json)$/.test(name) ? [path] : [];
  });
}

/** Every quoted path the product's own code and configs name (tests, the platform and generated files excluded). */
function calledPaths(): Set<string> {
  const skip = /node_modules|\.test\.|generated|registry\.ts|locales/;
  const files = ["app", "widgets", "page-configs", "server", "contracts"].flatMap((folder) => filesUnder(join(ROOT, folder), skip));
  const called = new Set<string>();
  for (const file of files)
    for (const match of readFileSync(file, "utf8").matchAll(/["'`](\/[A-Za-z][\w-]*(?:\/[\w./-]+?)?)(?:[?"'`])/g))
      called.add(match[1].replace(/^\/api(?=\/)/, ""));
  return called;
}

function reasonFor(path: string, served: boolean, called: boolean): string {
  const parallel = PARALLEL_PREFIXES.find((prefix) => path.startsWith(prefix));
  if (parallel && !(served && called)) return "being added (live rooms and messages)";
  if (!served && NOT_SERVED[path]) return NOT_SERVED[path];
  if (!called && NOT_CALLED[path]) return NOT_CALLED[path];
  return served && called ? "" : "UNEXPLAINED";
}

const HEADER = `# The spec's API paths: served, called, or deliberately not

Generated by \`npm run --silent spec:paths > docs/spec-api-coverage.md\` (\`scripts/spec-paths.ts\`, ADR 061) from spec §7, the
embedded platform's route table (served) and the quoted paths in \`app/\`, \`widgets/\`, \`page-configs/\`, \`server/\` and
\`contracts/\` (called). A wildcard or a bare prefix (\`/circle/*\`, \`/books\`) counts when any path under it does. The
issue's audit counted 193 names; this reads 190 distinct paths from §7 (screens it mentions in passing, such as
\`/orderAck\`, are page routes and left out). Reasons are \`scripts/spec-path-decisions.ts\`; \`npm run spec:paths -- --check\`
fails on a path that is neither served and called nor explained.
`;

function main(): void {
  const served = servedPaths();
  const called = calledPaths();
  const rows = specPaths().map((path) => {
    const isServed = matches(path, served);
    const isCalled = matches(path, called);
    return { path, isServed, isCalled, reason: reasonFor(path, isServed, isCalled) };
  });
  const yes = (value: boolean) => (value ? "yes" : "no");
  const lines = [
    HEADER,
    `${rows.length} paths named in spec §7; served and called: ${rows.filter((row) => row.isServed && row.isCalled).length}; served only: ${rows.filter((row) => row.isServed && !row.isCalled).length}; neither: ${rows.filter((row) => !row.isServed && !row.isCalled).length}.`,
    "",
    "| Spec path | Served | Called | Why not (when not both) |",
    "|---|---|---|---|",
    ...rows.map((row) => `| \`${row.path}\` | ${yes(row.isServed)} | ${yes(row.isCalled)} | ${row.reason} |`),
  ];
  console.log(lines.join("\n"));
  const unexplained = rows.filter((row) => row.reason === "UNEXPLAINED");
  if (process.argv.includes("--check") && unexplained.length) {
    console.error(`\n${unexplained.length} path(s) neither served and called nor explained: ${unexplained.map((row) => row.path).join(", ")}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
