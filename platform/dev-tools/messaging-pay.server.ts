import type { Db } from "../kernel/db.server.ts";
import type { PaymentNotice } from "../orders/index.server.ts";
import { issueCode, simulatedCashier } from "../messaging-pay/rules.server.ts";
import { sitePath } from "../messaging-pay/routes.server.ts";
import type { DevRouter } from "./router.server.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const OPENID = /^[A-Za-z0-9_-]{3,40}$/;

interface MessagingPayTools {
  db: Db;
  now: () => Date;
  /** Sends the provider's signed notice to /pay/notify, as the cashier simulator does; the platform's answer code. */
  notify: (paymentNo: string, outcome: PaymentNotice["outcome"]) => Promise<number | null>;
  page: (title: string, body: string) => string;
}

/** What the page would hand to the messaging app's bridge, as the app would receive it. */
function bridgeCall(payment: NonNullable<ReturnType<typeof simulatedCashier>>): string {
  return `WeixinJSBridge.invoke("getBrandWCPayRequest", {
  package: "prepay_id=${payment.prepay_id}",
  signType: "HMAC-SHA256", …
}) — openid ${payment.openid}, ¥${(payment.amount_fen / 100).toFixed(2)}`;
}

/**
 * The messaging app, simulated (ADR 092): its silent OAuth (a code for an openid, sent back to the product's page) and
 * its JSAPI cashier, which shows what the page handed to the app and lets the developer complete the payment (the
 * provider's signed notice to /pay/notify, which may also be repeated) or cancel it (nothing is notified).
 */
export function messagingPayTools(router: DevRouter, tools: MessagingPayTools): void {
  const { db, now, notify, page } = tools;
  router.get("/dev/wxoauth", (request, response) => {
    const back = sitePath(request.query.redirect_uri);
    if (!back) return response.status(400).send(page("Messaging-app sign-in (simulated)", "<p>redirect_uri must be a path of this site.</p>"));
    response.send(
      page(
        "Messaging-app sign-in (simulated)",
        `<p>The messaging app identifies the person silently (scope snsapi_base) and sends them back with a code the product exchanges at /wxpay/getUserOpenidByCode.</p>
<form method="post" action="/dev/wxoauth"><input type="hidden" name="redirect_uri" value="${escapeHtml(back)}"><input type="hidden" name="state" value="${escapeHtml(String(request.query.state ?? ""))}">
<label>openid in the messaging app <input name="openid" value="dev-wx-openid" pattern="[A-Za-z0-9_-]{3,40}" required></label>
<button type="submit">Continue as this person</button></form>`,
      ),
    );
  });
  router.post("/dev/wxoauth", (request, response) => {
    const back = sitePath(request.body.redirect_uri);
    const openid = String(request.body.openid ?? "");
    if (!back || !OPENID.test(openid)) return response.status(400).send(page("Messaging-app sign-in (simulated)", "<p>Unknown page or openid.</p>"));
    const query = new URLSearchParams({ code: issueCode(db, openid, now()), state: String(request.body.state ?? "").slice(0, 64) });
    response.redirect(303, `${back}${back.includes("?") ? "&" : "?"}${query}`);
  });
  router.get("/dev/pay/jsapi", (request, response) => {
    const payment = simulatedCashier(db, String(request.query.paymentNo ?? ""));
    const back = sitePath(request.query.returnTo);
    if (!payment?.prepay_id) return response.status(404).send(page("Messaging-app payment (simulated)", "<p>No JSAPI payment of that number.</p>"));
    const hidden = `<input type="hidden" name="paymentNo" value="${escapeHtml(payment.payment_no)}"><input type="hidden" name="returnTo" value="${escapeHtml(back ?? "")}">`;
    const actions =
      payment.status === "pending"
        ? `<button name="decision" value="complete">Complete the payment</button> <button name="decision" value="cancel">Cancel (the person closed the app's cashier)</button>`
        : `<button name="decision" value="repeat">Send the provider's notice again</button>`;
    response.send(
      page(
        "Messaging-app payment (simulated)",
        `<p>This page stands in for the messaging app's cashier. The product's page asked it to pay:</p>
<pre class="code" style="white-space: pre-wrap; overflow-wrap: anywhere">${escapeHtml(bridgeCall(payment))}</pre>
<dl><dt>Order</dt><dd>${escapeHtml(payment.order_no)} — ${escapeHtml(payment.title)}</dd><dt>Status</dt><dd data-status="${escapeHtml(payment.status)}">${escapeHtml(payment.status)}</dd></dl>
<form method="post" action="/dev/pay/jsapi">${hidden}${actions}</form>${back ? `<p><a href="${escapeHtml(back)}">Back to the shop</a></p>` : ""}`,
      ),
    );
  });
  router.post("/dev/pay/jsapi", async (request, response) => {
    const paymentNo = String(request.body.paymentNo ?? "");
    const back = sitePath(request.body.returnTo);
    const decision = String(request.body.decision ?? "");
    if (!simulatedCashier(db, paymentNo)?.prepay_id || !["complete", "cancel", "repeat"].includes(decision))
      return response.status(400).send(page("Messaging-app payment (simulated)", "<p>Unknown payment or decision.</p>"));
    if (decision !== "cancel") await notify(paymentNo, "succeeded");
    // The app hands the page its result and the page goes on to the order's status, which asks the platform.
    response.redirect(303, back ?? `/dev/pay/jsapi?paymentNo=${encodeURIComponent(paymentNo)}`);
  });
}
