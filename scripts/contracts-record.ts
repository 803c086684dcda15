/**
 * Records a contract for every platform API path the product uses that has none yet (ADR 067, 069): the paths of page
 * configs' data sources, asked on the seeded embedded platform (every page's example query, zh and en, visitor and
 * signed-in reader), and the paths of the named calls (app/api/call-table.ts); with `--samples <file>` (written by a
 * run of the platform's tests with CONTRACT_SAMPLES=<file>), the answers those tests got are merged in for both. Each path's successful answers
 * are merged into one JSON Schema by genson-js and written to contracts/api/. A recorded contract is then reviewed by
 * hand (required and nullable fields, enums the spec fixes) and never overwritten, unless its path is named:
 * `npm run contracts:record -- /mpPaper/detail` records that one again.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { createCompoundSchema } from "genson-js";
import { isSuccess } from "@contracts/envelope.ts";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { CONTRACTS_DIR, contractFileName, contractTypeName, readContract } from "@contracts/api-contracts.server.ts";
import { loadPageEntries } from "@server/page-configs.server.ts";
import { namedCallPaths, sampleAnswers } from "@server/contract-samples.server.ts";

interface PathSamples {
  methods: Set<string>;
  answers: unknown[];
  /** Where the first failed answer came from, for the report of paths with nothing to record. */
  failure?: string;
}

const root = join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({ options: { samples: { type: "string" } }, allowPositionals: true });
const again = new Set(positionals);
const byPath = new Map<string, PathSamples>();
const samplesOf = (path: string) => byPath.get(path) ?? byPath.set(path, { methods: new Set(), answers: [] }).get(path)!;

const entries = loadPageEntries(join(root, "page-configs"), loadCatalogues(root));
const pages = [...new Set(entries.values())].flatMap((entry) => (entry.status === "valid" ? [{ file: basename(entry.file), config: entry.config }] : []));
for (const sample of await sampleAnswers(pages, new Date("2027-01-10T00:00:00Z"))) {
  const [method, path] = sample.route.split(" ");
  const samples = samplesOf(path);
  samples.methods.add(method);
  if (isSuccess(sample)) samples.answers.push(sample.data);
  else samples.failure ??= `${sample.code} (${sample.origin})`;
}

if (values.samples && existsSync(values.samples)) {
  const called = namedCallPaths();
  for (const line of readFileSync(values.samples, "utf8").split("\n").filter(Boolean)) {
    const { method, path, data } = JSON.parse(line) as { method: string; path: string; data: unknown };
    if (!called.has(path) && !byPath.has(path)) continue;
    const samples = samplesOf(path);
    samples.methods.add(method);
    samples.answers.push(data);
  }
  for (const path of called) if (!byPath.has(path)) samplesOf(path).failure = "no test of the platform called it";
}

mkdirSync(CONTRACTS_DIR, { recursive: true });
const written: string[] = [];
const unanswered: string[] = [];
for (const [path, { methods, answers, failure }] of [...byPath].sort(([a], [b]) => a.localeCompare(b))) {
  if (readContract(path) && !again.has(path)) continue;
  if (!answers.length) {
    unanswered.push(`${path}: ${failure}`);
    continue;
  }
  const contract = {
    "x-path": path,
    title: contractTypeName(path),
    description: `The data of ${[...methods].join("/")} ${path}'s answer. Recorded from the seeded platform, then reviewed (ADR 067).`,
    ...createCompoundSchema(answers),
  };
  writeFileSync(join(CONTRACTS_DIR, contractFileName(path)), `${JSON.stringify(contract, null, 2)}\n`);
  written.push(path);
}
console.log(written.length ? `Recorded ${written.length} contract(s): ${written.join(", ")}.` : "Every path has its contract.");
if (unanswered.length) console.log(`No successful answer to record from:\n${unanswered.join("\n")}`);
