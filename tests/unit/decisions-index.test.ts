/**
 * The decision log stays a log: every record has its title and Status lines, no number is used twice, relations name
 * real records, and docs/decisions/README.md holds the index `npm run docs:index` writes today.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DECISIONS_DIR, parseRecord, readDecisions, relationsIn, renderIndex, withIndex } from "../../scripts/decisions-index";

const temporary: string[] = [];
afterEach(() => {
  for (const folder of temporary.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function logOf(records: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "decisions-"));
  temporary.push(folder);
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of Object.entries(records)) writeFileSync(join(folder, file), text);
  return folder;
}

describe("the committed decision log", () => {
  it("has a title and a Status line in every record, and no number twice", () => {
    const { records, problems } = readDecisions();
    expect(problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([]);
    expect(records.length).toBeGreaterThanOrEqual(51);
  });

  it("has the current index in docs/decisions/README.md (run `npm run docs:index` after adding a record)", () => {
    const readme = readFileSync(join(DECISIONS_DIR, "README.md"), "utf8");
    expect(withIndex(readme, readDecisions().records) === readme, "the index is out of date: npm run docs:index").toBe(true);
  });
});

describe("reading records", () => {
  it("reads the title, status, date and what a record changes", () => {
    const record = parseRecord(
      "040-late.md",
      "# 040 — Late payments\n\nStatus: accepted, 2026-11-27; amends 018 (and the membership unlock of\n022).\n\n**Context.**",
    );
    expect(record).toEqual({
      file: "040-late.md",
      number: "040",
      title: "Late payments",
      status: "accepted",
      date: "2026-11-27",
      relations: [{ kind: "amends", numbers: ["018", "022"] }],
    });
    expect(relationsIn("; supersedes 027 (compression); amended by 052 and 053.")).toEqual([
      { kind: "supersedes", numbers: ["027"] },
      { kind: "amended by", numbers: ["052", "053"] },
    ]);
  });

  it("refuses a record without a title or a Status line right under it", () => {
    expect(parseRecord("007-x.md", "007 — No hash\n\nStatus: accepted, 2026-11-22.")).toMatchObject({ message: /title/ });
    expect(parseRecord("007-x.md", "# 007 — Title\n\n**Context.** …\n\nStatus: accepted, 2026-11-22.")).toMatchObject({
      message: /Status/,
    });
    expect(parseRecord("007-x.md", "# 007 — Title\n\nStatus: accepted.")).toMatchObject({ message: /Status line/ });
    expect(parseRecord("008-x.md", "# 007 — Title\n\nStatus: accepted, 2026-11-22.")).toMatchObject({ message: /number/ });
  });

  it("reports a number used twice and a relation to a record that does not exist", () => {
    const folder = logOf({
      "001-a.md": "# 001 — A\n\nStatus: accepted, 2026-11-22.\n",
      "002-b.md": "# 002 — B\n\nStatus: accepted, 2026-11-23; amends 001 and 009.\n",
      "002-c.md": "# 002 — C\n\nStatus: accepted, 2026-11-24.\n",
    });
    expect(readDecisions(folder).problems).toEqual([
      { file: "002-b.md, 002-c.md", message: "number 002 is used by 2 records" },
      { file: "002-b.md", message: "amends 009, which is no record" },
    ]);
  });
});

describe("the index", () => {
  it("shows on the older record what a newer one says it supersedes or amends", () => {
    const folder = logOf({
      "001-a.md": "# 001 — A\n\nStatus: accepted, 2026-11-22; amended by 003 (its cache).\n",
      "002-b.md": "# 002 — B | pipes\n\nStatus: superseded, 2026-11-23.\n",
      "003-c.md": "# 003 — C\n\nStatus: accepted, 2026-11-24; supersedes 002; amends 001.\n",
    });
    const index = renderIndex(readDecisions(folder).records);
    expect(index).toContain("| 001 | [A](001-a.md) | 2026-11-22 | accepted |  | amended by 003 |");
    expect(index).toContain("| 002 | [B \\| pipes](002-b.md) | 2026-11-23 | superseded |  | superseded by 003 |");
    expect(index).toContain("| 003 | [C](003-c.md) | 2026-11-24 | accepted | supersedes 002; amends 001 |  |");
  });

  it("replaces only the text between its markers", () => {
    const folder = logOf({ "001-a.md": "# 001 — A\n\nStatus: accepted, 2026-11-22.\n" });
    const { records } = readDecisions(folder);
    const readme = `# Guide\n\n${renderIndex([])}\n\nAfter.\n`;
    expect(withIndex(readme, records)).toBe(`# Guide\n\n${renderIndex(records)}\n\nAfter.\n`);
    expect(() => withIndex("# Guide without markers\n", records)).toThrow(/markers/);
  });
});
