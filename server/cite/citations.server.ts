import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Cite, plugins, type CslItem, type CslName } from "@citation-js/core";
import "@citation-js/plugin-csl";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { parse as parseName } from "@citation-js/name";
import type { Lang } from "@contracts/language";

/**
 * Citations of the platform's papers, reports, books, articles and videos (ADR 044): an item as the platform's API
 * answers it becomes CSL-JSON, and citation-js writes every format from that — the four styles through citeproc-js
 * with the official CSL styles (server/cite/csl/), BibTeX and RIS through its plugins. No citation text is put
 * together here.
 */

export const CITE_KINDS = ["paper", "report", "book", "article", "video"] as const;
export type CiteKind = (typeof CITE_KINDS)[number];

export const CITE_STYLES = ["gbt7714", "apa", "chicago", "mla"] as const;
export type CiteStyle = (typeof CITE_STYLES)[number];

/** Each style's CSL file and the locale it is written in: GB/T 7714 in Chinese, the others in English, on any page. */
const STYLE_TEMPLATES: Record<CiteStyle, { template: string; locale: string }> = {
  gbt7714: { template: "china-national-standard-gb-t-7714-2015-numeric", locale: "zh-CN" },
  apa: { template: "apa", locale: "en-US" },
  chicago: { template: "chicago-author-date", locale: "en-US" },
  mla: { template: "modern-language-association", locale: "en-US" },
};

const CSL_DIR = join(import.meta.dirname, "csl");
const csl = plugins.config.get("@csl");
for (const { template } of Object.values(STYLE_TEMPLATES)) {
  // APA 7 ships with citation-js; the other three are the committed files.
  if (!csl.templates.has(template)) csl.templates.add(template, readFileSync(join(CSL_DIR, `${template}.csl`), "utf8"));
}
csl.locales.add("zh-CN", readFileSync(join(CSL_DIR, "locales-zh-CN.xml"), "utf8"));
const bibtexFormat = plugins.config.get("@bibtex").format;
// Keys are our own ids (paper631), unique in any export; Chinese text stays Chinese rather than being dropped.
bibtexFormat.useIdAsLabel = true;
bibtexFormat.asciiOnly = false;

export function isCiteKind(value: string): value is CiteKind {
  return (CITE_KINDS as readonly string[]).includes(value);
}

export function isCiteStyle(value: string): value is CiteStyle {
  return (CITE_STYLES as readonly string[]).includes(value);
}

/** Where the platform answers each kind, and the kind its items carry there (an article is an essay). */
export const DETAIL_SOURCES: Record<CiteKind, { api: string; itemKind: string }> = {
  paper: { api: "/mpPaper/detail", itemKind: "paper" },
  report: { api: "/mpPaper/detail", itemKind: "report" },
  book: { api: "/booksDetail", itemKind: "book" },
  article: { api: "/essay/detail", itemKind: "essay" },
  video: { api: "/video/getVideoDetail", itemKind: "video" },
};

const CSL_TYPES: Record<CiteKind, string> = {
  paper: "article-journal",
  report: "report",
  book: "book",
  article: "post-weblog",
  video: "motion_picture",
};

type Fields = Record<string, unknown>;

const HAN = /\p{Script=Han}/u;

/** A field in the page's language: its En sibling on English pages when the data has one. */
function textOf(item: Fields, field: string, lang: Lang): string {
  const english = item[`${field}En`];
  if (lang === "en" && typeof english === "string" && english.trim()) return english.trim();
  const value = item[field];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * One person's name as CSL wants it. A Chinese name stays whole (literal), never split into a guessed family and
 * given name; a romanised or Western name ("Huaxin Yang") is split by citation-js's name parser.
 */
export function personName(name: string): CslName | null {
  const text = name.trim();
  if (!text) return null;
  if (HAN.test(text)) return { literal: text };
  const parsed = parseName(text);
  return parsed.family && parsed.given ? { family: parsed.family, given: parsed.given } : { literal: text };
}

function authorsOf(kind: CiteKind, item: Fields, lang: Lang): CslName[] {
  const listed = Array.isArray(item.authors) ? (item.authors as Fields[]) : null;
  // Without a list the platform names one person (a report's lead author, a book's author, a speaker, a writer); a
  // paper's Chinese author line joined with "、" is still told apart.
  const named = textOf(item, "authorName", lang);
  const names = listed
    ? listed.map((author) => (author && typeof author === "object" ? textOf(author, "name", lang) : ""))
    : kind === "paper"
      ? named.split("、")
      : [named];
  return names.map(personName).filter((name): name is CslName => name !== null);
}

/** A date as Beijing reads it, from an ISO time. */
function beijingDateParts(value: unknown): number[] | null {
  if (typeof value !== "string") return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const beijing = new Date(time + 8 * 3_600_000);
  return [beijing.getUTCFullYear(), beijing.getUTCMonth() + 1, beijing.getUTCDate()];
}

function issuedOf(kind: CiteKind, item: Fields): CslItem["issued"] {
  const year = Number(item.year);
  if (Number.isInteger(year) && year >= 1000 && year <= 9999) return { "date-parts": [[year]] };
  const date = kind === "article" ? beijingDateParts(item.releaseTime ?? item.createTime) : null;
  return date ? { "date-parts": [date] } : undefined;
}

/** The item's page on this site: its own link when the platform gives one, else the detail page of its kind. */
function pageUrl(kind: CiteKind, item: Fields, origin: string): string {
  const link = typeof item.link === "string" && item.link.startsWith("/") && !item.link.startsWith("//") ? item.link : null;
  const fallback: Record<CiteKind, string> = {
    paper: "/docDetail?id=",
    report: "/docDetail?type=report&id=",
    book: "/bookDetail?id=",
    article: "/essayInfo?id=",
    video: "/videoDetail?id=",
  };
  return new URL(link ?? `${fallback[kind]}${encodeURIComponent(String(item.id))}`, origin).toString();
}

/** An item of the platform's API as CSL-JSON, in the page's language; whatever it lacks is simply left out. */
export function toCslItem(kind: CiteKind, item: Fields, lang: Lang, origin: string): CslItem {
  const csl: CslItem = {
    id: `${kind}${String(item.id).replace(/[^0-9A-Za-z]/g, "")}`,
    type: kind === "paper" && !textOf(item, "journal", lang) ? "article" : CSL_TYPES[kind],
    title: textOf(item, "title", lang) || undefined,
    author: authorsOf(kind, item, lang),
    issued: issuedOf(kind, item),
    URL: pageUrl(kind, item, origin),
  };
  // GB/T 7714 writes "等" or "et al." by the reference's language: the language of the title it shows.
  csl.language = HAN.test(csl.title ?? "") ? "zh-CN" : "en";
  const journal = textOf(item, "journal", lang);
  if (journal) csl["container-title"] = journal;
  // A report is published by the institution whose team wrote it.
  const organisation = textOf(item, "orgName", lang);
  if (kind === "report" && organisation) csl.publisher = organisation;
  const keywords = lang === "en" && Array.isArray(item.keywordsEn) ? item.keywordsEn : item.keywords;
  if (Array.isArray(keywords) && keywords.length) csl.keyword = keywords.filter((word) => typeof word === "string").join(",");
  if (kind === "video") csl.medium = lang === "en" ? "Video" : "视频";
  return csl;
}

/** A leading reference number ("[1] "), which a numeric style writes even for a reference copied on its own. */
const REFERENCE_NUMBER = /^\[\d+\]\s*/;

/**
 * The locale a reference is written in. GB/T 7714 writes a Western-language reference with Western terms ("et al.",
 * "2nd ed."), a Chinese one with Chinese terms ("等", "2 版"); the style file has one locale, so the item's language
 * chooses it.
 */
function localeFor(item: CslItem, style: CiteStyle): string {
  return style === "gbt7714" && item.language === "en" ? "en-US" : STYLE_TEMPLATES[style].locale;
}

/** One item's reference in a style, as plain text. */
export function formatReference(item: CslItem, style: CiteStyle): string {
  const { template } = STYLE_TEMPLATES[style];
  return new Cite([item])
    .format("bibliography", { template, lang: localeFor(item, style), format: "text" })
    .trim()
    .replace(REFERENCE_NUMBER, "");
}

export function formatBibtex(items: CslItem[]): string {
  return items.length ? new Cite(items).format("bibtex", { format: "text" }) : "";
}

/**
 * RIS as the reference managers read it: citation-js maps each item to its tags; the lines are written here because
 * its own text output folds every value at 70 characters, mid-word, which readers take as part of the value. One tag
 * per line, TY first and ER last, lines ending in LF as citation-js and most readers write them.
 */
export function formatRis(items: CslItem[]): string {
  if (!items.length) return "";
  // citation-js writes a film's makers to RIS from its director only: a lecture's speaker is who made the recording.
  const withMakers = items.map((item) => (item.type === "motion_picture" && item.author?.length ? { ...item, director: item.author } : item));
  const records = new Cite(withMakers).format("ris", { format: "object" });
  return records
    .map(({ TY, ...tags }) => {
      const lines = [`TY  - ${TY}`];
      for (const [tag, values] of Object.entries(tags)) {
        for (const value of [values].flat()) lines.push(`${tag}  - ${String(value).replace(/\s*[\r\n]+\s*/g, " ")}`);
      }
      lines.push("ER  - ");
      return lines.join("\n");
    })
    .join("\n\n")
    .concat("\n");
}
