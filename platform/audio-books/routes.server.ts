import type { Db } from "../kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "../accounts/index.server.ts";
import type { Ledger } from "../points/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { answerRefusal } from "../kernel/refusal.server.ts";
import { say } from "../kernel/language.server.ts";
import { isMemberAt } from "../membership/index.server.ts";
import * as queries from "./queries.server.ts";
import type { BookRow, ChapterRow } from "./queries.server.ts";
import {
  giveVoucher,
  heldUnlock,
  isOpen,
  rateBook,
  savePosition,
  signedAudioUrl,
  toggleShelf,
  unlockBook,
  VOUCHERS_PER_BOOK,
  type AudioBookArea,
} from "./rules.server.ts";

const viewer = (area: AudioBookArea, context: ApiContext): UserRow | null => {
  const who = area.accounts.current(context);
  return "user" in who ? who.user : null;
};

function bookView(db: Db, context: ApiContext, book: BookRow) {
  const chapters = queries.chapterTotals(db, book.id);
  const category = queries.categoryById(db, book.category_id)!;
  const score = queries.scoreOf(db, book.id);
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
    listeners: queries.listenerCount(db, book.id),
  };
}

const chapterView = (db: Db, context: ApiContext, book: BookRow, chapter: ChapterRow, user: UserRow | null) => ({
  id: chapter.id,
  position: chapter.position,
  title: say(context, chapter.title, chapter.title_en),
  durationMs: chapter.duration_ms,
  free: chapter.position <= book.free_chapters,
  locked: !isOpen(db, book, chapter, user, context.now()),
});

const findBook = (db: Db, context: ApiContext, id: unknown): BookRow | Envelope =>
  queries.bookById(db, Number(id)) ?? fail(404, say(context, "有声书不存在", "No such audio book"));

/** What the listener sees in a list of their own: the book with where they are or what they did. */
const listedBook = (db: Db, context: ApiContext, bookId: number, extra: Record<string, unknown>) => ({
  ...bookView(db, context, queries.bookById(db, bookId)!),
  ...extra,
});

const lockedEnvelope = (context: ApiContext, book: BookRow) =>
  fail(403, say(context, "该章节需解锁后收听", "Unlock this book to listen to this chapter"), {
    locked: true,
    bookId: book.id,
    unlockPoints: book.unlock_points,
  });

const nameOf = (area: AudioBookArea, userId: number | null) => {
  const user = userId ? area.accounts.userById(userId) : undefined;
  return user ? publicName(user) : "";
};

function categoryList(area: AudioBookArea, context: ApiContext): Envelope {
  return ok({
    list: queries.categories(area.db).map((row) => ({
      id: row.id,
      name: say(context, row.name, row.name_en),
      intro: say(context, row.intro, row.intro_en),
      bookCount: queries.categoryBookCount(area.db, row.id),
    })),
  });
}

function bookList(area: AudioBookArea, context: ApiContext): Envelope {
  const { pageNum, pageSize } = paging(context.params, 10);
  const categoryId = Number(context.params.classifyId) || null;
  const category = categoryId ? queries.categoryById(area.db, categoryId) : undefined;
  return ok({
    list: queries.booksPage(area.db, categoryId, pageSize, (pageNum - 1) * pageSize).map((row) => bookView(area.db, context, row)),
    total: queries.bookCount(area.db, categoryId),
    pageNum,
    pageSize,
    category: category ? { name: say(context, category.name, category.name_en), intro: say(context, category.intro, category.intro_en) } : null,
  });
}

function bookDetail(area: AudioBookArea, context: ApiContext): Envelope {
  const { db } = area;
  const book = findBook(db, context, context.params.id);
  if ("code" in book) return book;
  const user = viewer(area, context);
  const position = user ? queries.positionOf(db, user.id, book.id) : undefined;
  const mine = user ? queries.myScore(db, user.id, book.id) : undefined;
  const resumeChapter = position ? queries.chapterById(db, position.chapter_id)! : undefined;
  return ok({
    ...bookView(db, context, book),
    chapters: queries.chaptersOf(db, book.id).map((chapter) => chapterView(db, context, book, chapter, user)),
    onShelf: Boolean(user && queries.isOnShelf(db, user.id, book.id)),
    unlockedBy: (user ? heldUnlock(db, user, book.id, context.now()) : undefined)?.method ?? null,
    myScore: mine?.score ?? 0,
    myComment: mine?.comment ?? "",
    resume: position ? { chapterId: position.chapter_id, positionMs: position.position_ms } : null,
    resumeTitle: resumeChapter ? say(context, resumeChapter.title, resumeChapter.title_en) : null,
    balance: user ? area.ledger.balance(user.id) : null,
    isMember: Boolean(user && isMemberAt(db, user, context.now())),
  });
}

function playChapter(area: AudioBookArea, context: ApiContext): Envelope {
  const { db } = area;
  const chapter = queries.chapterById(db, Number(context.params.chapterId));
  if (!chapter) return fail(404, say(context, "章节不存在", "No such chapter"));
  const book = queries.bookById(db, chapter.book_id)!;
  const user = viewer(area, context);
  if (!isOpen(db, book, chapter, user, context.now())) return lockedEnvelope(context, book);
  const chapters = queries.chaptersOf(db, book.id);
  const index = chapters.findIndex((entry) => entry.id === chapter.id);
  const position = user ? queries.positionOf(db, user.id, book.id) : undefined;
  return ok({
    book: bookView(db, context, book),
    chapter: chapterView(db, context, book, chapter, user),
    chapters: chapters.map((entry) => chapterView(db, context, book, entry, user)),
    audioUrl: signedAudioUrl(db, chapter.file, context.now()),
    transcript: JSON.parse(chapter.transcript) as { startMs: number; endMs: number; text: string }[],
    previousId: chapters[index - 1]?.id ?? null,
    nextId: chapters[index + 1]?.id ?? null,
    resumeMs: position?.chapter_id === chapter.id ? position.position_ms : 0,
  });
}

function reportPosition(area: AudioBookArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const chapter = queries.chapterById(db, Number(context.params.chapterId));
  const positionMs = Number(context.params.positionMs);
  const takenAt = new Date(String(context.params.takenAt ?? ""));
  if (!chapter || !Number.isSafeInteger(positionMs) || positionMs < 0 || Number.isNaN(takenAt.getTime()))
    return fail(400, say(context, "播放进度无效", "Invalid listening position"));
  const book = queries.bookById(db, chapter.book_id)!;
  if (!isOpen(db, book, chapter, user, context.now())) return lockedEnvelope(context, book);
  if (!allow(db, `listen:${user.id}`, 120, 60_000, context.now().getTime())) return fail(429, say(context, "操作过于频繁", "Too many requests"));
  const applied = savePosition(db, context, user, chapter, Math.min(positionMs, chapter.duration_ms), takenAt);
  return ok({ applied });
}

function listeningHistory(area: AudioBookArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const { pageNum, pageSize } = paging(context.params, 20);
  const rows = queries.positionsPage(db, user.id, pageSize, (pageNum - 1) * pageSize);
  return ok({
    list: rows.map((row) => {
      const chapter = queries.chapterById(db, row.chapter_id)!;
      return listedBook(db, context, row.book_id, {
        chapterId: chapter.id,
        chapterTitle: say(context, chapter.title, chapter.title_en),
        positionMs: row.position_ms,
        progress: Math.round((row.position_ms / chapter.duration_ms) * 100),
        listenedAt: row.updated_at,
      });
    }),
    total: queries.positionCount(db, user.id),
    pageNum,
    pageSize,
  });
}

function shelf(area: AudioBookArea, context: ApiContext, user: UserRow): Envelope {
  const rows = queries.shelfOf(area.db, user.id);
  return ok({ list: rows.map((row) => listedBook(area.db, context, row.book_id, { addedAt: row.created_at })), total: rows.length });
}

function myRatings(area: AudioBookArea, context: ApiContext, user: UserRow): Envelope {
  const rows = queries.scoresOf(area.db, user.id);
  return ok({
    list: rows.map((row) =>
      listedBook(area.db, context, row.book_id, {
        myScore: row.score,
        stars: "★".repeat(row.score) + "☆".repeat(5 - row.score),
        myComment: row.comment,
        ratedAt: row.updated_at,
      }),
    ),
    total: rows.length,
  });
}

function unlockHistory(area: AudioBookArea, context: ApiContext, user: UserRow): Envelope {
  const rows = queries.unlocksOf(area.db, user.id);
  return ok({
    list: rows.map((row) =>
      listedBook(area.db, context, row.book_id, {
        method: row.method,
        points: row.points,
        cost: row.method === "points" ? -row.points : null,
        unlockedAt: row.created_at,
      }),
    ),
    total: rows.length,
  });
}

function vouchersOfBook(area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow): Envelope {
  const rows = queries.vouchersGiven(area.db, user.id, book.id);
  return ok({
    book: bookView(area.db, context, book),
    unlocked: Boolean(heldUnlock(area.db, user, book.id, context.now())),
    left: VOUCHERS_PER_BOOK - rows.length,
    list: rows.map((row) => ({ code: row.code, receiverName: nameOf(area, row.receiver_id), receivedAt: row.received_at })),
  });
}

function voucherDetail(area: AudioBookArea, context: ApiContext): Envelope {
  const voucher = queries.voucherByCode(area.db, String(context.params.code ?? "").toUpperCase());
  if (!voucher) return fail(404, say(context, "赠书券不存在", "No such voucher"));
  const user = viewer(area, context);
  return ok({
    book: bookView(area.db, context, queries.bookById(area.db, voucher.book_id)!),
    giverName: nameOf(area, voucher.giver_id),
    status: voucher.receiver_id ? "received" : "waiting",
    mine: user?.id === voucher.giver_id,
    receivedByMe: Boolean(user && voucher.receiver_id === user.id),
    alreadyUnlocked: Boolean(user && heldUnlock(area.db, user, voucher.book_id, context.now())),
  });
}

type BookHandler = (area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow) => Envelope;

/** A signed-in listener's call about the book named by `bookId`. */
const onBook = (area: AudioBookArea, handle: BookHandler): Handler =>
  area.accounts.withUser((context, user) => {
    const book = findBook(area.db, context, context.params.bookId);
    return "code" in book ? book : handle(area, context, user, book);
  });

/**
 * Audio books (ADR 022): the catalogue, chapters that play only when open or unlocked, listening positions that a late
 * older update never overwrites, the shelf, ratings, and unlocking with points, membership or a friend's voucher —
 * each unlock one transaction.
 */
export function audioBookRoutes(db: Db, accounts: Accounts, ledger: Ledger): RouteDefinition[] {
  const area: AudioBookArea = { db, accounts, ledger };
  const open =
    (handle: (area: AudioBookArea, context: ApiContext) => Envelope): Handler =>
    (context) =>
      handle(area, context);
  const signedIn = (handle: (area: AudioBookArea, context: ApiContext, user: UserRow) => Envelope): Handler =>
    accounts.withUser((context, user) => handle(area, context, user));
  return [
    { method: "GET", path: "/classify", handler: open(categoryList) },
    { method: "GET", path: "/books", handler: open(bookList) },
    { method: "GET", path: "/booksDetail", handler: open(bookDetail) },
    { method: "GET", path: "/booksPlay", handler: open(playChapter) },
    { method: "POST", path: "/booksHistory/updatePlaysTimes", handler: signedIn(reportPosition) },
    { method: "GET", path: "/booksHistory", handler: signedIn(listeningHistory) },
    { method: "GET", path: "/shelf", handler: signedIn(shelf) },
    { method: "POST", path: "/shelf/toggle", handler: onBook(area, (_, context, user, book) => toggleShelf(db, context, user, book)) },
    { method: "POST", path: "/booksScore", handler: onBook(area, (_, context, user, book) => rateBook(db, context, user, book)) },
    { method: "GET", path: "/booksScore/mine", handler: signedIn(myRatings) },
    { method: "POST", path: "/unlock", handler: onBook(area, (_, context, user, book) => answerRefusal(() => unlockBook(area, context, user, book))) },
    { method: "GET", path: "/unlock/history", handler: signedIn(unlockHistory) },
    { method: "POST", path: "/unlock/voucher", handler: onBook(area, (_, context, user, book) => giveVoucher(db, context, user, book)) },
    { method: "GET", path: "/unlock/vouchers", handler: onBook(area, vouchersOfBook) },
    { method: "GET", path: "/unlock/voucherDetail", handler: open(voucherDetail) },
  ];
}
