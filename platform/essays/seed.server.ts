import type { Db } from "../kernel/db.server.ts";
import { sanitizeRichText } from "../rich-text/index.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";

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
  const existing = db.prepare("SELECT id FROM users WHERE user_name = ?").pluck().get(userName) as number | undefined;
  if (existing) return existing;
  return Number(
    db.prepare("INSERT INTO users (user_name, nickname, nickname_en, created_at) VALUES (?, ?, ?, ?)").run(userName, names.nickname, names.nicknameEn, now)
      .lastInsertRowid,
  );
}

export function seedEssays(db: Db, now: Date): void {
  const iso = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  db.transaction(() => {
    if (!db.prepare("SELECT 1 FROM users WHERE user_name = ?").get(WRITERS[0].userName)) {
      const writers = WRITERS.map((writer) => writerUser(db, writer.userName, writer, iso));
      const insertItem =
        db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, view_count, link, created_at)
        VALUES ('essay', ?, ?, ?, ?, '', ?, ?, ?, '/essayInfo?id={id}', ?)`);
      const insertEssay = db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, content_en, visibility, status, updated_at, released_at)
        VALUES (?, ?, ?, ?, ?, ?, 'released', ?, ?)`);
      for (const essay of ESSAYS) {
        const at = daysAgo(essay.daysAgo);
        const { nickname, nicknameEn } = WRITERS[essay.writer];
        const id = Number(
          insertItem.run(essay.title[0], essay.title[1], essay.intro[0], essay.intro[1], nickname, nicknameEn, essay.views, at).lastInsertRowid,
        );
        db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${id}.svg`, id);
        insertEssay.run(id, writers[essay.writer], essay.intro[0], htmlOf(essay.body[0]), htmlOf(essay.body[1]), essay.visibility ?? "public", at, at);
      }
    }
    // Essay items from before this table: each becomes a released public essay of its scholar, its summary the text.
    const legacy = db
      .prepare(
        "SELECT id, summary, summary_en, author_name, author_name_en, created_at FROM items WHERE kind = 'essay' AND id NOT IN (SELECT item_id FROM essays)",
      )
      .all() as { id: number; summary: string; summary_en: string; author_name: string; author_name_en: string; created_at: string }[];
    const insertLegacy = db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, content_en, visibility, status, updated_at, released_at)
      VALUES (?, ?, '', ?, ?, 'public', 'released', ?, ?)`);
    for (const row of legacy) {
      const scholar = db.prepare("SELECT author_code FROM scholars WHERE name = ? ORDER BY id LIMIT 1").pluck().get(row.author_name) as string | undefined;
      const names = { nickname: row.author_name, nicknameEn: row.author_name_en === row.author_name ? "" : row.author_name_en };
      const userId = writerUser(db, `essay-scholar-${scholar ?? row.author_name}`, names, row.created_at);
      insertLegacy.run(row.id, userId, htmlOf([row.summary]), htmlOf([row.summary_en]), row.created_at, row.created_at);
    }
  })();
}
