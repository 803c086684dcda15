import type { Db } from "../kernel/db.server.ts";
import { toItem } from "../content/index.server.ts";
import * as queries from "./queries.server.ts";
import type { LessonRow, SoldItemRow } from "./queries.server.ts";

/** An item as the shop shows it: its price, stock and, for a signed-in viewer, whether they bought and collected it. */
export function soldItem(db: Db, row: SoldItemRow, userId: number | null) {
  return {
    ...toItem(row),
    productId: row.product_id,
    priceFen: row.price_fen,
    stock: row.stock,
    onSale: row.on_sale === 1,
    bought: userId !== null && queries.hasBought(db, userId, row.id),
    collected: userId !== null && queries.hasCollected(db, userId, row.id),
    collectCount: queries.collectCount(db, row.id),
  };
}

/** A lesson in a course's list; `open` (a preview, or the viewer bought the course) is the only way to its content. */
export function lessonSummary(lesson: LessonRow, open: boolean) {
  return {
    id: lesson.id,
    position: lesson.position,
    kind: lesson.kind,
    title: lesson.title,
    titleEn: lesson.title_en,
    minutes: lesson.minutes,
    preview: lesson.preview === 1,
    locked: !open,
    link: `${lesson.kind === "video" ? "/boutiqueVideo" : "/boutiqueDoc"}?id=${lesson.id}`,
  };
}

/** A course's lessons, each open when it is a preview or the viewer owns the course. */
export const courseLessons = (db: Db, courseId: number, owned: boolean) =>
  queries.lessonsOf(db, courseId).map((lesson) => lessonSummary(lesson, owned || lesson.preview === 1));
