import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { paging } from "./kernel/paging.server.ts";
import { toItem, type ItemRow } from "./content/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { say } from "./kernel/language.server.ts";

interface SoldItemRow extends ItemRow {
  product_id: number;
  price_fen: number;
  stock: number | null;
  on_sale: number;
}

interface LessonRow {
  id: number;
  course_id: number;
  position: number;
  kind: "video" | "doc";
  title: string;
  title_en: string;
  minutes: number;
  preview: number;
  video_url: string | null;
  body: string;
  body_en: string;
}

/**
 * Courses and goods as the boutique and the shop show them (ADR 018): an item with its price, stock and, for the
 * signed-in viewer, whether they bought it; a course's lessons are open when they are previews or the viewer bought
 * the course, and a locked lesson's content never leaves the server.
 */
export function shopRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const sold = (kind: "course" | "goods") =>
    `SELECT i.*, p.id AS product_id, p.price_fen, p.stock, p.on_sale FROM items i JOIN products p ON p.item_id = i.id WHERE i.kind = '${kind}'`;
  const viewerId = (context: ApiContext): number | null => {
    if (!context.token) return null;
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };
  const bought = (userId: number | null, itemId: number) =>
    userId !== null &&
    Boolean(db.prepare("SELECT 1 FROM entitlements e JOIN products p ON p.id = e.product_id WHERE e.user_id = ? AND p.item_id = ?").get(userId, itemId));
  const collected = (userId: number | null, itemId: number) =>
    userId !== null && Boolean(db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?").get(userId, itemId));
  const lessonsOf = db.prepare("SELECT * FROM course_lessons WHERE course_id = ? ORDER BY position");

  const soldItem = (row: SoldItemRow, userId: number | null) => ({
    ...toItem(row),
    productId: row.product_id,
    priceFen: row.price_fen,
    stock: row.stock,
    onSale: row.on_sale === 1,
    bought: bought(userId, row.id),
    collected: collected(userId, row.id),
    collectCount: (db.prepare("SELECT collect_count FROM item_meta WHERE item_id = ?").pluck().get(row.id) as number | undefined) ?? 0,
  });

  const lessonSummary = (lesson: LessonRow, open: boolean) => ({
    id: lesson.id,
    position: lesson.position,
    kind: lesson.kind,
    title: lesson.title,
    titleEn: lesson.title_en,
    minutes: lesson.minutes,
    preview: lesson.preview === 1,
    locked: !open,
    link: `${lesson.kind === "video" ? "/boutiqueVideo" : "/boutiqueDoc"}?id=${lesson.id}`,
  });

  const list = (kind: "course" | "goods") => (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params);
    const rows = db.prepare(`${sold(kind)} ORDER BY i.id LIMIT ? OFFSET ?`).all(pageSize, (pageNum - 1) * pageSize) as SoldItemRow[];
    const total = db
      .prepare(`SELECT COUNT(*) FROM (${sold(kind)})`)
      .pluck()
      .get() as number;
    const userId = viewerId(context);
    return ok({
      list: rows.map((row) => ({
        ...soldItem(row, userId),
        ...(kind === "course" ? { lessonCount: (lessonsOf.all(row.id) as LessonRow[]).length } : {}),
      })),
      total,
      pageNum,
      pageSize,
    });
  };

  const detail = (kind: "course" | "goods") => (context: ApiContext) => {
    const id = Number(context.params.id);
    const row = Number.isInteger(id) ? (db.prepare(`${sold(kind)} AND i.id = ?`).get(id) as SoldItemRow | undefined) : undefined;
    if (!row) return fail(404, say(context, kind === "course" ? "课程不存在" : "商品不存在", kind === "course" ? "No such course" : "No such item"));
    const userId = viewerId(context);
    const item = soldItem(row, userId);
    if (kind === "goods") return ok(item);
    const lessons = (lessonsOf.all(row.id) as LessonRow[]).map((lesson) => lessonSummary(lesson, item.bought || lesson.preview === 1));
    return ok({ ...item, lessons, minutes: lessons.reduce((sum, lesson) => sum + lesson.minutes, 0) });
  };

  return [
    { method: "ANY", path: "/course/list", handler: list("course") },
    { method: "ANY", path: "/course/detail", handler: detail("course") },
    { method: "ANY", path: "/goods/list", handler: list("goods") },
    { method: "ANY", path: "/goods/detail", handler: detail("goods") },
    {
      method: "ANY",
      path: "/courseDetail/lesson",
      handler: (context) => {
        const id = Number(context.params.id);
        const lesson = Number.isInteger(id) ? (db.prepare("SELECT * FROM course_lessons WHERE id = ?").get(id) as LessonRow | undefined) : undefined;
        if (!lesson) return fail(404, say(context, "课时不存在", "No such lesson"));
        const course = db.prepare(`${sold("course")} AND i.id = ?`).get(lesson.course_id) as SoldItemRow;
        const owned = bought(viewerId(context), course.id);
        const open = lesson.preview === 1 || owned;
        const lessons = (lessonsOf.all(course.id) as LessonRow[]).map((entry) => lessonSummary(entry, entry.preview === 1 || owned));
        return ok({
          ...lessonSummary(lesson, open),
          course: { id: course.id, title: course.title, titleEn: course.title_en, productId: course.product_id, priceFen: course.price_fen },
          lessons,
          ...(open ? { videoUrl: lesson.video_url, body: lesson.body, bodyEn: lesson.body_en } : {}),
        });
      },
    },
  ];
}
