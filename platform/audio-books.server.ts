import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "./accounts/index.server.ts";
import type { Ledger } from "./points/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { answerRefusal, Refusal } from "./kernel/refusal.server.ts";
import { platformSecret } from "./kernel/secrets.server.ts";
import { say } from "./kernel/language.server.ts";
import { AUDIO_BOOKS, AUDIO_CATEGORIES } from "./audio-texts.server.ts";
import { isMemberAt } from "./membership/index.server.ts";

/** Where the spoken chapters are (made by `npm run make:audio`, committed). */
export const AUDIO_DIR = join(import.meta.dirname, "audio");
/** A signed audio URL stays playable this long: a long listening session, not a link to pass around. */
const AUDIO_URL_TTL_S = 6 * 3600;
/** Vouchers a listener who unlocked a book may give friends. */
export const VOUCHERS_PER_BOOK = 3;
/** A position measured later than this after the server's now is a wrong device clock; it is taken as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

interface BookRow {
  id: number;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  author_name: string;
  author_name_en: string;
  narrator: string;
  narrator_en: string;
  category_id: number;
  free_chapters: number;
  unlock_points: number;
}

interface ChapterRow {
  id: number;
  book_id: number;
  position: number;
  title: string;
  title_en: string;
  file: string;
  duration_ms: number;
  transcript: string;
}

interface UnlockRow {
  method: "points" | "membership" | "voucher";
}

interface PositionRow {
  book_id: number;
  chapter_id: number;
  position_ms: number;
  taken_at: string;
  updated_at: string;
  plays: number;
}

const audioSignature = (secret: string, file: string, expires: number) => createHmac("sha256", secret).update(`${file}:${expires}`).digest("hex");

/** A URL for one chapter file that the media route serves only until it expires (as a CDN's signed URL). */
export function signedAudioUrl(db: Db, file: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + AUDIO_URL_TTL_S;
  return `/media/audio/${file}?exp=${expires}&sig=${audioSignature(platformSecret(db, "media"), file, expires)}`;
}

export function audioUrlValid(db: Db, file: string, expires: number, signature: string, now: Date): boolean {
  if (!/^[a-z0-9-]+\.mp3$/.test(file) || !Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(audioSignature(platformSecret(db, "media"), file, expires), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Audio books (ADR 022): the catalogue, chapters that play only when open or unlocked, listening positions that a late
 * older update never overwrites, the shelf, ratings, and unlocking with points, membership or a friend's voucher —
 * each unlock one transaction.
 */
export function audioBookRoutes(db: Db, accounts: Accounts, ledger: Ledger): RouteDefinition[] {
  const bookSelect = `SELECT i.id, i.title, i.title_en, i.summary, i.summary_en, i.cover, i.author_name, i.author_name_en,
    b.narrator, b.narrator_en, b.category_id, b.free_chapters, b.unlock_points FROM audio_books b JOIN items i ON i.id = b.item_id`;
  const bookById = db.prepare(`${bookSelect} WHERE i.id = ?`);
  const chaptersOf = db.prepare("SELECT * FROM audio_chapters WHERE book_id = ? ORDER BY position");
  const chapterById = db.prepare("SELECT * FROM audio_chapters WHERE id = ?");
  const unlockOf = db.prepare("SELECT * FROM book_unlocks WHERE user_id = ? AND book_id = ?");
  const positionOf = db.prepare("SELECT * FROM listen_positions WHERE user_id = ? AND book_id = ?");

  const viewer = (context: ApiContext): UserRow | null => {
    const who = accounts.current(context);
    return "user" in who ? who.user : null;
  };
  /**
   * A listener's unlock of a book while it holds (ADR 040): one paid with points or a friend's voucher for good, one
   * lent by membership while the listener is a member, so a refunded or lapsed membership locks the book again.
   */
  const heldUnlock = (user: UserRow, bookId: number, now: Date): UnlockRow | undefined => {
    const unlock = unlockOf.get(user.id, bookId) as UnlockRow | undefined;
    return unlock && (unlock.method !== "membership" || isMemberAt(db, user, now)) ? unlock : undefined;
  };
  const isOpen = (book: BookRow, chapter: ChapterRow, user: UserRow | null, now: Date) =>
    chapter.position <= book.free_chapters || Boolean(user && heldUnlock(user, book.id, now));

  const scoreOf = (bookId: number) =>
    db.prepare("SELECT ROUND(AVG(score), 1) AS average, COUNT(*) AS count FROM book_scores WHERE book_id = ?").get(bookId) as {
      average: number | null;
      count: number;
    };

  const bookView = (context: ApiContext, book: BookRow) => {
    const chapters = db.prepare("SELECT COUNT(*) AS count, SUM(duration_ms) AS ms FROM audio_chapters WHERE book_id = ?").get(book.id) as {
      count: number;
      ms: number;
    };
    const category = db.prepare("SELECT name, name_en FROM audio_categories WHERE id = ?").get(book.category_id) as { name: string; name_en: string };
    const score = scoreOf(book.id);
    return {
      id: book.id,
      title: say(context, book.title, book.title_en),
      summary: say(context, book.summary, book.summary_en),
      cover: book.cover,
      author: say(context, book.author_name, book.author_name_en),
      narrator: say(context, book.narrator, book.narrator_en),
      categoryId: book.category_id,
      categoryName: say(context, category.name, category.name_en),
      chapterCount: chapters.count,
      minutes: Math.max(1, Math.round(chapters.ms / 60_000)),
      freeChapters: book.free_chapters,
      unlockPoints: book.unlock_points,
      score: score.average ?? 0,
      scoreCount: score.count,
      listeners: db.prepare("SELECT COUNT(*) FROM listen_positions WHERE book_id = ?").pluck().get(book.id) as number,
    };
  };

  const chapterView = (context: ApiContext, book: BookRow, chapter: ChapterRow, user: UserRow | null) => ({
    id: chapter.id,
    position: chapter.position,
    title: say(context, chapter.title, chapter.title_en),
    durationMs: chapter.duration_ms,
    free: chapter.position <= book.free_chapters,
    locked: !isOpen(book, chapter, user, context.now()),
  });

  const findBook = (context: ApiContext, id: unknown): BookRow | Envelope =>
    (bookById.get(Number(id)) as BookRow | undefined) ?? fail(404, say(context, "有声书不存在", "No such audio book"));

  /** What the listener sees in a list of their own: the book with where they are or what they did. */
  const listedBook = (context: ApiContext, bookId: number, extra: Record<string, unknown>) => ({
    ...bookView(context, bookById.get(bookId) as BookRow),
    ...extra,
  });

  const titleOf = (chapterId: number): [string, string] => {
    const chapter = chapterById.get(chapterId) as ChapterRow;
    return [chapter.title, chapter.title_en];
  };

  const lockedEnvelope = (context: ApiContext, book: BookRow) =>
    fail(403, say(context, "该章节需解锁后收听", "Unlock this book to listen to this chapter"), {
      locked: true,
      bookId: book.id,
      unlockPoints: book.unlock_points,
    });

  function unlockBy(context: ApiContext, user: UserRow, book: BookRow): Envelope {
    const now = context.now();
    if (heldUnlock(user, book.id, now)) return fail(409, say(context, "您已解锁这本书", "You have unlocked this book already"));
    const method = context.params.method;
    // A membership unlock that no longer holds gives way to the new one.
    const record = (how: string, points: number, ref: string) =>
      db
        .prepare(
          `INSERT INTO book_unlocks (user_id, book_id, method, points, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id, book_id) DO UPDATE SET method = excluded.method, points = excluded.points, ref = excluded.ref, created_at = excluded.created_at`,
        )
        .run(user.id, book.id, how, points, ref, now.toISOString());
    if (method === "points") {
      const ref = `unlock:${book.id}`;
      const paid = ledger.debit(user.id, book.unlock_points, "unlock", ref, now);
      if (!paid.ok) throw new Refusal(fail(409, say(context, "积分不足", "Not enough points"), { balance: ledger.balance(user.id), cost: book.unlock_points }));
      record("points", book.unlock_points, ref);
    } else if (method === "membership") {
      if (!isMemberAt(db, user, now)) return fail(403, say(context, "开通会员后可免费解锁", "Members unlock books free. Become a member first"));
      record("membership", 0, "member");
    } else if (method === "voucher") {
      const code = String(context.params.code ?? "").toUpperCase();
      const voucher = db.prepare("SELECT * FROM book_vouchers WHERE code = ? AND book_id = ?").get(code, book.id) as
        | { giver_id: number; receiver_id: number | null }
        | undefined;
      if (!voucher) return fail(404, say(context, "赠书券不存在", "No such voucher"));
      if (voucher.giver_id === user.id) return fail(409, say(context, "不能领取自己送出的赠书券", "You cannot use a voucher you gave"));
      const taken = db
        .prepare("UPDATE book_vouchers SET receiver_id = ?, received_at = ? WHERE code = ? AND receiver_id IS NULL")
        .run(user.id, now.toISOString(), code);
      if (taken.changes !== 1) return fail(409, say(context, "这张赠书券已被领取", "This voucher has been used"));
      record("voucher", 0, `voucher:${code}`);
    } else {
      return fail(400, say(context, "请选择解锁方式", "Choose how to unlock"));
    }
    return ok({ bookId: book.id, method }, say(context, "解锁成功，全部章节可收听", "Unlocked: every chapter is yours"));
  }

  const unlock = db.transaction((context: ApiContext, user: UserRow, book: BookRow) => unlockBy(context, user, book));

  /** A position report: applied only when measured after the one stored (a late, older report changes nothing). */
  const savePosition = db.transaction((context: ApiContext, user: UserRow, chapter: ChapterRow, positionMs: number, takenAt: Date): boolean => {
    const now = context.now();
    const measured = takenAt.getTime() > now.getTime() + CLOCK_SKEW_MS ? now : takenAt;
    const stored = positionOf.get(user.id, chapter.book_id) as PositionRow | undefined;
    if (stored && Date.parse(stored.taken_at) >= measured.getTime()) return false;
    const newPlay = !stored || stored.chapter_id !== chapter.id ? 1 : 0;
    db.prepare(
      `INSERT INTO listen_positions (user_id, book_id, chapter_id, position_ms, taken_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, book_id) DO UPDATE SET chapter_id = excluded.chapter_id, position_ms = excluded.position_ms,
       taken_at = excluded.taken_at, updated_at = excluded.updated_at, plays = plays + ?`,
    ).run(user.id, chapter.book_id, chapter.id, positionMs, measured.toISOString(), now.toISOString(), newPlay);
    return true;
  });

  const newVoucher = db.transaction((context: ApiContext, user: UserRow, book: BookRow): Envelope => {
    if (!heldUnlock(user, book.id, context.now())) return fail(403, say(context, "解锁这本书后才能赠送", "Unlock the book before you give it"));
    const given = db.prepare("SELECT COUNT(*) FROM book_vouchers WHERE giver_id = ? AND book_id = ?").pluck().get(user.id, book.id) as number;
    if (given >= VOUCHERS_PER_BOOK)
      return fail(409, say(context, `每本书最多赠送 ${VOUCHERS_PER_BOOK} 位好友`, `You can give each book to ${VOUCHERS_PER_BOOK} friends`));
    const code = Array.from({ length: 10 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[randomInt(31)]).join("");
    db.prepare("INSERT INTO book_vouchers (code, book_id, giver_id, created_at) VALUES (?, ?, ?, ?)").run(code, book.id, user.id, context.now().toISOString());
    return ok({ code, left: VOUCHERS_PER_BOOK - given - 1 }, say(context, "赠书券已生成，分享给好友吧", "Voucher ready: share it with a friend"));
  });

  const nameOf = (userId: number | null) => {
    const user = userId ? accounts.userById(userId) : undefined;
    return user ? publicName(user) : "";
  };

  return [
    {
      method: "GET",
      path: "/classify",
      handler: (context) => {
        const rows = db.prepare("SELECT * FROM audio_categories ORDER BY sort").all() as {
          id: number;
          name: string;
          name_en: string;
          intro: string;
          intro_en: string;
        }[];
        return ok({
          list: rows.map((row) => ({
            id: row.id,
            name: say(context, row.name, row.name_en),
            intro: say(context, row.intro, row.intro_en),
            bookCount: db.prepare("SELECT COUNT(*) FROM audio_books WHERE category_id = ?").pluck().get(row.id) as number,
          })),
        });
      },
    },
    {
      method: "GET",
      path: "/books",
      handler: (context) => {
        const { pageNum, pageSize } = paging(context.params, 10);
        const categoryId = Number(context.params.classifyId) || null;
        const where = categoryId ? "WHERE b.category_id = ?" : "";
        const args = categoryId ? [categoryId] : [];
        const rows = db
          .prepare(`${bookSelect} ${where} ORDER BY i.sort DESC, i.id LIMIT ? OFFSET ?`)
          .all(...args, pageSize, (pageNum - 1) * pageSize) as BookRow[];
        const total = db
          .prepare(`SELECT COUNT(*) FROM audio_books b ${where}`)
          .pluck()
          .get(...args) as number;
        const category = categoryId
          ? (db.prepare("SELECT * FROM audio_categories WHERE id = ?").get(categoryId) as
              | { name: string; name_en: string; intro: string; intro_en: string }
              | undefined)
          : undefined;
        return ok({
          list: rows.map((row) => bookView(context, row)),
          total,
          pageNum,
          pageSize,
          category: category ? { name: say(context, category.name, category.name_en), intro: say(context, category.intro, category.intro_en) } : null,
        });
      },
    },
    {
      method: "GET",
      path: "/booksDetail",
      handler: (context) => {
        const book = findBook(context, context.params.id);
        if ("code" in book) return book;
        const user = viewer(context);
        const position = user ? (positionOf.get(user.id, book.id) as PositionRow | undefined) : undefined;
        const unlocked = user ? heldUnlock(user, book.id, context.now()) : undefined;
        const mine = user
          ? (db.prepare("SELECT score, comment FROM book_scores WHERE user_id = ? AND book_id = ?").get(user.id, book.id) as
              | { score: number; comment: string }
              | undefined)
          : undefined;
        return ok({
          ...bookView(context, book),
          chapters: (chaptersOf.all(book.id) as ChapterRow[]).map((chapter) => chapterView(context, book, chapter, user)),
          onShelf: Boolean(user && db.prepare("SELECT 1 FROM shelf_books WHERE user_id = ? AND book_id = ?").get(user.id, book.id)),
          unlockedBy: unlocked?.method ?? null,
          myScore: mine?.score ?? 0,
          myComment: mine?.comment ?? "",
          resume: position ? { chapterId: position.chapter_id, positionMs: position.position_ms } : null,
          resumeTitle: position ? say(context, ...titleOf(position.chapter_id)) : null,
          balance: user ? ledger.balance(user.id) : null,
          isMember: Boolean(user && isMemberAt(db, user, context.now())),
        });
      },
    },
    {
      method: "GET",
      path: "/booksPlay",
      handler: (context) => {
        const chapter = chapterById.get(Number(context.params.chapterId)) as ChapterRow | undefined;
        if (!chapter) return fail(404, say(context, "章节不存在", "No such chapter"));
        const book = bookById.get(chapter.book_id) as BookRow;
        const user = viewer(context);
        if (!isOpen(book, chapter, user, context.now())) return lockedEnvelope(context, book);
        const chapters = chaptersOf.all(book.id) as ChapterRow[];
        const index = chapters.findIndex((entry) => entry.id === chapter.id);
        const position = user ? (positionOf.get(user.id, book.id) as PositionRow | undefined) : undefined;
        return ok({
          book: bookView(context, book),
          chapter: chapterView(context, book, chapter, user),
          chapters: chapters.map((entry) => chapterView(context, book, entry, user)),
          audioUrl: signedAudioUrl(db, chapter.file, context.now()),
          transcript: JSON.parse(chapter.transcript) as { startMs: number; endMs: number; text: string }[],
          previousId: chapters[index - 1]?.id ?? null,
          nextId: chapters[index + 1]?.id ?? null,
          resumeMs: position?.chapter_id === chapter.id ? position.position_ms : 0,
        });
      },
    },
    {
      method: "POST",
      path: "/booksHistory/updatePlaysTimes",
      handler: accounts.withUser((context, user) => {
        const chapter = chapterById.get(Number(context.params.chapterId)) as ChapterRow | undefined;
        const positionMs = Number(context.params.positionMs);
        const takenAt = new Date(String(context.params.takenAt ?? ""));
        if (!chapter || !Number.isSafeInteger(positionMs) || positionMs < 0 || Number.isNaN(takenAt.getTime()))
          return fail(400, say(context, "播放进度无效", "Invalid listening position"));
        const book = bookById.get(chapter.book_id) as BookRow;
        if (!isOpen(book, chapter, user, context.now())) return lockedEnvelope(context, book);
        if (!allow(db, `listen:${user.id}`, 120, 60_000, context.now().getTime())) return fail(429, say(context, "操作过于频繁", "Too many requests"));
        const applied = savePosition(context, user, chapter, Math.min(positionMs, chapter.duration_ms), takenAt);
        return ok({ applied });
      }),
    },
    {
      method: "GET",
      path: "/booksHistory",
      handler: accounts.withUser((context, user) => {
        const { pageNum, pageSize } = paging(context.params, 20);
        const rows = db
          .prepare("SELECT * FROM listen_positions WHERE user_id = ? ORDER BY updated_at DESC LIMIT ? OFFSET ?")
          .all(user.id, pageSize, (pageNum - 1) * pageSize) as PositionRow[];
        const total = db.prepare("SELECT COUNT(*) FROM listen_positions WHERE user_id = ?").pluck().get(user.id) as number;
        return ok({
          list: rows.map((row) => {
            const chapter = chapterById.get(row.chapter_id) as ChapterRow;
            return listedBook(context, row.book_id, {
              chapterId: chapter.id,
              chapterTitle: say(context, chapter.title, chapter.title_en),
              positionMs: row.position_ms,
              progress: Math.round((row.position_ms / chapter.duration_ms) * 100),
              listenedAt: row.updated_at,
            });
          }),
          total,
          pageNum,
          pageSize,
        });
      }),
    },
    {
      method: "GET",
      path: "/shelf",
      handler: accounts.withUser((context, user) => {
        const rows = db.prepare("SELECT book_id, created_at FROM shelf_books WHERE user_id = ? ORDER BY created_at DESC").all(user.id) as {
          book_id: number;
          created_at: string;
        }[];
        return ok({ list: rows.map((row) => listedBook(context, row.book_id, { addedAt: row.created_at })), total: rows.length });
      }),
    },
    {
      method: "POST",
      path: "/shelf/toggle",
      handler: accounts.withUser((context, user) => {
        const book = findBook(context, context.params.bookId);
        if ("code" in book) return book;
        const removed = db.prepare("DELETE FROM shelf_books WHERE user_id = ? AND book_id = ?").run(user.id, book.id).changes > 0;
        if (!removed) db.prepare("INSERT INTO shelf_books (user_id, book_id, created_at) VALUES (?, ?, ?)").run(user.id, book.id, context.now().toISOString());
        return ok({ onShelf: !removed }, removed ? say(context, "已移出书架", "Removed from your shelf") : say(context, "已加入书架", "Added to your shelf"));
      }),
    },
    {
      method: "POST",
      path: "/booksScore",
      handler: accounts.withUser((context, user) => {
        const book = findBook(context, context.params.bookId);
        if ("code" in book) return book;
        const score = Number(context.params.score);
        const comment = String(context.params.comment ?? "").trim();
        if (!Number.isInteger(score) || score < 1 || score > 5) return fail(400, say(context, "请选择 1 到 5 星", "Choose 1 to 5 stars"));
        if (comment.length > 200) return fail(400, say(context, "评价最多 200 字", "A review is at most 200 characters"));
        db.prepare(
          `INSERT INTO book_scores (user_id, book_id, score, comment, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id, book_id) DO UPDATE SET score = excluded.score, comment = excluded.comment, updated_at = excluded.updated_at`,
        ).run(user.id, book.id, score, comment, context.now().toISOString());
        const average = scoreOf(book.id);
        return ok({ myScore: score, score: average.average, scoreCount: average.count }, say(context, "评分已保存", "Rating saved"));
      }),
    },
    {
      method: "GET",
      path: "/booksScore/mine",
      handler: accounts.withUser((context, user) => {
        const rows = db.prepare("SELECT * FROM book_scores WHERE user_id = ? ORDER BY updated_at DESC").all(user.id) as {
          book_id: number;
          score: number;
          comment: string;
          updated_at: string;
        }[];
        return ok({
          list: rows.map((row) =>
            listedBook(context, row.book_id, {
              myScore: row.score,
              stars: "★".repeat(row.score) + "☆".repeat(5 - row.score),
              myComment: row.comment,
              ratedAt: row.updated_at,
            }),
          ),
          total: rows.length,
        });
      }),
    },
    {
      method: "POST",
      path: "/unlock",
      handler: accounts.withUser((context, user) => {
        const book = findBook(context, context.params.bookId);
        if ("code" in book) return book;
        return answerRefusal(() => unlock(context, user, book));
      }),
    },
    {
      method: "GET",
      path: "/unlock/history",
      handler: accounts.withUser((context, user) => {
        const rows = db.prepare("SELECT * FROM book_unlocks WHERE user_id = ? ORDER BY created_at DESC").all(user.id) as {
          book_id: number;
          method: string;
          points: number;
          created_at: string;
        }[];
        return ok({
          list: rows.map((row) =>
            listedBook(context, row.book_id, {
              method: row.method,
              points: row.points,
              cost: row.method === "points" ? -row.points : null,
              unlockedAt: row.created_at,
            }),
          ),
          total: rows.length,
        });
      }),
    },
    {
      method: "POST",
      path: "/unlock/voucher",
      handler: accounts.withUser((context, user) => {
        const book = findBook(context, context.params.bookId);
        if ("code" in book) return book;
        return newVoucher(context, user, book);
      }),
    },
    {
      method: "GET",
      path: "/unlock/vouchers",
      handler: accounts.withUser((context, user) => {
        const book = findBook(context, context.params.bookId);
        if ("code" in book) return book;
        const rows = db.prepare("SELECT * FROM book_vouchers WHERE giver_id = ? AND book_id = ? ORDER BY created_at").all(user.id, book.id) as {
          code: string;
          receiver_id: number | null;
          received_at: string | null;
        }[];
        return ok({
          book: bookView(context, book),
          unlocked: Boolean(heldUnlock(user, book.id, context.now())),
          left: VOUCHERS_PER_BOOK - rows.length,
          list: rows.map((row) => ({ code: row.code, receiverName: nameOf(row.receiver_id), receivedAt: row.received_at })),
        });
      }),
    },
    {
      method: "GET",
      path: "/unlock/voucherDetail",
      handler: (context) => {
        const voucher = db.prepare("SELECT * FROM book_vouchers WHERE code = ?").get(String(context.params.code ?? "").toUpperCase()) as
          | { code: string; book_id: number; giver_id: number; receiver_id: number | null }
          | undefined;
        if (!voucher) return fail(404, say(context, "赠书券不存在", "No such voucher"));
        const user = viewer(context);
        return ok({
          book: bookView(context, bookById.get(voucher.book_id) as BookRow),
          giverName: nameOf(voucher.giver_id),
          status: voucher.receiver_id ? "received" : "waiting",
          mine: user?.id === voucher.giver_id,
          receivedByMe: Boolean(user && voucher.receiver_id === user.id),
          alreadyUnlocked: Boolean(user && heldUnlock(user, voucher.book_id, context.now())),
        });
      },
    },
  ];
}

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
