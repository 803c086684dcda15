import express, { type Request, type Response } from "express";
import type { ApiClient } from "~/api/api-client.ts";
import type { Catalogues } from "@contracts/catalogues.server";
import { readCookie } from "@contracts/cookies";
import { COOKIE_NAMES } from "@contracts/cookie-names";
import { SUCCESS_CODES } from "@contracts/envelope";
import { LANGUAGE_QUERY, toLang, type Lang } from "@contracts/language";
import type { CslItem } from "@citation-js/core";
import {
  CITE_STYLES,
  DETAIL_SOURCES,
  formatBibtex,
  formatReference,
  formatRis,
  isCiteKind,
  isCiteStyle,
  toCslItem,
  type CiteKind,
  type CiteStyle,
} from "./citations.server.ts";

/**
 * The citation URLs (ADR 044), plain GETs that work without scripts and can be linked to:
 *
 *   /cite/export.bib?items=paper:12,report:5   one BibTeX file of every item (at most EXPORT_MAX)
 *   /cite/export.ris?items=…                   the same as RIS
 *   /cite/<kind>/<id>.bib, .ris                one item's file
 *   /cite/<kind>/<id>?style=gbt7714|apa|chicago|mla   one item's reference as text (without style: all four)
 *   /cite/<kind>/<id>.json                     the four references, for the cite widget's copy buttons
 *
 * Items are read through the platform's HTTP API as a page's loader reads them, so this works against the real
 * platform too. `?lang=en` (or the language cookie) chooses the English title and names where the data has them.
 */

export const CITE_PREFIX = "/cite";
export const EXPORT_MAX = 200;
/** Item reads in flight at once for one export. */
const READ_CONCURRENCY = 8;
const ITEM_PATTERN = /^([a-z]+):(\d{1,12})$/;
const SINGLE_FILE = /^(\d{1,12})(?:\.(bib|ris|json))?$/;

interface ItemRef {
  kind: CiteKind;
  id: number;
}

type ItemRead = { state: "found"; item: CslItem } | { state: "missing" } | { state: "failed" };

export interface CitationRoutesOptions {
  api: ApiClient;
  publicOrigin: string;
  catalogues: Catalogues;
}

function languageOf(request: Request): Lang {
  const asked = request.query[LANGUAGE_QUERY];
  if (asked === "en" || asked === "zh") return asked;
  return toLang(readCookie(request.headers.cookie, COOKIE_NAMES.lang));
}

export function citationRoutes({ api, publicOrigin, catalogues }: CitationRoutesOptions): express.Router {
  const router = express.Router();

  const say = (lang: Lang, key: string, values: Record<string, string | number> = {}): string => {
    let node: unknown = catalogues[lang].cite;
    for (const segment of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
    const text = typeof node === "string" ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };

  const refuse = (response: Response, status: number, message: string) => {
    response.status(status).type("text/plain; charset=utf-8").setHeader("Cache-Control", "no-store");
    response.send(`${message}\n`);
  };

  /** Public answers, the same for everyone speaking the language; the cookie can choose it. */
  const cacheable = (response: Response) => {
    response.setHeader("Cache-Control", "public, max-age=300");
    response.setHeader("Vary", "Cookie");
  };

  const readItem = async (ref: ItemRef, lang: Lang, clientAddress: string): Promise<ItemRead> => {
    const source = DETAIL_SOURCES[ref.kind];
    const answer = await api.request<Record<string, unknown>>(source.api, {
      method: "POST",
      params: { id: ref.id },
      headers: clientAddress ? { "X-Forwarded-For": clientAddress } : {},
    });
    if (answer.code === 404 || (SUCCESS_CODES.has(answer.code) && !answer.data)) return { state: "missing" };
    if (!SUCCESS_CODES.has(answer.code) || !answer.data || typeof answer.data !== "object") {
      return answer.code >= 400 && answer.code < 500 ? { state: "missing" } : { state: "failed" };
    }
    // /mpPaper/detail answers papers and reports alike: an id of the other kind is not this item.
    if (answer.data.kind !== undefined && answer.data.kind !== source.itemKind) return { state: "missing" };
    return { state: "found", item: toCslItem(ref.kind, answer.data, lang, publicOrigin) };
  };

  const readAll = async (refs: ItemRef[], lang: Lang, clientAddress: string): Promise<ItemRead[]> => {
    const reads: ItemRead[] = new Array(refs.length);
    let next = 0;
    const worker = async () => {
      while (next < refs.length) {
        const index = next++;
        reads[index] = await readItem(refs[index], lang, clientAddress).catch((): ItemRead => ({ state: "failed" }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, refs.length) }, worker));
    return reads;
  };

  /** The items parameter as item references, or what is wrong with it in the reader's language. */
  const parseItems = (value: unknown, lang: Lang): { refs: ItemRef[] } | { problem: string } => {
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) return { problem: say(lang, "errors.noItems") };
    const entries = [
      ...new Set(
        text
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    ];
    if (entries.length > EXPORT_MAX) return { problem: say(lang, "errors.tooMany", { max: EXPORT_MAX, count: entries.length }) };
    const refs: ItemRef[] = [];
    for (const entry of entries) {
      const match = ITEM_PATTERN.exec(entry);
      const id = Number(match?.[2]);
      if (!match || !isCiteKind(match[1]) || !(id > 0)) return { problem: say(lang, "errors.badItem", { item: entry.slice(0, 40) }) };
      refs.push({ kind: match[1], id });
    }
    return { refs };
  };

  const exportFile = (format: "bib" | "ris") => async (request: Request, response: Response) => {
    const lang = languageOf(request);
    const parsed = parseItems(request.query.items, lang);
    if ("problem" in parsed) return refuse(response, 400, parsed.problem);
    const reads = await readAll(parsed.refs, lang, request.ip ?? "");
    if (reads.every((read) => read.state === "failed")) return refuse(response, 502, say(lang, "errors.upstream"));
    const found = reads.flatMap((read) => (read.state === "found" ? [read.item] : []));
    const skipped = parsed.refs.filter((_ref, index) => reads[index].state !== "found").map((ref) => `${ref.kind}:${ref.id}`);
    response.setHeader("X-Citations-Exported", String(found.length));
    response.setHeader("X-Citations-Skipped", String(skipped.length));
    // While the platform failed to answer for an item the file is incomplete: it is not kept anywhere.
    if (reads.some((read) => read.state === "failed")) response.setHeader("Cache-Control", "no-store");
    else cacheable(response);
    response.attachment(`citations.${format}`);
    if (format === "ris") {
      response.type("application/x-research-info-systems; charset=utf-8").send(formatRis(found));
      return;
    }
    const comment = say(lang, "exportComment", { count: found.length, skipped: skipped.length, list: skipped.join(", ") || "-" });
    // BibTeX ignores everything in @comment{…}; braces inside it must balance, and ours never hold any.
    response.type("application/x-bibtex; charset=utf-8").send(`@comment{${comment.replace(/[{}]/g, "")}}\n\n${formatBibtex(found)}`);
  };

  router.get(`${CITE_PREFIX}/export.bib`, exportFile("bib"));
  router.get(`${CITE_PREFIX}/export.ris`, exportFile("ris"));

  router.get(`${CITE_PREFIX}/:kind/:file`, async (request, response) => {
    const lang = languageOf(request);
    const kind = String(request.params.kind);
    if (!isCiteKind(kind)) return refuse(response, 404, say(lang, "errors.badKind", { kind: kind.slice(0, 40) }));
    const file = SINGLE_FILE.exec(String(request.params.file));
    const id = Number(file?.[1]);
    if (!file || !(id > 0)) return refuse(response, 404, say(lang, "errors.badId"));
    const style = typeof request.query.style === "string" ? request.query.style : undefined;
    if (style !== undefined && !isCiteStyle(style)) return refuse(response, 400, say(lang, "errors.badStyle", { style: style.slice(0, 40) }));
    const read = await readItem({ kind, id }, lang, request.ip ?? "").catch((): ItemRead => ({ state: "failed" }));
    if (read.state === "missing") return refuse(response, 404, say(lang, "errors.notFound"));
    if (read.state === "failed") return refuse(response, 502, say(lang, "errors.upstream"));
    cacheable(response);
    const name = `${kind}-${id}`;
    switch (file[2]) {
      case "bib":
        response
          .attachment(`${name}.bib`)
          .type("application/x-bibtex; charset=utf-8")
          .send(formatBibtex([read.item]));
        return;
      case "ris":
        response
          .attachment(`${name}.ris`)
          .type("application/x-research-info-systems; charset=utf-8")
          .send(formatRis([read.item]));
        return;
      case "json":
        response.json({ styles: Object.fromEntries(CITE_STYLES.map((each) => [each, formatReference(read.item, each)])) });
        return;
    }
    const styles: readonly CiteStyle[] = style ? [style] : CITE_STYLES;
    const text = style
      ? formatReference(read.item, style)
      : styles.map((each) => `${say(lang, `styles.${each}`)}\n${formatReference(read.item, each)}`).join("\n\n");
    response.setHeader("Content-Disposition", `inline; filename="${name}-${style ?? "citations"}.txt"`);
    response.type("text/plain; charset=utf-8").send(`${text}\n`);
  });

  return router;
}
