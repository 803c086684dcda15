import { createHash } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import type { PlatformApi } from "../kernel/router.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import type { Promotions } from "../activity/index.server.ts";
import type { HotSearches } from "../search/index.server.ts";
import type { LiveRoom } from "../live/room-routes.server.ts";
import { reviewClaim, reviewProfileChange, waitingChanges } from "../scholar-workspace/index.server.ts";
import { hashPassword, platformSecret } from "../kernel/secrets.server.ts";
import { REFUND_REASON_TEXT, signNotice, type OrderEngine, type PaymentNotice } from "../orders/index.server.ts";
import { issueExchangeCodes } from "../membership/index.server.ts";
import { createLedger } from "../points/index.server.ts";
import { listErrorReports } from "../error-reports/index.server.ts";
import { liveHostTools } from "./live-host.server.ts";
import { messagingPayTools } from "./messaging-pay.server.ts";
import { DevRouter } from "./router.server.ts";

/** What the developer tools work on: the embedded platform's own parts, and its API for what a provider would call. */
export interface DevToolsPlatform {
  api: PlatformApi;
  db: Db;
  accounts: Accounts;
  promotions: Promotions;
  orders: OrderEngine;
  hotSearches: HotSearches;
  liveRoom: LiveRoom;
}

interface OutboxRow {
  channel: "sms" | "email";
  recipient: string;
  code: string;
  text: string;
  sent_at: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dev-tools.css"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Where the cashier sends the buyer back: a path of this site only (never //host, a backslash or a scheme). */
function shopPath(value: unknown): string | null {
  return typeof value === "string" && /^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&%.]*)?$/.test(value) && !value.startsWith("//") && value.length <= 300
    ? value
    : null;
}

/** The SMS and email the platform sent, newest first. */
const outboxOf = (platform: DevToolsPlatform) =>
  (platform.db.prepare("SELECT channel, recipient, code, text, sent_at FROM outbox ORDER BY id DESC LIMIT 200").all() as OutboxRow[]).map((row) => ({
    channel: row.channel,
    to: row.recipient,
    code: row.code,
    text: row.text,
    sentAt: row.sent_at,
  }));

/** Each waiting edit of a verified profile, with the full text asked for, to approve or decline (ADR 060). */
const profileReviews = (platform: DevToolsPlatform) =>
  waitingChanges(platform.db)
    .map(
      (change) => `<li>${escapeHtml(change.authorCode)} (user ${change.userId}, ${escapeHtml(change.createdAt)}) <code>${escapeHtml(change.profile)}</code>
<form method="post" action="/dev/profileChanges/${encodeURIComponent(change.authorCode)}"><button name="decision" value="approve">Approve</button> <input name="reason" placeholder="reason to decline" maxlength="100"> <button name="decision" value="decline">Decline</button></form></li>`,
    )
    .join("");

/** Buyers' refund requests (ADR 080), approved or declined as an operator would, like scholar claims. */
const refundReviews = (platform: DevToolsPlatform) =>
  platform.orders
    .waitingRefunds()
    .map(
      (
        refund,
      ) => `<li data-refund-order="${escapeHtml(refund.order_no)}">${escapeHtml(refund.order_no)} — ${escapeHtml(refund.title)} — ¥${(refund.amount_fen / 100).toFixed(2)} — ${escapeHtml(refund.reason)} ${escapeHtml(refund.note)}
<form method="post" action="/dev/refunds/${refund.id}"><button name="decision" value="approve">Approve</button> <input name="reason" placeholder="reason to decline" maxlength="100"> <button name="decision" value="decline">Decline</button></form></li>`,
    )
    .join("");

/** The outbox page: what was sent, and what waits for an operator's review. */
function outboxTools(router: DevRouter, platform: DevToolsPlatform): void {
  router.get("/dev/outbox.json", (_request, response) => {
    response.setHeader("Cache-Control", "no-store");
    response.json(outboxOf(platform));
  });

  router.get("/dev/outbox", (_request, response) => {
    const messages = outboxOf(platform);
    const claims = platform.db
      .prepare("SELECT c.user_id, c.email, c.details, u.user_name FROM scholar_claims c JOIN users u ON u.id = c.user_id WHERE c.is_pass = 0")
      .all() as {
      user_id: number;
      email: string;
      details: string;
      user_name: string;
    }[];
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.channel)}</td><td>${escapeHtml(message.to)}</td><td class="code">${escapeHtml(message.code)}</td><td>${escapeHtml(message.text)}</td><td>${escapeHtml(message.sentAt)}</td></tr>`,
      )
      .join("");
    const reviews = claims
      .map(
        (claim) => `<li>${escapeHtml(claim.user_name)} — ${escapeHtml(claim.email)} <form method="post" action="/dev/claims/${claim.user_id}">
<button name="decision" value="approve">Approve</button> <input name="reason" placeholder="reason to decline" maxlength="100"> <button name="decision" value="decline">Decline</button></form></li>`,
      )
      .join("");
    response.setHeader("Cache-Control", "no-store");
    response.send(
      page(
        "Developer outbox",
        `<p>SMS and email messages the embedded platform sent, newest first. JSON: <a href="/dev/outbox.json">/dev/outbox.json</a></p>
<table><thead><tr><th>channel</th><th>to</th><th>code</th><th>text</th><th>sent</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}</tbody></table>
<h2>Scholar claims waiting for review</h2><ul>${reviews || "<li>None.</li>"}</ul>
<h2>Scholar profile changes waiting for review</h2><ul>${profileReviews(platform) || "<li>None.</li>"}</ul>
<h2>Refund requests waiting for review</h2><ul>${refundReviews(platform) || "<li>None.</li>"}</ul>
<h2>Accounts</h2><form method="post" action="/dev/users"><input name="userName" placeholder="user name, phone or email" required>
<input name="password" placeholder="password (create)"> <select name="action"><option value="create">create phone account</option><option value="disable">disable</option><option value="enable">enable</option><option value="vip">make VIP</option><option value="unvip">end VIP</option></select> <button type="submit">Apply</button></form>
<h2>Membership exchange codes</h2><form method="post" action="/dev/memberCodes"><input name="count" type="number" min="1" max="100" value="5"> codes of <input name="days" type="number" min="1" max="3650" value="30"> days <button type="submit">Issue</button></form>
<h2>Points</h2><form method="post" action="/dev/points"><input name="userName" placeholder="user name, phone or email" required> <input name="points" type="number" min="1" max="100000" value="1000"> <button type="submit">Give</button></form>
<h2>First-visit promotion</h2><form method="post" action="/dev/promotions"><select name="firstVisit"><option value="on"${platform.promotions.firstVisit ? " selected" : ""}>on</option><option value="off"${platform.promotions.firstVisit ? "" : " selected"}>off</option></select> <button type="submit">Apply</button></form>
<h2>Error reports from browsers</h2><table><thead><tr><th>count</th><th>kind</th><th>message</th><th>page</th><th>release</th><th>last</th></tr></thead><tbody>${
          listErrorReports(platform.db, 20)
            .map(
              (row) =>
                `<tr><td>${row.count}</td><td>${escapeHtml(row.kind)}${row.widget ? ` (${escapeHtml(row.widget)})` : ""}</td><td>${escapeHtml(row.message)}</td><td>${escapeHtml(row.page)}</td><td>${escapeHtml(row.release)}</td><td>${escapeHtml(row.last_at)}</td></tr>`,
            )
            .join("") || '<tr><td colspan="6">None.</td></tr>'
        }</tbody></table>
<h2>Live host</h2><p><a href="/dev/live">Push to a live room's screens, run questionnaires and lotteries</a></p>
<h2>Messaging-app payment</h2><p>An order paid in the messaging app's browser signs in at <span class="code">/dev/wxoauth</span> (the app's OAuth, simulated) and pays at <span class="code">/dev/pay/jsapi?paymentNo=…</span>, which shows what the page handed to the app and completes or cancels it.</p>
<h2>Hot searches</h2><form method="post" action="/dev/hotSearches"><input name="keyword" placeholder="phrase" maxlength="50" required> <select name="action"><option value="hide">hide</option><option value="show">show again</option></select> <button type="submit">Apply</button></form>
<p>Hidden: ${
          platform.hotSearches
            .hidden()
            .map((row) => `<span class="code">${escapeHtml(row.keyword)}</span> (${escapeHtml(row.hidden_by)}, ${escapeHtml(row.hidden_at)})`)
            .join(", ") || "none"
        }</p>`,
      ),
    );
  });
}

/** Scholar claims, profile changes and refund requests, approved or declined as an operator would. */
function reviewTools(router: DevRouter, platform: DevToolsPlatform, now: () => Date): void {
  router.post("/dev/profileChanges/:authorCode", (request, response) => {
    const decision = request.body?.decision === "decline" ? "decline" : "approve";
    reviewProfileChange(platform.db, String(request.params.authorCode), decision, String(request.body?.reason ?? "").slice(0, 100), now());
    response.redirect(303, "/dev/outbox");
  });

  router.post("/dev/refunds/:requestId", (request, response) => {
    const decision = request.body?.decision === "decline" ? "decline" : "approve";
    platform.orders.decideRefund(Number(request.params.requestId), decision, String(request.body?.reason ?? "").slice(0, 100), now());
    response.redirect(303, "/dev/outbox");
  });

  router.post("/dev/claims/:userId", (request, response) => {
    const decision = request.body?.decision === "decline" ? "decline" : "approve";
    reviewClaim(platform.db, Number(request.params.userId), decision, String(request.body?.reason ?? "").slice(0, 100), now());
    response.redirect(303, "/dev/outbox");
  });
}

/** Accounts as an administrator makes and changes them, and points as an operator gives them. */
function accountTools(router: DevRouter, platform: DevToolsPlatform, now: () => Date): void {
  /**
   * Account states only an administrator sets: disabled (every call then answers code 4) and VIP membership; and a
   * phone account made directly (no SMS code, so a test can send one to the number right away).
   */
  router.post("/dev/users", (request, response) => {
    const userName = String(request.body?.userName ?? "").trim();
    const action = String(request.body?.action ?? "");
    if (action === "create") {
      const password = String(request.body?.password ?? "");
      if (!/^1[3-9][0-9]{9}$/.test(userName) || !/^[A-Za-z0-9]{6,18}$/.test(password)) {
        response.status(400).json({ ok: false, userName, action });
        return;
      }
      const created = platform.db
        .prepare(
          "INSERT OR IGNORE INTO users (user_name, mobile_prefix, phone, password_hash, nickname, is_bind_phone, reg_channel, created_at) VALUES (?, '86', ?, ?, ?, 1, 'dev', ?)",
        )
        .run(userName, userName, hashPassword(password), `用户${userName.slice(-4)}`, now().toISOString());
      response.status(created.changes ? 200 : 400).json({ ok: created.changes > 0, userName, action });
      return;
    }
    const columns: Record<string, string> = { disable: "disabled = 1", enable: "disabled = 0", vip: "is_vip = 1", unvip: "is_vip = 0" };
    const change = columns[action];
    const result =
      change && userName
        ? platform.db.prepare(`UPDATE users SET ${change} WHERE user_name = ? OR phone = ? OR email = ?`).run(userName, userName, userName.toLowerCase())
        : null;
    response.status(result?.changes ? 200 : 400).json({ ok: Boolean(result?.changes), userName, action });
  });

  /** Points for a user, posted to the ledger as an operator's adjustment. */
  router.post("/dev/points", (request, response) => {
    const userName = String(request.body?.userName ?? "");
    const points = Number(request.body?.points);
    const userId = platform.db
      .prepare("SELECT id FROM users WHERE user_name = ? OR phone = ? OR email = ?")
      .pluck()
      .get(userName, userName, userName.toLowerCase()) as number | undefined;
    if (!userId || !Number.isInteger(points) || points < 1 || points > 100_000) {
      response.status(400).json({ ok: false, userName, points });
      return;
    }
    const posted = createLedger(platform.db).credit(userId, points, "operator", null, new Date());
    response.json({ ok: posted.ok, userName, points, balance: createLedger(platform.db).balance(userId) });
  });
}

/** What operations tune: the lucky draw's odds, exchange codes, the first-visit promotion, hot searches. */
function operationsTools(router: DevRouter, platform: DevToolsPlatform, now: () => Date): void {
  /**
   * The odds of the running lucky draw, as operations tune them: every prize of one kind gets the weight given, so a
   * developer (or the browser suite) can make the next turn land on, say, a physical prize.
   */
  router.post("/dev/luckyDraw", (request, response) => {
    const kind = String(request.body?.kind ?? "");
    const weight = Number(request.body?.weight);
    if (!["points", "coupon", "physical", "none"].includes(kind) || !Number.isSafeInteger(weight) || weight < 0) {
      response.status(400).json({ ok: false, kind, weight });
      return;
    }
    const changed = platform.db.prepare("UPDATE draw_prizes SET weight = ? WHERE kind = ?").run(weight, kind).changes;
    response.json({ ok: changed > 0, kind, weight, prizes: changed });
  });

  /** Membership exchange codes as operations issue them, valid for 90 days. */
  router.post("/dev/memberCodes", (request, response) => {
    const count = Number(request.body?.count ?? 1);
    const days = Number(request.body?.days ?? 30);
    if (!Number.isInteger(count) || count < 1 || count > 100 || !Number.isInteger(days) || days < 1 || days > 3650) {
      response.status(400).json({ ok: false, count, days });
      return;
    }
    const now = new Date();
    response.json({ ok: true, days, codes: issueExchangeCodes(platform.db, count, days, new Date(now.getTime() + 90 * 86_400_000), now) });
  });

  /** Switches the first-visit promotion, which a local platform runs from the start. */
  router.post("/dev/promotions", (request, response) => {
    platform.promotions.firstVisit = request.body?.firstVisit === "on";
    response.json({ firstVisit: platform.promotions.firstVisit });
  });

  /**
   * An operator hides a phrase from the hot searches (ADR 042): it leaves the list and is not counted while hidden;
   * "show" puts it back with the score it had, decayed since.
   */
  router.post("/dev/hotSearches", (request, response) => {
    const keyword = String(request.body?.keyword ?? "");
    const action = request.body?.action === "show" ? "show" : "hide";
    const done = action === "hide" ? platform.hotSearches.hide(keyword, "developer tools", now()) !== null : platform.hotSearches.unhide(keyword);
    response.status(done ? 200 : 400).json({ ok: done, keyword, action, hidden: platform.hotSearches.hidden().map((row) => row.keyword) });
  });
}

/** Every table's rows, counted and hashed. */
function tableTools(router: DevRouter, platform: DevToolsPlatform): void {
  /**
   * Each table's row count and a SHA-256 of its rows as the table gives them, so a developer (or the attack suite) can see what
   * a call wrote. `leaveOut` names tables (`rate_events`) and columns (`items.view_count`) to leave out, comma-separated.
   */
  router.get("/dev/tables.json", (request, response) => {
    const leaveOut = new Set(
      String(request.query.leaveOut ?? "")
        .split(",")
        .filter(Boolean),
    );
    const tables = (platform.db.pragma("table_list") as { schema: string; name: string; type: string }[])
      .filter((table) => table.schema === "main" && table.type === "table" && !table.name.startsWith("sqlite_") && !leaveOut.has(table.name))
      .map((table) => table.name)
      .sort();
    const answer: Record<string, { rows: number; sha256: string }> = {};
    for (const table of tables) {
      const columns = (platform.db.pragma(`table_info("${table}")`) as { name: string }[])
        .map((column) => column.name)
        .filter((column) => !leaveOut.has(`${table}.${column}`));
      const hash = createHash("sha256");
      let rows = 0;
      const select = platform.db.prepare(`SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${table}"`).raw();
      for (const row of select.iterate() as Iterable<unknown[]>) {
        rows++;
        hash.update(
          JSON.stringify(row, (_key, value: unknown) =>
            Buffer.isBuffer(value) ? value.toString("base64") : typeof value === "bigint" ? String(value) : value,
          ),
        );
        hash.update("\n");
      }
      answer[table] = { rows, sha256: hash.digest("hex") };
    }
    response.setHeader("Cache-Control", "no-store");
    response.json(answer);
  });
}

/** The payment provider's cashier, simulated. */
function cashierTools(router: DevRouter, platform: DevToolsPlatform, now: () => Date): void {
  /**
   * The payment provider, simulated: the cashier page a buyer is sent to, which approves, declines, or approves after a
   * delay, and then notifies the platform as a provider would: a signed POST to /pay/notify.
   */
  const paymentSecret = platformSecret(platform.db, "payment");
  const notifyPayment = async (paymentNo: string, outcome: PaymentNotice["outcome"]) => {
    const payment = platform.orders.paymentByNo(paymentNo);
    if (!payment) return null;
    const body = JSON.stringify({ paymentNo, outcome, amountFen: payment.amount_fen } satisfies PaymentNotice);
    const answer = await platform.api.fetch(
      new Request("http://embedded/api/pay/notify", {
        method: "POST",
        headers: { "content-type": "application/json", "x-pay-signature": signNotice(paymentSecret, body) },
        body,
      }),
    );
    return ((await answer.json()) as { code: number }).code;
  };
  messagingPayTools(router, { db: platform.db, now, notify: notifyPayment, page });

  router.get("/dev/pay", (request, response) => {
    const paymentNo = String(request.query.paymentNo ?? "");
    const returnTo = shopPath(request.query.returnTo);
    const payment = platform.db
      .prepare(`SELECT p.id, p.payment_no, p.amount_fen, p.status, o.order_no, i.title FROM payments p JOIN orders o ON o.id = p.order_id
        JOIN products pr ON pr.id = o.product_id JOIN items i ON i.id = pr.item_id WHERE p.payment_no = ?`)
      .get(paymentNo) as { id: number; payment_no: string; amount_fen: number; status: string; order_no: string; title: string } | undefined;
    response.setHeader("Cache-Control", "no-store");
    if (!payment) {
      response.status(404).send(page("Payment (simulated)", "<p>No such payment.</p>"));
      return;
    }
    const amount = `¥${(payment.amount_fen / 100).toFixed(2)}`;
    const refundable = payment.status === "succeeded";
    const refundReason = platform.orders.refundReasonOf(payment.id);
    const actions =
      payment.status === "pending"
        ? `<form method="post" action="/dev/pay"><input type="hidden" name="paymentNo" value="${escapeHtml(payment.payment_no)}">
<input type="hidden" name="returnTo" value="${escapeHtml(returnTo ?? "")}">
<button name="decision" value="approve">Approve</button> <button name="decision" value="decline">Decline</button>
<button name="decision" value="delay">Approve in 10 s</button> <button name="decision" value="expire">Let the order expire</button></form>`
        : refundable
          ? `<form method="post" action="/dev/pay"><input type="hidden" name="paymentNo" value="${escapeHtml(payment.payment_no)}">
<button name="decision" value="refund">Refund (operator)</button></form>`
          : "";
    response.send(
      page(
        "Payment (simulated)",
        `<p>This page stands in for the payment provider's cashier.</p><dl><dt>Order</dt><dd>${escapeHtml(payment.order_no)} — ${escapeHtml(payment.title)}</dd>
<dt>Amount</dt><dd class="code">${amount}</dd><dt>Status</dt><dd data-status="${escapeHtml(payment.status)}">${escapeHtml(payment.status)}</dd>
${refundReason ? `<dt>Refunded because</dt><dd data-refund-reason="${refundReason}">${escapeHtml(REFUND_REASON_TEXT[refundReason])}</dd>` : ""}</dl>${actions}
${returnTo ? `<p><a href="${escapeHtml(returnTo)}">Back to the shop</a></p>` : ""}`,
      ),
    );
  });

  router.post("/dev/pay", async (request, response) => {
    const paymentNo = String(request.body?.paymentNo ?? "");
    const decision = String(request.body?.decision ?? "");
    const payment = platform.orders.paymentByNo(paymentNo);
    if (!["approve", "decline", "delay", "expire", "refund"].includes(decision) || !payment) {
      response.status(400).send(page("Payment (simulated)", "<p>Unknown payment or decision.</p>"));
      return;
    }
    const orderNo = platform.db.prepare("SELECT order_no FROM orders WHERE id = ?").pluck().get(payment.order_id) as string;
    if (decision === "expire") platform.orders.expireNow(orderNo, now());
    else if (decision === "refund") platform.orders.refund(orderNo, now());
    else if (decision === "delay") setTimeout(() => void notifyPayment(paymentNo, "succeeded"), 10_000).unref();
    else await notifyPayment(paymentNo, decision === "approve" ? "succeeded" : "declined");
    const returnTo = shopPath(request.body?.returnTo);
    response.redirect(303, `/dev/pay?paymentNo=${encodeURIComponent(paymentNo)}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ""}`);
  });
}

/** The messaging app's scan of the login QR code, simulated. */
function wechatTools(router: DevRouter, platform: DevToolsPlatform, now: () => Date): void {
  router.get("/dev/wechat/confirm", (request, response) => {
    const sceneStr = String(request.query.sceneStr ?? "");
    response.send(
      page(
        "WeChat scan (simulated)",
        `<p>This page stands in for scanning the login QR code with WeChat.</p>
<form method="post" action="/dev/wechat/confirm"><input type="hidden" name="sceneStr" value="${escapeHtml(sceneStr)}">
<label>WeChat openid <input name="openId" value="dev-openid" pattern="[A-Za-z0-9_-]{3,40}" required></label>
<button type="submit">Confirm login</button></form>`,
      ),
    );
  });

  router.post("/dev/wechat/confirm", (request, response) => {
    const openId = String(request.body?.openId ?? "");
    const confirmed = /^[A-Za-z0-9_-]{3,40}$/.test(openId) && platform.accounts.confirmWechatScene(String(request.body?.sceneStr ?? ""), openId, now());
    response
      .status(confirmed ? 200 : 400)
      .send(
        page("WeChat scan (simulated)", confirmed ? "<p>Confirmed. Return to the login page.</p>" : "<p>This QR code has expired or was already used.</p>"),
      );
  });
}

/**
 * What third parties would do, made visible to a developer (the host mounts these pages at /dev only with
 * APP_ENV=local, never with NODE_ENV=production): the SMS/email outbox, the WeChat scan confirmation, the payment
 * provider's cashier, the scholar-claim review and buyers' refund requests. They are the embedded platform's, so they reach its tables; the
 * SSR server only relays to them (ADR 076).
 */
export function devToolPages(platform: DevToolsPlatform, now: () => Date): DevRouter {
  const router = new DevRouter();
  liveHostTools(router, platform, now);
  outboxTools(router, platform);
  reviewTools(router, platform, now);
  accountTools(router, platform, now);
  operationsTools(router, platform, now);
  tableTools(router, platform);
  cashierTools(router, platform, now);
  wechatTools(router, platform, now);
  return router;
}
