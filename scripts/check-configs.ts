/**
 * Validates every page config and every console template in page-configs/templates/ (schema, cross-references, file name and path, duplicates) and that the zh and
 * en catalogues have the same keys, and that the embedded platform API serves every data source a config names.
 * Every required query value a visitor's source binds has an example, and every widget's data reads are in its
 * source's contract (ADR 067).
 * Prints each problem as file, JSON pointer and message; exits 1 on any.
 * PAGE_CONFIGS_DIR points it at another folder (tests use this).
 */
import { existsSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { catalogueFile, NAMESPACES } from "@contracts/language.ts";
import { dataSourceProblems, deadLinkProblems, servedPlatformRoutes } from "@server/config-check.server.ts";
import { register } from "node:module";
import { readContracts } from "@contracts/api-contracts.server.ts";
import { exampleProblems, wiringProblems } from "@server/contract-check.server.ts";
import { loadPageEntries, servedPaths } from "@server/page-configs.server.ts";
import type { PageEntry } from "~/services.ts";

const root = join(import.meta.dirname, "..");
const directory = process.env.PAGE_CONFIGS_DIR ?? join(root, "page-configs");
const catalogues = loadCatalogues(root);
const lines: string[] = [];

function keysOf(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, entry]) => keysOf(entry, prefix ? `${prefix}.${key}` : key));
}

for (const namespace of NAMESPACES) {
  const zh = new Set(keysOf(catalogues.zh[namespace]));
  const en = new Set(keysOf(catalogues.en[namespace]));
  for (const key of zh) if (!en.has(key)) lines.push(`${catalogueFile("en", namespace)}: key "${key}" exists in zh but not in en`);
  for (const key of en) if (!zh.has(key)) lines.push(`${catalogueFile("zh", namespace)}: key "${key}" exists in en but not in zh`);
}

register("./style-import-hooks.mjs", import.meta.url);
const { loadWidgetComponents, widgetDataReads } = await import("~/renderer/widget-components.ts");
const { widgetRegistry } = await import("@widgets/registry.ts");
await loadWidgetComponents(Object.keys(widgetRegistry));
const contracts = readContracts();
const served = servedPlatformRoutes();

/** One folder's configs, every check; links may point at any page the site serves (a template's too). */
function checkFolder(folder: string, linkable: Set<string>): number {
  const entries = loadPageEntries(folder, catalogues);
  const named = (entry: PageEntry, problem: { pointer: string; message: string }) =>
    lines.push(`${relative(directory, entry.file) || basename(entry.file)} ${problem.pointer}: ${problem.message}`);
  const unique = new Set(entries.values());
  for (const entry of unique) if (entry.status === "invalid") for (const problem of entry.problems) named(entry, problem);
  for (const entry of unique) {
    if (entry.status !== "valid") continue;
    for (const problem of deadLinkProblems(entry.config, linkable)) named(entry, problem);
    for (const problem of dataSourceProblems(entry.config, served)) named(entry, problem);
    for (const problem of exampleProblems(entry.config)) named(entry, problem);
    for (const problem of wiringProblems(entry.config, contracts, widgetDataReads)) named(entry, problem);
  }
  return unique.size;
}

const pages = loadPageEntries(directory, catalogues);
const linkable = new Set(servedPaths(pages));
const pageCount = checkFolder(directory, linkable);
// The console's templates (ADR 077) are page configs a new page starts from: checked exactly like the pages.
const templates = join(directory, "templates");
const templateCount = existsSync(templates) ? checkFolder(templates, linkable) : 0;

if (lines.length) {
  console.error(lines.join("\n"));
  console.error(`\n${lines.length} problem(s) in ${directory}`);
  process.exit(1);
}
console.log(`${pageCount} page configs, ${templateCount} templates and ${NAMESPACES.length} catalogue namespaces in zh and en: all valid.`);
