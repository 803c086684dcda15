/**
 * Validates every page config (schema, cross-references, file name and path, duplicates) and that the zh and
 * en catalogues have the same keys, and that the embedded platform API serves every data source a config names.
 * Every required query value a visitor's source binds has an example, and every widget's data reads are in its
 * source's contract (ADR 067).
 * Prints each problem as file, JSON pointer and message; exits 1 on any.
 * PAGE_CONFIGS_DIR points it at another folder (tests use this).
 */
import { join, basename } from "node:path";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { catalogueFile, NAMESPACES } from "@contracts/language.ts";
import { dataSourceProblems, deadLinkProblems, servedPlatformRoutes } from "@server/config-check.server.ts";
import { register } from "node:module";
import { readContracts } from "@contracts/api-contracts.server.ts";
import { exampleProblems, wiringProblems } from "@server/contract-check.server.ts";
import { loadPageEntries, servedPaths } from "@server/page-configs.server.ts";

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

const entries = loadPageEntries(directory, catalogues);
const files = new Set<string>();
for (const entry of new Set(entries.values())) {
  files.add(entry.file);
  if (entry.status === "invalid") {
    for (const problem of entry.problems) lines.push(`${basename(entry.file)} ${problem.pointer}: ${problem.message}`);
  }
}

const linkable = new Set(servedPaths(entries));
for (const entry of new Set(entries.values())) {
  if (entry.status !== "valid") continue;
  for (const problem of deadLinkProblems(entry.config, linkable)) lines.push(`${basename(entry.file)} ${problem.pointer}: ${problem.message}`);
}

const served = servedPlatformRoutes();
for (const entry of new Set(entries.values())) {
  if (entry.status !== "valid") continue;
  for (const problem of dataSourceProblems(entry.config, served)) lines.push(`${basename(entry.file)} ${problem.pointer}: ${problem.message}`);
  for (const problem of exampleProblems(entry.config)) lines.push(`${basename(entry.file)} ${problem.pointer}: ${problem.message}`);
}

register("./style-import-hooks.mjs", import.meta.url);
const { loadWidgetComponents, widgetDataReads } = await import("~/renderer/widget-components.ts");
const { widgetRegistry } = await import("@widgets/registry.ts");
await loadWidgetComponents(Object.keys(widgetRegistry));
const contracts = readContracts();
for (const entry of new Set(entries.values())) {
  if (entry.status !== "valid") continue;
  for (const problem of wiringProblems(entry.config, contracts, widgetDataReads)) lines.push(`${basename(entry.file)} ${problem.pointer}: ${problem.message}`);
}

if (lines.length) {
  console.error(lines.join("\n"));
  console.error(`\n${lines.length} problem(s) in ${directory}`);
  process.exit(1);
}
console.log(`${files.size} page configs and ${NAMESPACES.length} catalogue namespaces in zh and en: all valid.`);
