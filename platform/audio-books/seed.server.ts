import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../kernel/db.server.ts";
import { AUDIO_BOOKS, AUDIO_CATEGORIES } from "./texts.server.ts";
import { AUDIO_DIR } from "./rules.server.ts";

/** The audio books, once: categories, books as catalogue items, chapters with the transcripts the timings place. */
export function seedAudioBooks(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM audio_categories").get()) return;
  const timings = JSON.parse(readFileSync(join(AUDIO_DIR, "timings.json"), "utf8")) as Record<
    string,
    { durationMs: number; lines: { startMs: number; endMs: number }[] }
  >;
  db.transaction(() => {
    const categoryIds = new Map<string, number>();
    AUDIO_CATEGORIES.forEach((category, index) => {
      const id = db
        .prepare("INSERT INTO audio_categories (key, name, name_en, intro, intro_en, sort) VALUES (?, ?, ?, ?, ?, ?)")
        .run(category.key, category.name[0], category.name[1], category.intro[0], category.intro[1], index).lastInsertRowid;
      categoryIds.set(category.key, Number(id));
    });
    AUDIO_BOOKS.forEach((book, index) => {
      const itemId = Number(
        db
          .prepare(
            `INSERT INTO items (kind, title, title_en, summary, summary_en, author_name, author_name_en, sort, created_at)
             VALUES ('audiobook', ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(book.title[0], book.title[1], book.summary[0], book.summary[1], book.author[0], book.author[1], AUDIO_BOOKS.length - index, now.toISOString())
          .lastInsertRowid,
      );
      db.prepare("UPDATE items SET cover = ?, link = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, `/bookAudioDetail?id=${itemId}`, itemId);
      db.prepare("INSERT INTO audio_books (item_id, category_id, narrator, narrator_en, free_chapters, unlock_points) VALUES (?, ?, ?, ?, ?, ?)").run(
        itemId,
        categoryIds.get(book.category)!,
        book.narrator[0],
        book.narrator[1],
        book.freeChapters,
        book.unlockPoints,
      );
      book.chapters.forEach((chapter, position) => {
        const name = `${book.slug}-${position + 1}`;
        const timing = timings[name];
        const transcript = chapter.sentences.map((text, line) => ({ ...timing.lines[line], text }));
        db.prepare("INSERT INTO audio_chapters (book_id, position, title, title_en, file, duration_ms, transcript) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
          itemId,
          position + 1,
          chapter.title[0],
          chapter.title[1],
          `${name}.mp3`,
          timing.durationMs,
          JSON.stringify(transcript),
        );
      });
    });
  })();
}
