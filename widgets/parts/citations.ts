/**
 * The citation URLs our server answers (ADR 044, server/cite/routes.server.ts): plain GETs a widget links to, so they
 * work without scripts, and the one read of an item's four references for the copy buttons.
 */
import type { Lang } from "@contracts/language";

export type CiteKind = "paper" | "report" | "book" | "article" | "video";
export const CITE_STYLES = ["gbt7714", "apa", "chicago", "mla"] as const;
export type CiteStyle = (typeof CITE_STYLES)[number];

const itemPath = (kind: CiteKind, id: string | number) => `/cite/${kind}/${encodeURIComponent(String(id))}`;

/** One item's reference in a style as text, its BibTeX and RIS files; the language chooses titles and names. */
export function citationUrls(kind: CiteKind, id: string | number, lang: Lang) {
  const path = itemPath(kind, id);
  return {
    text: (style: CiteStyle) => `${path}?style=${style}&lang=${lang}`,
    bibtex: `${path}.bib?lang=${lang}`,
    ris: `${path}.ris?lang=${lang}`,
  };
}

/** One file of several items (at most 200), e.g. a list's: `[{kind: "paper", id: 12}, …]`. */
export function exportUrls(items: { kind: CiteKind; id: string | number }[], lang: Lang) {
  const list = items.map((item) => `${item.kind}:${item.id}`).join(",");
  return { bibtex: `/cite/export.bib?items=${list}&lang=${lang}`, ris: `/cite/export.ris?items=${list}&lang=${lang}` };
}

/** The four references of one item, or null when the server could not give them. */
export async function loadCitations(kind: CiteKind, id: string | number, lang: Lang): Promise<Record<CiteStyle, string> | null> {
  try {
    const response = await fetch(`${itemPath(kind, id)}.json?lang=${lang}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const answer = (await response.json()) as { styles?: Record<CiteStyle, string> };
    return answer.styles ?? null;
  } catch {
    return null;
  }
}
