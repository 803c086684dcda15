/**
 * Records a contract for every platform API path a page config's data source uses that has none yet (ADR 067): the
 * seeded embedded platform's real answers (every page's example query, zh and en, visitor and signed-in reader) are
 * merged into one JSON Schema per path by genson-js and written to contracts/api/. A recorded contract is then
 * reviewed by hand (required and nullable fields, enums the spec fixes) and never overwritten, unless its path is
 * named: `npm run contracts:record -- /mpPaper/detail` records that one again.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { createCompoundSchema } from "genson-js";
import { isSuccess } from "@contracts/envelope.ts";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { CONTRACTS_DIR, contractFileName, contractTypeName, readContract } from "@contracts/api-contracts.server.ts";
import { loadPageEntries } from "@server/page-configs.server.ts";
import { sampleAnswers, type AnswerSample } from "@server/contract-samples.server.ts";

const root = join(import.meta.dirname, "..");
const again = new Set(process.argv.slice(2));
const entries = loadPageEntries(join(root, "page-configs"), loadCatalogues(root));
const pages = [...new Set(entries.values())].flatMap((entry) => (entry.status === "valid" ? [{ file: basename(entry.file), config: entry.config }] : []));

const byPath = new Map<string, { methods: Set<string>; samples: AnswerSample[] }>();
for (const sample of await sampleAnswers(pages, new Date("2027-01-10T00:00:00Z"))) {
  const [method, path] = sample.route.split(" ");
  const entry = byPath.get(path) ?? { methods: new Set(), samples: [] };
  entry.methods.add(method);
  entry.samples.push(sample);
  byPath.set(path, entry);
}

mkdirSync(CONTRACTS_DIR, { recursive: true });
const written: string[] = [];
const unanswered: string[] = [];
for (const [path, { methods, samples }] of [...byPath].sort(([a], [b]) => a.localeCompare(b))) {
  if (readContract(path) && !again.has(path)) continue;
  const answers = samples.filter((sample) => isSuccess(sample)).map((sample) => sample.data);
  if (!answers.length) {
    unanswered.push(`${path}: ${samples[0].code} for every sample (${samples[0].origin})`);
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
