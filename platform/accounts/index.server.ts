import type { Db } from "../kernel/db.server.ts";
import type { ApiContext, Envelope, RouteDefinition } from "../kernel/router.server.ts";
import { hashPassword, newToken } from "../kernel/secrets.server.ts";
import * as queries from "./queries.server.ts";
import type { UserRow } from "./queries.server.ts";
import { accountRoutes } from "./routes.server.ts";
import { confirmWechatScene, current, send, toUserObj, type AccountOptions, type AccountsContext } from "./rules.server.ts";

export { spendCaptcha } from "./captcha.server.ts";
export { CODE_TTL_MS, publicName, publicNameEn, RESEND_MS, toUserObj, type AccountOptions } from "./rules.server.ts";
export type { UserRow } from "./queries.server.ts";

/**
 * Accounts: who a token belongs to (`current`, `withUser` for the other areas' handlers), the sign-in and registration
 * paths (routes.server.ts), and what the developer tools call (the WeChat confirm page, the outbox).
 */
export function createAccounts(db: Db, options: AccountOptions) {
  const accounts: AccountsContext = { db, options, decoyHash: hashPassword(newToken()) };
  /** A handler for the signed-in user only; anyone else gets the answer `current` gives. */
  function withUser(handler: (context: ApiContext, user: UserRow) => Envelope | Response) {
    return (context: ApiContext) => {
      const who = current(db, context);
      return "envelope" in who ? who.envelope : handler(context, who.user);
    };
  }
  const routes: RouteDefinition[] = accountRoutes(accounts, withUser);
  return {
    routes,
    current: (context: ApiContext) => current(db, context),
    withUser,
    toUserObj,
    confirmWechatScene: (sceneStr: string, openId: string, now: Date) => confirmWechatScene(db, sceneStr, openId, now),
    sendMessage: (context: ApiContext, channel: "sms" | "email", to: string, code: string, text: string) => send(accounts, context, channel, to, code, text),
    userById: (id: number) => queries.userById(db, id),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
