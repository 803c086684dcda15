import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { MESSAGING_PAY_API } from "@contracts/messaging-pay.ts";
import * as queries from "./queries.server.ts";
import { exchangeCode, prepare } from "./rules.server.ts";

export interface MessagingPayOptions {
  /** The messaging app's account the payments are made to. */
  appId: string;
  /** The key JSAPI parameters are signed with. */
  key: string;
  /** Where the page sends the person to pay: the provider's own bridge (null), or the simulator's page. */
  simulatorUrl: ((paymentNo: string) => string) | null;
  /** The messaging app's OAuth page (scope snsapi_base) that sends the person back to a path of this site with a code. */
  authorizeUrl: (redirectPath: string) => string;
}

/** A path of this site only (never //host, a backslash or a scheme): where the OAuth page sends the person back. */
export function sitePath(value: unknown): string | null {
  return typeof value === "string" && /^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&%.]*)?$/.test(value) && !value.startsWith("//") && value.length <= 500
    ? value
    : null;
}

const OAUTH_CODE = /^[A-Za-z0-9_-]{8,128}$/;

function openidByCode(db: Db, context: ApiContext, user: UserRow): Envelope {
  const code = typeof context.params.code === "string" && OAUTH_CODE.test(context.params.code) ? context.params.code : "";
  const openid = code ? exchangeCode(db, user.id, code, context.now()) : null;
  if (!openid) return fail(400, say(context, "授权已失效，请重新支付", "The authorisation has expired. Please pay again"), { field: "code" });
  return ok({ openid });
}

function jsapi(db: Db, options: MessagingPayOptions, context: ApiContext, user: UserRow): Envelope {
  const paymentNo = typeof context.params.paymentNo === "string" ? context.params.paymentNo : "";
  const payment = paymentNo ? queries.buyersPayment(db, paymentNo, user.id) : undefined;
  if (!payment) return fail(404, say(context, "支付单不存在", "No such payment"));
  if (payment.status !== "pending") return fail(409, say(context, "这笔支付已经结束，请刷新订单", "This payment has ended. Please reload the order"));
  const openid = queries.openidOf(db, user.id);
  if (!openid || openid !== context.params.openid) {
    const back = sitePath(context.params.redirectPath);
    return fail(403, say(context, "请在微信中授权后支付", "Please authorise in the messaging app to pay"), {
      field: "openid",
      ...(back ? { authorizeUrl: options.authorizeUrl(back) } : {}),
    });
  }
  const params = prepare(db, options.key, options.appId, payment.id, openid, context.now());
  return ok({ paymentNo, params, ...(options.simulatorUrl ? { simulatorUrl: options.simulatorUrl(paymentNo) } : {}) });
}

/** Paying in the messaging app (ADR 092): the openid from the app's OAuth code, then a JSAPI payment's parameters. */
export function messagingPayRoutes(db: Db, accounts: Accounts, options: MessagingPayOptions): RouteDefinition[] {
  return [
    { method: "POST", path: MESSAGING_PAY_API.openidByCode, handler: accounts.withUser((context, user) => openidByCode(db, context, user)) },
    { method: "POST", path: MESSAGING_PAY_API.jsapi, handler: accounts.withUser((context, user) => jsapi(db, options, context, user)) },
  ];
}
