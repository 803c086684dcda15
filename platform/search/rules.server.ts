import type { Db } from "../kernel/db.server.ts";
import { circleHits, containsPattern, itemHits, jobHits, peopleHits, type SearchHit } from "./queries.server.ts";

export type { SearchHit } from "./queries.server.ts";

/** The kinds of the items table a search finds (the other kinds have tables of their own). */
const ITEM_KINDS = ["live", "meeting", "video", "videoSpecial", "paper", "report", "book", "essay", "qa", "audiobook"];

/**
 * The search page's tabs and the kinds each covers. "0" (everything), "1" (documents), "3" (lives) and "4" (videos)
 * are the spec's searchType values (§2); the others are named by what they hold.
 */
export const SEARCH_TABS: Readonly<Record<string, readonly string[]>> = {
  "0": [...ITEM_KINDS, "circle", "job", "person"],
  "1": ["paper", "report", "book"],
  "3": ["live", "meeting"],
  "4": ["video", "videoSpecial"],
  essay: ["essay"],
  qa: ["qa"],
  circle: ["circle"],
  job: ["job"],
  audio: ["audiobook"],
  people: ["person"],
};

/** The kinds a tab covers; undefined for anything else (including "constructor" and friends). */
export function tabKinds(tab: unknown): readonly string[] | undefined {
  const key = String(tab ?? "0");
  return Object.hasOwn(SEARCH_TABS, key) ? SEARCH_TABS[key] : undefined;
}

const folded = (text: string) => text.toLocaleLowerCase("en");

/**
 * How well a hit answers the phrase: 3 when a title (either language) is the phrase, 2 when a title holds it, 1 when
 * only its body, author or institution does. Case does not count.
 */
export function relevance(hit: Pick<SearchHit, "title" | "titleEn">, phrase: string): number {
  const wanted = folded(phrase);
  const titles = [hit.title, hit.titleEn].map(folded);
  if (titles.includes(wanted)) return 3;
  return titles.some((title) => title.includes(wanted)) ? 2 : 1;
}

/** Relevance first, then popularity (the kind's count), then the newer id; kinds in a fixed order for equal ids. */
export function rankHits(hits: SearchHit[], phrase: string): SearchHit[] {
  const scored = hits.map((hit) => ({ hit, score: relevance(hit, phrase) }));
  scored.sort((a, b) => b.score - a.score || (b.hit.count ?? 0) - (a.hit.count ?? 0) || b.hit.id - a.hit.id || a.hit.kind.localeCompare(b.hit.kind));
  return scored.map(({ hit }) => hit);
}

/** Everything the phrase finds, of every kind the viewer may see. */
export function findAll(db: Db, phrase: string, viewer: number): SearchHit[] {
  const like = containsPattern(phrase);
  return [...itemHits(db, ITEM_KINDS, like), ...circleHits(db, like, viewer), ...jobHits(db, like), ...peopleHits(db, like)];
}

/** One page of a tab's ranked hits, with how many each tab holds (the tabs' counts). */
export function searchPage(hits: SearchHit[], phrase: string, tab: readonly string[], pageNum: number, pageSize: number) {
  const counts = Object.fromEntries(Object.entries(SEARCH_TABS).map(([name, kinds]) => [name, hits.filter((hit) => kinds.includes(hit.kind)).length]));
  const ranked = rankHits(
    hits.filter((hit) => tab.includes(hit.kind)),
    phrase,
  );
  return { list: ranked.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: ranked.length, pageNum, pageSize, counts };
}
