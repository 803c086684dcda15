import type { Db } from "../kernel/db.server.ts";
import { matchRobotEntry, ROBOT_NAME, type RobotEntry } from "@contracts/robot.ts";
import * as queries from "./queries.server.ts";

/**
 * The robot gives one answer in a room at most once in this window: ten people asking "回放?" in a row see one reply,
 * not ten. It is counted in the database, so every node of the chat holds to it.
 */
export const ROBOT_REPEAT_WINDOW_MS = 30_000;

/** Replaces a room's whole list in one transaction (the console saves the list as the operator sees it). */
export function saveList(db: Db, planId: number, list: readonly RobotEntry[], by: string, at: Date): void {
  db.transaction(() => {
    queries.deleteEntries(db, planId);
    queries.insertEntries(db, planId, list, by, at.toISOString());
  }).immediate();
}

/** The entry a message asks about in a room, or null. */
export const answerOf = (db: Db, planId: number, text: string): RobotEntry | null => matchRobotEntry(queries.entriesOf(db, planId), text);

/**
 * The robot's reply to one chat message, stored as a chat row marked robot; the row's id, or null when nothing
 * matched or the same answer was given in the room within ROBOT_REPEAT_WINDOW_MS.
 */
export function replyInChat(db: Db, planId: number, askerId: number, text: string, at: Date): number | null {
  const entry = answerOf(db, planId, text);
  if (!entry) return null;
  return db
    .transaction(() => {
      const since = new Date(at.getTime() - ROBOT_REPEAT_WINDOW_MS).toISOString();
      if (queries.answeredSince(db, planId, entry.answer, since)) return null;
      return queries.insertReply(db, {
        planId,
        askerId,
        answer: entry.answer,
        answerEn: entry.answerEn,
        nameZh: ROBOT_NAME.zh,
        nameEn: ROBOT_NAME.en,
        at: at.toISOString(),
      });
    })
    .immediate();
}
