import type { Db } from "../kernel/db.server.ts";
import { sanitizeRichText } from "../rich-text/index.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";

/**
 * Seeded articles (ADR 023): a dozen essays by scholars who write here, in Chinese and English, some with formulas, one
 * for followers only and one only its writer sees; and every essay item seeded before essays had their own table
 * becomes a released public essay of its scholar. Idempotent: runs on every start, adds only what is missing.
 */

type Visibility = "public" | "self" | "followers" | "mutual";

interface SeedEssay {
  writer: number;
  title: [string, string];
  intro: [string, string];
  /** Paragraphs; a paragraph starting "## " is a heading. Formulas are written as $…$ / $$…$$. */
  body: [string[], string[]];
  visibility?: Visibility;
  daysAgo: number;
  views: number;
}

/** The writers: scholar accounts (no password; nobody logs in as them), each a claimed scholar of the seed. */
const WRITERS = seedData<{ userName: string; nickname: string; nicknameEn: string }[]>("essay-writers.json");

const ESSAYS = seedData<SeedEssay[]>("essays.json");

function htmlOf(paragraphs: string[]): string {
  const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return sanitizeRichText(paragraphs.map((text) => (text.startsWith("## ") ? `<h2>${escapeText(text.slice(3))}</h2>` : `<p>${escapeText(text)}</p>`)).join(""));
}

/** The user a seeded writer signs as, created once. */
function writerUser(db: Db, userName: string, names: { nickname: string; nicknameEn: string }, now: string): number {
  return queries.userIdByName(db, userName) || queries.insertWriter(db, userName, names.nickname, names.nicknameEn, now);
}

export function seedEssays(db: Db, now: Date): void {
  const iso = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  db.transaction(() => {
    if (queries.userIdByName(db, WRITERS[0].userName) === undefined) {
      const writers = WRITERS.map((writer) => writerUser(db, writer.userName, writer, iso));
      for (const essay of ESSAYS) {
        const at = daysAgo(essay.daysAgo);
        const { nickname, nicknameEn } = WRITERS[essay.writer];
        const id = queries.insertSeedEssayItem(db, essay.title, essay.intro, [nickname, nicknameEn], essay.views, at);
        const content: [string, string] = [htmlOf(essay.body[0]), htmlOf(essay.body[1])];
        queries.insertReleasedEssay(db, id, writers[essay.writer], essay.intro[0], content, essay.visibility ?? "public", at);
      }
    }
    // Essay items from before this table: each becomes a released public essay of its scholar, its summary the text.
    const legacy = queries.essayItemsWithoutEssay(db);
    for (const row of legacy) {
      const scholar = queries.scholarCodeByName(db, row.author_name);
      const names = { nickname: row.author_name, nicknameEn: row.author_name_en === row.author_name ? "" : row.author_name_en };
      const userId = writerUser(db, `essay-scholar-${scholar ?? row.author_name}`, names, row.created_at);
      queries.insertReleasedEssay(db, row.id, userId, "", [htmlOf([row.summary]), htmlOf([row.summary_en])], "public", row.created_at);
    }
  })();
}
