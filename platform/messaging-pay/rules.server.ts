import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import type { JsapiParams } from "@contracts/messaging-pay.ts";
import * as queries from "./queries.server.ts";

/** How long an OAuth code can be exchanged, as the messaging app allows: five minutes, once. */
export const CODE_TTL_MS = 5 * 60_000;

/** The simulator's OAuth: a new code for an openid (the messaging app's, silently, with scope snsapi_base). */
export function issueCode(db: Db, openid: string, now: Date): string {
  const code = randomBytes(16).toString("hex");
  queries.insertCode(db, code, openid, now.toISOString());
  return code;
}

/** Exchanges a code once for its openid and binds the openid to the person; null for an unknown, used or stale code. */
export function exchangeCode(db: Db, userId: number, code: string, now: Date): string | null {
  return db
    .transaction(() => {
      const openid = queries.takeCode(db, code, new Date(now.getTime() - CODE_TTL_MS).toISOString(), now.toISOString());
      if (!openid) return null;
      queries.bindOpenid(db, userId, openid, now.toISOString());
      return openid;
    })
    .immediate();
}

/** The JSAPI signature (signType HMAC-SHA256): the sorted fields joined as a query, then `&key=`, upper-case hex. */
export function paySign(key: string, fields: Omit<JsapiParams, "paySign">): string {
  const text = Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return createHmac("sha256", key).update(`${text}&key=${key}`).digest("hex").toUpperCase();
}

/**
 * The prepay of a payment attempt, made once with the payer's openid (a second call, even at the same moment, gets the
 * same one), and the parameters the page hands to the app. Whether it is paid is the provider's notice's to say alone.
 */
export function prepare(db: Db, key: string, appId: string, paymentId: number, openid: string, now: Date): JsapiParams {
  const prepay = db
    .transaction(() => {
      queries.insertPrepay(db, paymentId, openid, `wx${randomBytes(14).toString("hex")}`, now.toISOString());
      return queries.prepayOf(db, paymentId) as NonNullable<ReturnType<typeof queries.prepayOf>>;
    })
    .immediate();
  const fields = {
    appId,
    timeStamp: String(Math.floor(Date.parse(prepay.created_at) / 1000)),
    nonceStr: createHmac("sha256", key).update(prepay.prepay_id).digest("hex").slice(0, 32),
    package: `prepay_id=${prepay.prepay_id}`,
    signType: "HMAC-SHA256" as const,
  };
  return { ...fields, paySign: paySign(key, fields) };
}

/** What the developer tools' cashier shows of a payment: its order, amount, state and prepay (none before /wxpay/jsapi). */
export const simulatedCashier = (db: Db, paymentNo: string) => queries.jsapiPayment(db, paymentNo);
