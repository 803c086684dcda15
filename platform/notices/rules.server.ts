import type { Db } from "../kernel/db.server.ts";
import { insertNotice, type NoticeInput } from "./queries.server.ts";

export type { NoticeInput } from "./queries.server.ts";

/** Writes a notice for one person; called inside the transaction of what it tells of, so both happen or neither. */
export function notify(db: Db, userId: number, notice: NoticeInput, at: Date): void {
  insertNotice(db, userId, notice, at.toISOString());
}
