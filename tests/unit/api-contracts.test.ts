/**
 * The seeded embedded platform's real answers hold to the contracts of contracts/api/ (ADR 067): every data source
 * of every page config, asked with the page's example query, in zh and en, by a visitor and by a signed-in reader.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { basename, join } from "node:path";
import { Ajv } from "ajv";
import { isSuccess } from "@contracts/envelope";
import { loadCatalogues } from "@contracts/catalogues.server";
import { readContracts } from "@contracts/api-contracts.server";
import { loadPageEntries } from "@server/page-configs.server";
import { sampleAnswers, type AnswerSample } from "@server/contract-samples.server";

const root = join(import.meta.dirname, "..", "..");
const pages = [...new Set(loadPageEntries(join(root, "page-configs"), loadCatalogues(root)).values())].flatMap((entry) =>
  entry.status === "valid" ? [{ file: basename(entry.file), config: entry.config }] : [],
);
const contracts = readContracts();
/** Paths whose every sample needs a record only its owner has (an order, an exchange, a gift card's code). */
const OWNER_ONLY = new Set(["/order/details", "/goodsExchange/detail", "/members/friendCardDetail"]);

let samples: AnswerSample[] = [];
beforeAll(async () => {
  samples = await sampleAnswers(pages, new Date("2027-01-10T00:00:00Z"));
}, 240_000);

const pathOf = (sample: AnswerSample) => sample.route.split(" ")[1];

describe("the platform's answers against the contracts", () => {
  it("asks every source of every page in both languages, as visitor and reader", () => {
    const sources = pages.reduce((count, { config }) => count + Object.keys(config.data ?? {}).length, 0);
    expect(sources).toBeGreaterThan(150);
    expect(samples).toHaveLength(sources * 4);
  });

  it("has a contract for every path a page config's source uses", () => {
    const missing = [...new Set(samples.map(pathOf))].filter((path) => !contracts.has(path) && !OWNER_ONLY.has(path));
    expect(missing, "run npm run contracts:record, then review the new files").toEqual([]);
  });

  it("answers every page's subject (its notFoundWhenMissing source) to a visitor with the page's example", () => {
    const subjects = new Set(
      pages.flatMap(({ file, config }) =>
        Object.entries(config.data ?? {}).flatMap(([name, source]) =>
          source.notFoundWhenMissing && !source.gate ? [`${file} /data/${name} (zh, visitor)`] : [],
        ),
      ),
    );
    expect(subjects.size).toBeGreaterThan(18);
    const failed = samples.filter((sample) => subjects.has(sample.origin) && !isSuccess(sample)).map((sample) => `${sample.origin}: ${sample.code}`);
    expect(failed).toEqual([]);
  });

  it("holds every successful answer to its path's contract", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validators = new Map([...contracts].map(([path, schema]) => [path, ajv.compile(schema)]));
    const broken: string[] = [];
    let checked = 0;
    for (const sample of samples) {
      const validate = validators.get(pathOf(sample));
      if (!validate || !isSuccess(sample)) continue;
      checked++;
      if (!validate(sample.data)) broken.push(`${sample.origin}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(checked).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  }, 60_000);
});
