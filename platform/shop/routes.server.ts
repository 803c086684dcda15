import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { SoldKind } from "./queries.server.ts";
import { courseLessons, lessonSummary, soldItem } from "./rules.server.ts";

const NOT_FOUND = { course: ["课程不存在", "No such course"], goods: ["商品不存在", "No such item"] } as const;

/**
 * Courses and goods as the boutique and the shop show them (ADR 018): an item with its price, stock and, for the
 * signed-in viewer, whether they bought it; a course's lessons are open when they are previews or the viewer bought
 * the course, and a locked lesson's content never leaves the server.
 */
export function shopRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const viewerId = (context: ApiContext): number | null => {
    if (!context.token) return null;
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };

  const list = (kind: SoldKind) => (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params);
    const rows = queries.soldPage(db, kind, pageSize, (pageNum - 1) * pageSize);
    const total = queries.soldCount(db, kind);
    const userId = viewerId(context);
    return ok({
      list: rows.map((row) => ({
        ...soldItem(db, row, userId),
        ...(kind === "course" ? { lessonCount: queries.lessonsOf(db, row.id).length } : {}),
      })),
      total,
      pageNum,
      pageSize,
    });
  };

  const detail = (kind: SoldKind) => (context: ApiContext) => {
    const id = Number(context.params.id);
    const row = Number.isInteger(id) ? queries.soldItem(db, kind, id) : undefined;
    if (!row) return fail(404, say(context, NOT_FOUND[kind][0], NOT_FOUND[kind][1]));
    const item = soldItem(db, row, viewerId(context));
    if (kind === "goods") return ok(item);
    const lessons = courseLessons(db, row.id, item.bought);
    return ok({ ...item, lessons, minutes: lessons.reduce((sum, lesson) => sum + lesson.minutes, 0) });
  };

  const lesson = (context: ApiContext): Envelope => {
    const id = Number(context.params.id);
    const found = Number.isInteger(id) ? queries.lessonById(db, id) : undefined;
    if (!found) return fail(404, say(context, "课时不存在", "No such lesson"));
    const course = queries.soldItem(db, "course", found.course_id)!;
    const userId = viewerId(context);
    const owned = userId !== null && queries.hasBought(db, userId, course.id);
    const open = found.preview === 1 || owned;
    return ok({
      ...lessonSummary(found, open),
      course: { id: course.id, title: course.title, titleEn: course.title_en, productId: course.product_id, priceFen: course.price_fen },
      lessons: courseLessons(db, course.id, owned),
      ...(open ? { videoUrl: found.video_url, body: found.body, bodyEn: found.body_en } : {}),
    });
  };

  return [
    { method: "ANY", path: "/course/list", handler: list("course") },
    { method: "ANY", path: "/course/detail", handler: detail("course") },
    { method: "ANY", path: "/goods/list", handler: list("goods") },
    { method: "ANY", path: "/goods/detail", handler: detail("goods") },
    { method: "ANY", path: "/courseDetail/lesson", handler: lesson },
  ];
}
