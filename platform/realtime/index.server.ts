import type { IncomingMessage } from "node:http";
import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import type { LiveRoom } from "../live/room-routes.server.ts";
import { livePlanExists } from "../live/rules.server.ts";
import type { Messages } from "../messages/index.server.ts";
import { type ChatRobot, createChatHub } from "./chat.server.ts";
import { createDwellHub } from "./dwell.server.ts";
import { createMessagesHub } from "./messages.server.ts";
import { createScreenHub } from "./screen.server.ts";
import { socketContext, userOf } from "./session.server.ts";

export { CHAT_LIMITS } from "./chat.server.ts";
export type { DwellConnectionLog } from "./dwell.server.ts";

export interface SocketOptions {
  now: () => Date;
  /** Lets tests read dwell connections and make the server stop answering a device (never in production). */
  testHooks?: boolean;
}

/**
 * The embedded platform's socket endpoints (spec §7: chat, screen, dwell time; ADR 063's messages): a host that took
 * an upgrade — after its own Origin, path and limit checks — hands the socket to one of these hubs. The hubs keep
 * their state in the platform's database; the host sees only this interface, never the tables.
 */
export function createSockets(parts: { db: Db; accounts: Accounts; liveRoom: LiveRoom; messages: Messages; robot?: ChatRobot }, options: SocketOptions) {
  const { db, accounts, liveRoom, messages, robot } = parts;
  const { now } = options;
  return {
    chat: createChatHub({ db, accounts, now, robot }),
    dwell: createDwellHub({ db, accounts, now, testHooks: options.testHooks }),
    screen: createScreenHub({ liveRoom }),
    messages: createMessagesHub({ messages }),
    /** Whom the upgrade's session cookie names: null for nobody, an ended session or a disabled account. */
    userIdOf: (request: IncomingMessage): number | null => userOf(accounts, socketContext(db, request, now))?.id ?? null,
    /** Whether a live plan of this id exists (its chat and screen sockets answer 404 otherwise). */
    planExists: (planId: number) => livePlanExists(db, planId),
  };
}

export type Sockets = ReturnType<typeof createSockets>;
