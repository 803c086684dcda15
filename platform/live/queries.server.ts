import type { Db } from "../kernel/db.server.ts";
import type { toItem } from "../content/index.server.ts";

export type ItemRow = Parameters<typeof toItem>[0];

export interface GuestRow {
  id: number;
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  author_code: string | null;
  portrait: string;
  role?: string;
}

export interface PlayRow {
  id: number;
  status: number;
  starts_at: string | null;
  ends_at: string | null;
  cover: string;
  stream_url: string | null;
  recording_url: string | null;
}

export const livePlanExists = (db: Db, id: number) => Boolean(db.prepare("SELECT 1 FROM items WHERE id = ? AND kind = 'live'").get(id));

export const planGuests = (db: Db, planId: number) =>
  db
    .prepare("SELECT g.*, pg.role FROM plan_guests pg JOIN guests g ON g.id = pg.guest_id WHERE pg.plan_id = ? ORDER BY pg.sort, g.id")
    .all(planId) as GuestRow[];

export const specialGuests = (db: Db, specialId: number) =>
  db
    .prepare("SELECT g.*, sg.role FROM special_guests sg JOIN guests g ON g.id = sg.guest_id WHERE sg.special_id = ? ORDER BY sg.sort, g.id")
    .all(specialId) as GuestRow[];

export const planCount = (db: Db, specialId: number) => db.prepare("SELECT COUNT(*) FROM special_plans WHERE special_id = ?").pluck().get(specialId) as number;

/**
 * One page of plans, optionally in some states, of one special, and with a phrase in a title, summary, speaker or
 * institution (either language). Live and coming plans first, the soonest first;
 * finished ones after them, the most recent first.
 */
export function plansPage(db: Db, filter: { statuses: number[]; specialId: number | null; keyword?: string }, limit: number, offset: number) {
  const where = ["kind = 'live'"];
  const args: unknown[] = [];
  if (filter.statuses.length) {
    where.push(`status IN (${filter.statuses.map(() => "?").join(",")})`);
    args.push(...filter.statuses);
  }
  if (filter.specialId !== null) {
    where.push("id IN (SELECT plan_id FROM special_plans WHERE special_id = ?)");
    args.push(filter.specialId);
  }
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`;
    const fields = ["title", "title_en", "summary", "summary_en", "author_name", "author_name_en", "org_name", "org_name_en"];
    where.push(`(${fields.map((field) => `${field} LIKE ? ESCAPE '\\'`).join(" OR ")})`);
    args.push(...fields.map(() => like));
  }
  const clause = where.join(" AND ");
  const total = db
    .prepare(`SELECT COUNT(*) FROM items WHERE ${clause}`)
    .pluck()
    .get(...args) as number;
  const rows = db
    .prepare(
      `SELECT * FROM items WHERE ${clause}
       ORDER BY CASE status WHEN 2 THEN 0 WHEN 1 THEN 1 WHEN 0 THEN 2 ELSE 3 END,
                CASE WHEN status IN (0, 1, 2) THEN starts_at END ASC, starts_at DESC, id DESC
       LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset) as ItemRow[];
  return { rows, total };
}

export const playRow = (db: Db, id: number) =>
  db
    .prepare(
      "SELECT i.id, i.status, i.starts_at, i.ends_at, i.cover, m.stream_url, m.recording_url FROM items i LEFT JOIN live_media m ON m.plan_id = i.id WHERE i.id = ? AND i.kind = 'live'",
    )
    .get(id) as PlayRow | undefined;

export function specialsPage(db: Db, limit: number, offset: number) {
  const total = db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'liveSpecial'").pluck().get() as number;
  const rows = db
    .prepare("SELECT * FROM items WHERE kind = 'liveSpecial' ORDER BY sort DESC, starts_at DESC, id DESC LIMIT ? OFFSET ?")
    .all(limit, offset) as ItemRow[];
  return { rows, total };
}

export const specialById = (db: Db, id: number) => db.prepare("SELECT * FROM items WHERE id = ? AND kind = 'liveSpecial'").get(id) as ItemRow | undefined;
