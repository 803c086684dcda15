import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { votingRoutes } from "./routes.server.ts";

export { seedVoting } from "./seed.server.ts";

/** Book and video votes and the reading contest: tickets per Asia/Shanghai day, each vote one immediate transaction. */
export function createVoting(db: Db, accounts: Accounts) {
  return { routes: votingRoutes({ db, accounts }) };
}
