import type { Db } from "../kernel/db.server.ts";
import { findRiskWord } from "../community/rules.server.ts";
import { listItems, searchKinds, searchPhrase } from "../content/index.server.ts";
import { sha256 } from "../kernel/secrets.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import { addressKey } from "@contracts/client-address.server.ts";
import * as queries from "./queries.server.ts";

/**
 * Hot searches (ADR 042): what many people searched for lately, not what one client searched for many times. A search
 * counts once per client (the signed-in user, else the visitor's address, an IPv6 address by its /64) per phrase per
 * Asia/Shanghai day, only when it found public items and holds no risk word; the score halves every HALF_LIFE_DAYS
 * days (queries.server.ts). The list shows a phrase only while it still finds public items, holds no risk word and no
 * operator hid it.
 */

/** A list read looks at this many times the page's size of best-scored phrases for ones that still qualify. */
const LOOKAHEAD = 4;

export interface HotSearch {
  keyword: string;
  keywordEn: string;
  /** The decayed score, rounded: about how many different clients searched for it lately. */
  searchCount: number;
}

/** Who a search counts for: the user, else the address (an IPv6 address by its /64, which one subscriber holds). */
export function searchClient(userId: number | null, address: string): string {
  return userId !== null ? `user:${userId}` : `address:${addressKey(address)}`;
}

/** A phrase as it is counted and hidden: cleaned as every search cleans it, in its NFKC form. */
const countedForm = (raw: string) => searchPhrase(raw).normalize("NFKC");

export function createHotSearches(db: Db) {
  // Every kind a search of everything (searchType 0) covers; listItems keeps to public items.
  const everything = searchKinds("0") ?? [];
  let prunedOn = "";
  const findsPublic = (keyword: string) => listItems(db, { kinds: everything, keyword, pageNum: 1, pageSize: 1 }).total > 0;

  /**
   * Counts a search of a first page that found `found` public items (the caller's count, over every kind): once per
   * client per phrase per day, and not at all for nothing found, a risk word or a hidden phrase. True when it counted.
   */
  const count = db.transaction((raw: string, found: number, client: string, now: Date): boolean => {
    const keyword = countedForm(raw);
    if (!keyword || found <= 0 || findRiskWord(db, keyword) || queries.isKeywordHidden(db, keyword)) return false;
    const today = shanghaiDay(now);
    // The first count of a day (on this node) forgets the earlier days' clients and the phrases that have faded away.
    if (prunedOn !== today) {
      queries.forgetEarlierSearches(db, today);
      prunedOn = today;
    }
    if (!queries.rememberSearchClient(db, today, keyword, sha256(`${today}\n${client}`))) return false;
    queries.addToKeywordScore(db, keyword, now.toISOString(), today);
    return true;
  });

  /** The hot list as of now: the best-scored phrases that still find public items, hold no risk word and are not hidden. */
  const list = (size: number, now: Date): HotSearch[] => {
    const shown: HotSearch[] = [];
    for (const row of queries.rankedKeywords(db, shanghaiDay(now), size * LOOKAHEAD)) {
      if (shown.length >= size) break;
      if (findRiskWord(db, row.keyword, row.keyword_en) || !findsPublic(row.keyword)) continue;
      shown.push({ keyword: row.keyword, keywordEn: row.keyword_en, searchCount: Math.round(row.score) });
    }
    return shown;
  };

  /** An operator hides a phrase (found or not yet searched): it leaves the list and is not counted while hidden. */
  const hide = (raw: string, by: string, now: Date): string | null => {
    const keyword = countedForm(raw);
    if (!keyword) return null;
    queries.hideKeyword(db, keyword, by, now.toISOString());
    return keyword;
  };

  /** Shows a hidden phrase again; its score is the one it had when hidden, decayed since. */
  const unhide = (raw: string): boolean => queries.unhideKeyword(db, countedForm(raw));

  return { count, list, hide, unhide, hidden: () => queries.hiddenKeywords(db) };
}

export type HotSearches = ReturnType<typeof createHotSearches>;
