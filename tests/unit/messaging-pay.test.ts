/**
 * Paying in the messaging app (ADR 092): the openid from the app's OAuth code (spec §7 /wxpay/getUserOpenidByCode,
 * once), the JSAPI parameters of one prepay per payment, and the payment decided once by the provider's notice, which
 * the developer tools' simulated cashier sends: 20 concurrent and repeated notices pay once.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { platformSecret } from "@platform/kernel/secrets.server";
import { paySign } from "@platform/messaging-pay/rules.server";
import { MESSAGING_PAY_API } from "@contracts/messaging-pay";

const api = useEmbeddedPlatform("2027-06-01T04:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const db = () => api.platform.db;

const dev = (path: string, form?: Record<string, string>) =>
  api.platform.devTools.fetch(
    new Request(
      `http://localhost${path}`,
      form ? { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) } : {},
    ),
  );

/** A buyer with an open course order and its payment attempt. */
async function openOrder() {
  const buyer = await api.newUser();
  const course = db().prepare("SELECT id FROM products WHERE kind = 'course' ORDER BY id LIMIT 1").pluck().get() as number;
  const order = await call("/order/confirmPay", {
    token: buyer.token,
    body: { productId: course, agree: true, idempotencyKey: randomBytes(12).toString("hex") },
  });
  expect(order.body.code).toBe(200);
  return { buyer, paymentNo: order.body.data.paymentNo as string, orderNo: order.body.data.orderNo as string, totalFen: order.body.data.totalFen as number };
}

/** The app's OAuth, simulated: the code it sends the person back to `back` with. */
async function oauthCode(back: string, openid: string) {
  const answer = await dev("/dev/wxoauth", { redirect_uri: back, state: "pay", openid });
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get("location") ?? "", "http://localhost");
  expect(location.pathname).toBe(back.split("?")[0]);
  return location.searchParams.get("code") ?? "";
}

async function paidWithOpenid() {
  const order = await openOrder();
  const back = `/messagingPay?paymentNo=${order.paymentNo}`;
  const first = await call(MESSAGING_PAY_API.jsapi, { token: order.buyer.token, body: { paymentNo: order.paymentNo, openid: "", redirectPath: back } });
  expect(first.body).toMatchObject({ code: 403, data: { field: "openid", authorizeUrl: `/dev/wxoauth?redirect_uri=${encodeURIComponent(back)}&state=pay` } });
  const code = await oauthCode(back, `wx-${order.buyer.id}`);
  const exchanged = await call(MESSAGING_PAY_API.openidByCode, { token: order.buyer.token, body: { code } });
  expect(exchanged.body.data).toEqual({ openid: `wx-${order.buyer.id}` });
  return { ...order, openid: `wx-${order.buyer.id}`, code };
}

describe("messaging-app payment", () => {
  it("exchanges a code once, and signs one prepay per payment however often it is asked", async () => {
    const order = await paidWithOpenid();
    expect((await call(MESSAGING_PAY_API.openidByCode, { token: order.buyer.token, body: { code: order.code } })).body.code).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(MESSAGING_PAY_API.jsapi, { token: order.buyer.token, body: { paymentNo: order.paymentNo, openid: order.openid } })),
    );
    const packages = new Set(answers.map((answer) => answer.body.data.params.package));
    expect(packages.size).toBe(1);
    const { paySign: signature, ...fields } = answers[0].body.data.params;
    expect(signature).toBe(paySign(platformSecret(db(), "jsapi"), fields));
    expect(answers[0].body.data.simulatorUrl).toBe(`/dev/pay/jsapi?paymentNo=${order.paymentNo}`);
    const stranger = await api.newUser();
    expect((await call(MESSAGING_PAY_API.jsapi, { token: stranger.token, body: { paymentNo: order.paymentNo, openid: order.openid } })).body.code).toBe(404);
  });

  it("a code older than five minutes is refused", async () => {
    const order = await openOrder();
    const code = await oauthCode("/messagingPay", "wx-late");
    api.advance(5 * 60_000 + 1);
    expect((await call(MESSAGING_PAY_API.openidByCode, { token: order.buyer.token, body: { code } })).body.code).toBe(400);
  });

  it("the simulated cashier shows what was sent; cancelling pays nothing, completing pays once", async () => {
    const order = await paidWithOpenid();
    await call(MESSAGING_PAY_API.jsapi, { token: order.buyer.token, body: { paymentNo: order.paymentNo, openid: order.openid } });
    const panel = await (await dev(`/dev/pay/jsapi?paymentNo=${order.paymentNo}`)).text();
    expect(panel).toContain("getBrandWCPayRequest");
    expect(panel).toContain(`openid ${order.openid}`);
    const cancelled = await dev("/dev/pay/jsapi", { paymentNo: order.paymentNo, decision: "cancel", returnTo: `/boutiquePay?orderNo=${order.orderNo}` });
    expect(cancelled.headers.get("location")).toBe(`/boutiquePay?orderNo=${order.orderNo}`);
    const status = async () => (await call("/order/getPaystatus", { token: order.buyer.token, body: { orderNo: order.orderNo } })).body.data.status;
    expect(await status()).toBe("created");
    await dev("/dev/pay/jsapi", { paymentNo: order.paymentNo, decision: "complete" });
    expect(["paid", "fulfilled"]).toContain(await status());
    const late = await Promise.all(
      Array.from({ length: 20 }, () => api.notifyPayment({ paymentNo: order.paymentNo, outcome: "succeeded", amountFen: order.totalFen })),
    );
    expect(late.every((answer) => answer.data?.result === "repeated")).toBe(true);
    await dev("/dev/pay/jsapi", { paymentNo: order.paymentNo, decision: "repeat" });
    const received = db()
      .prepare("SELECT COUNT(*) FROM payment_entries e JOIN payments p ON p.id = e.payment_id WHERE p.payment_no = ? AND e.kind = 'received'")
      .pluck()
      .get(order.paymentNo);
    expect(received).toBe(1);
  });

  it("20 concurrent first notices of a JSAPI payment: applied once", async () => {
    const order = await paidWithOpenid();
    await call(MESSAGING_PAY_API.jsapi, { token: order.buyer.token, body: { paymentNo: order.paymentNo, openid: order.openid } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.notifyPayment({ paymentNo: order.paymentNo, outcome: "succeeded", amountFen: order.totalFen })),
    );
    expect(answers.filter((answer) => answer.data?.result === "applied")).toHaveLength(1);
    expect(answers.filter((answer) => answer.data?.result === "repeated")).toHaveLength(19);
  });
});
