/**
 * The reading list ("my library", ADR 047): what the browser and the platform agree on. An entry is one item a person
 * saved, named by its reference `<kind>:<id>`, with a note and tags. The platform's paths, their answers and the limits
 * below are the contract the real platform serves as the embedded one does (docs/library-api.md).
 */

/** The kinds of item a reading list holds, as references name them ("article" is the platform's essay). */
export const LIBRARY_KINDS = ["paper", "report", "book", "article", "video", "audiobook", "live"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** The kinds the citation export (`/cite/export.bib|ris`) understands; others stay out of an export link. */
export const CITABLE_KINDS: readonly LibraryKind[] = ["paper", "report", "book", "article", "video"];

/**
 * The limits of one person's list. The form schema `schemas/forms/library-entry.schema.json` states the same numbers
 * (a unit test holds them equal); `entries` also keeps an export link of every entry under 8 KB, what proxies accept.
 */
export const LIBRARY_LIMITS = { entries: 300, noteChars: 1000, tags: 10, tagChars: 20 } as const;

/** The platform's paths (under /api). */
export const LIBRARY_API = {
  list: "/library/list",
  status: "/library/status",
  save: "/library/save",
  update: "/library/update",
  remove: "/library/remove",
} as const;

export interface LibraryEntry {
  /** The reference, `<kind>:<id>`. */
  item: string;
  kind: LibraryKind;
  id: number;
  title: string;
  titleEn: string;
  /** The item's page on this site. */
  link: string;
  note: string;
  tags: string[];
  /** ISO 8601 times, UTC. */
  savedAt: string;
  updatedAt: string;
}

export interface LibraryList {
  /** One page of entries, newest saved first. */
  list: LibraryEntry[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Every matching entry's reference, newest first (for an export of the whole filtered list). */
  refs: string[];
  /** Every matching entry's page on this site, in the same order (what an offline copy of the list needs). */
  paths: string[];
  /** Every tag the person uses, with how many entries carry it, by count then name. */
  tags: { tag: string; count: number }[];
  /** How many entries the person has in all, and how many they may have. */
  count: number;
  limit: number;
}

export type LibraryStatus = { saved: false } | { saved: true; entry: LibraryEntry };

const REFERENCE = new RegExp(`^(${LIBRARY_KINDS.join("|")}):([1-9][0-9]{0,14})$`);

/** A reference's kind and id, or null when it is not one. */
export function parseItemRef(value: unknown): { kind: LibraryKind; id: number } | null {
  if (typeof value !== "string") return null;
  const match = REFERENCE.exec(value);
  return match ? { kind: match[1] as LibraryKind, id: Number(match[2]) } : null;
}

export function itemRef(kind: LibraryKind, id: number): string {
  return `${kind}:${id}`;
}

export function isLibraryKind(value: unknown): value is LibraryKind {
  return typeof value === "string" && (LIBRARY_KINDS as readonly string[]).includes(value);
}

/**
 * The citation export of these references (`GET /cite/export.bib?items=paper:1,report:2`), citable kinds only, in the
 * order given; null when none is citable. References are checked, so the list needs no escaping.
 */
export function citationExportHref(format: "bib" | "ris", refs: readonly string[]): string | null {
  const citable = refs.filter((ref) => {
    const parsed = parseItemRef(ref);
    return parsed !== null && CITABLE_KINDS.includes(parsed.kind);
  });
  return citable.length ? `/cite/export.${format}?items=${citable.join(",")}` : null;
}
