import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import * as queries from "./queries.server.ts";
import { messageRoutes } from "./routes.server.ts";
import { newFor, sendReminders, unreadCount } from "./rules.server.ts";

/**
 * The message centre (issue 31, ADR 063, migration 031): notices the platform writes where things happen (notify),
 * direct messages between people (blacklist either way, risk words, a rate limit, images only from /file/upload),
 * reading one channel or all, and reminders of lives that start. What the /ws/im socket and the clock call; the
 * paths are in routes.server.ts.
 */
export function createMessages(db: Db, accounts: Accounts, uploadsDir: string) {
  return {
    routes: messageRoutes(db, accounts, uploadsDir),
    unreadCount: (userId: number) => unreadCount(db, userId),
    /** What a person's socket sends after `afterNotice`/`afterDirect`: their new notices and messages to them. */
    newFor: (userId: number, afterNotice: number, afterDirect: number) => newFor(db, userId, afterNotice, afterDirect),
    latestIds: (userId: number): { notice: number; direct: number } => ({
      notice: queries.latestNoticeId(db, userId),
      direct: queries.latestDirectId(db, userId),
    }),
    /** Sends the reminders of lives that have started: one notice each, once. */
    sendReminders: (at: Date) => sendReminders(db, at),
  };
}

export type Messages = ReturnType<typeof createMessages>;
