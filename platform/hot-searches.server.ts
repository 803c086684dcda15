import type { Db } from "./kernel/db.server.ts";
import { findRiskWord } from "./community/rules.server.ts";
import { listItems, searchKinds, searchPhrase } from "./content.server.ts";
import { sha256 } from "./kernel/secrets.server.ts";
import { shanghaiDay } from "./kernel/shanghai-day.server.ts";
import { addressKey } from "@contracts/client-address.server.ts";

/**
 * Hot searches (ADR 042): what many people searched for lately, not what one client searched for many times. A search
 * counts once per client (the signed-in user, else the visitor's address, an IPv6 address by its /64) per phrase per
 * Asia/Shanghai day, only when it found public items and holds no risk word; the score halves every HALF_LIFE_DAYS
 * days. The list shows a phrase only while it still finds public items, holds no risk word and no operator hid it.
 */

/** Days after which a phrase's score has halved. */
export const HALF_LIFE_DAYS = 3;
/** A score that has decayed below this (and was never hidden) is forgotten. */
const FORGOTTEN_BELOW = 0.05;
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

/** The score in SQL as of the day bound to @today: search_count halved for every HALF_LIFE_DAYS since updated_at's day. */
const DECAYED = `search_count * pow(0.5, (julianday(@today) - julianday(date(updated_at, '+8 hours'))) / ${HALF_LIFE_DAYS}.0)`;

export function createHotSearches(db: Db) {
  const remember = db.prepare("INSERT OR IGNORE INTO search_clients (day, keyword, client) VALUES (?, ?, ?)");
  const forgetEarlierDays = db.prepare("DELETE FROM search_clients WHERE day < ?");
  const add = db.prepare(
    `INSERT INTO search_keywords (keyword, search_count, updated_at) VALUES (@keyword, 1, @now)
     ON CONFLICT (keyword) DO UPDATE SET search_count = ${DECAYED} + 1, updated_at = @now WHERE hidden_at IS NULL`,
  );
  const forgetFaded = db.prepare(`DELETE FROM search_keywords WHERE hidden_at IS NULL AND ${DECAYED} < ${FORGOTTEN_BELOW}`);
  const isHidden = db.prepare("SELECT 1 FROM search_keywords WHERE keyword = ? AND hidden_at IS NOT NULL");
  const ranked = db.prepare(
    `SELECT keyword, keyword_en, ${DECAYED} AS score FROM search_keywords WHERE hidden_at IS NULL ORDER BY score DESC, keyword LIMIT @limit`,
  );
  // Every kind a search of everything (searchType 0) covers; listItems keeps to public items.
  const everything = searchKinds("0") ?? [];
  let prunedOn = "";
  const findsPublic = (keyword: string) => listItems(db, { kinds: everything, keyword, pageNum: 1, pageSize: 1 }).total > 0;

  /**
   * Counts a search of a first page that found `found` public items (the caller's count, over every kind): once per
   * client per phrase per day, and not at all for nothing found, a risk word or a hidden phrase. True when it counted.
   */
  const count = db.transaction((raw: string, found: number, client: string, now: Date): boolean => {
    const keyword = searchPhrase(raw).normalize("NFKC");
    if (!keyword || found <= 0 || findRiskWord(db, keyword) || isHidden.get(keyword)) return false;
    const today = shanghaiDay(now);
    // The first count of a day (on this node) forgets the earlier days' clients and the phrases that have faded away.
    if (prunedOn !== today) {
      forgetEarlierDays.run(today);
      forgetFaded.run({ today });
      prunedOn = today;
    }
    if (remember.run(today, keyword, sha256(`${today}\n${client}`)).changes === 0) return false;
    add.run({ keyword, now: now.toISOString(), today });
    return true;
  });

  /** The hot list as of now: the best-scored phrases that still find public items, hold no risk word and are not hidden. */
  const list = (size: number, now: Date): HotSearch[] => {
    const rows = ranked.all({ today: shanghaiDay(now), limit: size * LOOKAHEAD }) as { keyword: string; keyword_en: string; score: number }[];
    const shown: HotSearch[] = [];
    for (const row of rows) {
      if (shown.length >= size) break;
      if (findRiskWord(db, row.keyword, row.keyword_en) || !findsPublic(row.keyword)) continue;
      shown.push({ keyword: row.keyword, keywordEn: row.keyword_en, searchCount: Math.round(row.score) });
    }
    return shown;
  };

  /** An operator hides a phrase (found or not yet searched): it leaves the list and is not counted while hidden. */
  const hide = (raw: string, by: string, now: Date): string | null => {
    const keyword = searchPhrase(raw).normalize("NFKC");
    if (!keyword) return null;
    db.prepare(
      `INSERT INTO search_keywords (keyword, search_count, updated_at, hidden_at, hidden_by) VALUES (?, 0, ?, ?, ?)
       ON CONFLICT (keyword) DO UPDATE SET hidden_at = excluded.hidden_at, hidden_by = excluded.hidden_by`,
    ).run(keyword, now.toISOString(), now.toISOString(), by);
    return keyword;
  };

  /** Shows a hidden phrase again; its score is the one it had when hidden, decayed since. */
  const unhide = (raw: string): boolean =>
    db
      .prepare("UPDATE search_keywords SET hidden_at = NULL, hidden_by = NULL WHERE keyword = ? AND hidden_at IS NOT NULL")
      .run(searchPhrase(raw).normalize("NFKC")).changes > 0;

  const hidden = () =>
    db.prepare("SELECT keyword, hidden_at, hidden_by FROM search_keywords WHERE hidden_at IS NOT NULL ORDER BY hidden_at DESC").all() as {
      keyword: string;
      hidden_at: string;
      hidden_by: string;
    }[];

  return { count, list, hide, unhide, hidden };
}

export type HotSearches = ReturnType<typeof createHotSearches>;
