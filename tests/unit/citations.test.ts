/**
 * Citations (ADR 044): the citation URLs against a seeded embedded platform, read through its HTTP API as the server
 * reads it. BibTeX and RIS are parsed back with parsers independent of citation-js (@retorquere/bibtex-parser, the
 * parser of Zotero's Better BibTeX, and @customcommander/ris).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { parse as parseBibtex } from "@retorquere/bibtex-parser";
import { read as readRis } from "@customcommander/ris";
import { createApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { citationRoutes, EXPORT_MAX } from "@server/cite/routes.server";
import { formatBibtex, formatReference, formatRis, personName, toCslItem } from "@server/cite/citations.server";

const ORIGIN = "https://scholar.example";
const root = join(import.meta.dirname, "..", "..");

interface SeededPaper {
  id: number;
  title: string;
  titleEn: string;
  journal: string;
  journalEn: string;
  year: number;
  authors: { name: string; nameEn: string }[];
}

let work: string;
let platform: EmbeddedPlatform;
let server: Server;
let base: string;
let papers: SeededPaper[];
let reportId: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "cite-"));
  platform = createEmbeddedPlatform({ file: join(work, "platform.sqlite"), log: () => {}, now: () => new Date("2026-11-01T00:00:00Z") });
  const api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => platform.api.fetch(new Request(input, init)) });
  const app = express();
  app.set("trust proxy", false);
  app.use(citationRoutes({ api, publicOrigin: ORIGIN, catalogues: loadCatalogues(root) }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows = platform.db.prepare("SELECT id, title, title_en, extra FROM items WHERE kind = 'paper' ORDER BY id LIMIT 40").all() as {
    id: number;
    title: string;
    title_en: string;
    extra: string;
  }[];
  papers = rows.map((row) => {
    const extra = JSON.parse(row.extra);
    return {
      id: row.id,
      title: row.title,
      titleEn: row.title_en,
      journal: extra.journal,
      journalEn: extra.journalEn,
      year: extra.year,
      authors: extra.authors,
    };
  });
  reportId = (platform.db.prepare("SELECT id FROM items WHERE kind = 'report' ORDER BY id LIMIT 1").get() as { id: number }).id;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  platform?.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
/** A paper with co-authors, so that lists of names are checked too. */
const coAuthored = () => papers.find((paper) => paper.authors.length >= 2)!;
const paperUrl = (id: number) => `${ORIGIN}/docDetail?id=${id}`;

describe("one paper's files parse back to its fields", () => {
  it("BibTeX, in Chinese: the title, each whole Chinese name, the year, the journal and the URL", async () => {
    const paper = coAuthored();
    const response = await get(`/cite/paper/${paper.id}.bib`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-bibtex");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename=paper-${paper.id}.bib`);
    const parsed = parseBibtex(await response.text());
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries).toHaveLength(1);
    const [entry] = parsed.entries;
    expect(entry.type).toBe("article");
    expect(entry.key).toBe(`paper${paper.id}`);
    expect(entry.fields.title).toBe(paper.title);
    expect(entry.fields.author).toEqual(paper.authors.map((author) => ({ name: author.name })));
    expect(entry.fields.year).toBe(String(paper.year));
    expect(entry.fields.journal).toBe(paper.journal);
    expect(entry.fields.url).toBe(paperUrl(paper.id));
  });

  it("BibTeX, in English: the English title and journal, names split into family and given", async () => {
    const paper = coAuthored();
    const parsed = parseBibtex(await (await get(`/cite/paper/${paper.id}.bib?lang=en`)).text());
    const [entry] = parsed.entries;
    expect(entry.fields.title).toBe(paper.titleEn);
    expect(entry.fields.journal).toBe(paper.journalEn);
    expect(entry.fields.author).toEqual(
      paper.authors.map((author) => {
        const [given, family] = author.nameEn.split(" ");
        return { firstName: given, lastName: family };
      }),
    );
  });

  it("RIS, in Chinese and in English, read by another RIS parser", async () => {
    const paper = coAuthored();
    const zh = await get(`/cite/paper/${paper.id}.ris`);
    expect(zh.headers.get("content-type")).toContain("application/x-research-info-systems");
    expect(zh.headers.get("content-disposition")).toBe(`attachment; filename=paper-${paper.id}.ris`);
    const [record] = readRis(await zh.text())!;
    expect(record.TY).toEqual(["JOUR"]);
    expect(record.TI).toEqual([paper.title]);
    expect(record.AU.map((author: { last_name: string }) => author.last_name)).toEqual(paper.authors.map((author) => author.name));
    expect(record.PY).toEqual([String(paper.year)]);
    expect(record.T2).toEqual([paper.journal]);
    expect(record.UR).toEqual([paperUrl(paper.id)]);

    const [english] = readRis(await (await get(`/cite/paper/${paper.id}.ris?lang=en`)).text())!;
    // No value is folded, however long: a long English title comes back whole.
    expect(english.TI).toEqual([paper.titleEn]);
    expect(english.T2).toEqual([paper.journalEn]);
    expect(english.AU.map((author: { last_name: string; first_name: string }) => `${author.first_name} ${author.last_name}`)).toEqual(
      paper.authors.map((author) => author.nameEn),
    );
  });
});

describe("the four styles of a seeded paper", () => {
  it("match the expected text for its fields, in Chinese", async () => {
    const paper = coAuthored();
    const answer = (await (await get(`/cite/paper/${paper.id}.json`)).json()) as { styles: Record<string, string> };
    const names = paper.authors.map((author) => author.name);
    const url = paperUrl(paper.id);
    const listed = names.length === 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")}, and ${names.at(-1)}`;
    expect(answer.styles.gbt7714).toBe(
      `${names.slice(0, 3).join(", ")}${names.length > 3 ? ", 等" : ""}. ${paper.title}[J/OL]. ${paper.journal}, ${paper.year}. ${url}.`,
    );
    expect(answer.styles.apa).toBe(
      `${names.length === 2 ? names.join(" & ") : `${names.slice(0, -1).join(", ")}, & ${names.at(-1)}`}. (${paper.year}). ${paper.title}. ${paper.journal}. ${url}`,
    );
    expect(answer.styles.chicago).toBe(`${listed}. ${paper.year}. “${paper.title}.” ${paper.journal}. ${url}.`);
    const mlaNames = names.length > 2 ? `${names[0]}, et al` : names.join(" and ");
    expect(answer.styles.mla).toBe(`${mlaNames}. “${paper.title}.” ${paper.journal}, ${paper.year}, ${url}.`);
  });

  it("match the expected text in English, with the English title on an English page", async () => {
    const paper = papers.find((each) => each.authors.length === 1)!;
    const [given, family] = paper.authors[0].nameEn.split(" ");
    const url = paperUrl(paper.id);
    const one = async (style: string) => (await (await get(`/cite/paper/${paper.id}?style=${style}&lang=en`)).text()).trim();
    expect(await one("gbt7714")).toBe(`${family.toUpperCase()} ${given[0]}. ${paper.titleEn}[J/OL]. ${paper.journalEn}, ${paper.year}. ${url}.`);
    expect(await one("apa")).toBe(`${family}, ${given[0]}. (${paper.year}). ${paper.titleEn}. ${paper.journalEn}. ${url}`);
    expect(await one("chicago")).toBe(`${family}, ${given}. ${paper.year}. “${paper.titleEn}.” ${paper.journalEn}. ${url}.`);
    expect(await one("mla")).toBe(`${family}, ${given}. “${paper.titleEn}.” ${paper.journalEn}, ${paper.year}, ${url}.`);
  });

  it("answers one style as text, all four without a style, and refuses an unknown style in the reader's language", async () => {
    const paper = papers[0];
    const one = await get(`/cite/paper/${paper.id}?style=apa`);
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const all = await (await get(`/cite/paper/${paper.id}`)).text();
    for (const label of ["GB/T 7714-2015", "APA", "Chicago", "MLA"]) expect(all).toContain(`${label}\n`);
    const refused = await get(`/cite/paper/${paper.id}?style=harvard`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("不支持的引用格式");
    const english = await get(`/cite/paper/${paper.id}?style=harvard`, { Cookie: "lang=en" });
    expect(await english.text()).toContain('Unsupported citation style "harvard"');
  });

  it("answers 404 for a missing item, an item of another kind and an unknown kind", async () => {
    expect((await get("/cite/paper/999999999.bib")).status).toBe(404);
    // A report is not a paper, though the same API answers both.
    expect((await get(`/cite/paper/${reportId}.bib`)).status).toBe(404);
    expect((await get(`/cite/report/${reportId}.bib`)).status).toBe(200);
    const unknown = await get("/cite/course/1.bib", { Cookie: "lang=en" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Unsupported kind "course"');
    expect((await get("/cite/paper/abc.bib")).status).toBe(404);
  });
});

describe("the export URL", () => {
  it("puts several items of several kinds in one BibTeX file and one RIS file", async () => {
    const ids = papers.slice(0, 3).map((paper) => paper.id);
    const items = [...ids.map((id) => `paper:${id}`), `report:${reportId}`].join(",");
    const bib = await get(`/cite/export.bib?items=${items}`);
    expect(bib.status).toBe(200);
    expect(bib.headers.get("content-disposition")).toBe("attachment; filename=citations.bib");
    expect(bib.headers.get("x-citations-exported")).toBe("4");
    const parsed = parseBibtex(await bib.text());
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((entry) => entry.key)).toEqual([...ids.map((id) => `paper${id}`), `report${reportId}`]);
    expect(parsed.entries.map((entry) => entry.type)).toEqual(["article", "article", "article", "techreport"]);
    const ris = readRis(await (await get(`/cite/export.ris?items=${items}`)).text())!;
    expect(ris.map((record) => record.TY[0])).toEqual(["JOUR", "JOUR", "JOUR", "RPRT"]);
    expect(ris.map((record) => record.TI[0])).toEqual([...papers.slice(0, 3).map((paper) => paper.title), expect.stringContaining("报告")]);
  });

  it("skips unknown items and counts them in a comment and a header", async () => {
    const items = `paper:${papers[0].id},paper:999999998,video:999999997,paper:${papers[1].id}`;
    const bib = await get(`/cite/export.bib?items=${items}`);
    expect(bib.status).toBe(200);
    expect(bib.headers.get("x-citations-exported")).toBe("2");
    expect(bib.headers.get("x-citations-skipped")).toBe("2");
    const parsed = parseBibtex(await bib.text());
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.comments.join("")).toContain("跳过 2 条");
    expect(parsed.comments.join("")).toContain("paper:999999998, video:999999997");
    const ris = await get(`/cite/export.ris?items=${items}`);
    expect(ris.headers.get("x-citations-skipped")).toBe("2");
    expect(readRis(await ris.text())).toHaveLength(2);
  });

  it(`refuses more than ${EXPORT_MAX} items, a malformed item and an empty list, with a clear message`, async () => {
    const tooMany = Array.from({ length: EXPORT_MAX + 1 }, (_, index) => `paper:${index + 1}`).join(",");
    const refused = await get(`/cite/export.bib?items=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(`一次最多导出 ${EXPORT_MAX} 条，本次请求了 ${EXPORT_MAX + 1} 条\n`);
    const english = await get(`/cite/export.ris?items=${tooMany}&lang=en`);
    expect(await english.text()).toContain(`At most ${EXPORT_MAX} items`);
    // Exactly the limit is served.
    const atLimit = await get(`/cite/export.ris?items=${tooMany.split(",").slice(0, EXPORT_MAX).join(",")}`);
    expect(atLimit.status).toBe(200);
    const malformed = await get("/cite/export.bib?items=paper:1,course:2");
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("无法识别的条目“course:2”");
    expect((await get("/cite/export.bib")).status).toBe(400);
    expect((await get("/cite/export.bib?items=paper:0")).status).toBe(400);
  });
});

describe("odd items never break the formats", () => {
  const origin = ORIGIN;
  it("an item with no authors, year or journal still has every format", () => {
    for (const kind of ["paper", "report", "book", "article", "video"] as const) {
      const item = toCslItem(kind, { id: 7, title: "只有标题" }, "zh", origin);
      for (const style of ["gbt7714", "apa", "chicago", "mla"] as const) expect(formatReference(item, style)).toContain("只有标题");
      expect(parseBibtex(formatBibtex([item])).entries[0].fields.title).toBe("只有标题");
      expect(readRis(formatRis([item]))![0].TI).toEqual(["只有标题"]);
    }
    const bare = toCslItem("paper", { id: 8, authors: "not a list", year: "soon", title: 42 }, "en", origin);
    expect(() => formatReference(bare, "gbt7714")).not.toThrow();
    expect(() => formatBibtex([bare])).not.toThrow();
    expect(() => formatRis([bare])).not.toThrow();
  });

  it("writes GB/T 7714's et al. for an English reference and 等 for a Chinese one, after three authors", () => {
    const authors = [
      { name: "罗晨岚", nameEn: "Chenlan Luo" },
      { name: "赵华晨", nameEn: "Huachen Zhao" },
      { name: "赵婷博", nameEn: "Tingbo Zhao" },
      { name: "杨明杰", nameEn: "Mingjie Yang" },
    ];
    const paper = {
      id: 3,
      title: "纵向一体化",
      titleEn: "Vertical Integration",
      journal: "金融研究",
      journalEn: "Journal of Financial Research",
      year: 2024,
      authors,
    };
    expect(formatReference(toCslItem("paper", paper, "zh", origin), "gbt7714")).toBe(
      `罗晨岚, 赵华晨, 赵婷博, 等. 纵向一体化[J/OL]. 金融研究, 2024. ${origin}/docDetail?id=3.`,
    );
    expect(formatReference(toCslItem("paper", paper, "en", origin), "gbt7714")).toBe(
      `LUO C, ZHAO H, ZHAO T, et al. Vertical Integration[J/OL]. Journal of Financial Research, 2024. ${origin}/docDetail?id=3.`,
    );
  });

  it("names a video's speaker in its RIS and once in each style", () => {
    const video = toCslItem("video", { id: 301, title: "货币政策十讲 · 第1讲", authorName: "高婷华" }, "zh", origin);
    expect(readRis(formatRis([video]))![0].AU.map((author: { last_name: string }) => author.last_name)).toEqual(["高婷华"]);
    for (const style of ["gbt7714", "apa", "chicago", "mla"] as const) expect(formatReference(video, style).split("高婷华")).toHaveLength(2);
  });

  it("keeps a Chinese name whole and splits a romanised one", () => {
    expect(personName("张三")).toEqual({ literal: "张三" });
    expect(personName("欧阳修远")).toEqual({ literal: "欧阳修远" });
    expect(personName("Huaxin Yang")).toEqual({ family: "Yang", given: "Huaxin" });
    expect(personName("  ")).toBeNull();
    const item = toCslItem("report", { id: 9, title: "年度报告", authorName: "张三" }, "zh", origin);
    expect(formatReference(item, "gbt7714")).toBe(`张三. 年度报告[R/OL]. ${origin}/docDetail?type=report&id=9.`);
  });
});
