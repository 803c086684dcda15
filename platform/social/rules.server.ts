import type { Db } from "../kernel/db.server.ts";
import { allowAll } from "../kernel/rate-limits.server.ts";
import * as queries from "./queries.server.ts";
import type { CommentRow, ToggleCounter, ToggleTable } from "./queries.server.ts";

const COMMENTS_PER_MINUTE = 5;
/** Many readers may share an address (a campus NAT); one address posting for many accounts is still bounded. */
const COMMENTS_PER_MINUTE_PER_ADDRESS = 30;

export function toComment(row: CommentRow) {
  return {
    id: row.id,
    videoId: row.video_id,
    userId: row.user_id,
    userName: row.nickname,
    portraitUrl: row.portrait_url,
    content: row.content,
    createTime: row.created_at,
  };
}

/** Toggles a praise or collection with the item's counter in one transaction; whether it is on after, and the count. */
export function toggle(db: Db, table: ToggleTable, counter: ToggleCounter, userId: number, itemId: number, at: string) {
  const on = db.transaction(() => queries.toggleMark(db, table, counter, userId, itemId, at))();
  return { on, count: queries.markCount(db, counter, itemId) };
}

/** Whether one more video comment is within the limits, per person and per address, a minute each. */
export const mayComment = (db: Db, userId: number, ip: string, at: number) =>
  allowAll(
    db,
    [
      { bucket: `comment:${userId}`, max: COMMENTS_PER_MINUTE },
      { bucket: `comment-ip:${ip}`, max: COMMENTS_PER_MINUTE_PER_ADDRESS },
    ],
    60_000,
    at,
  );
