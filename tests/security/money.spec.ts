/**
 * Money (issue 26, ADR 040) through the HTTP API and the payment simulator: money paid after an order closed goes back
 * and the buyer is told, a course is ordered once however many submissions race, and a book unlocked by membership
 * locks again when the membership is refunded. Goal: no money kept that buys nothing, and nothing kept that was paid back.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { callAs, newPerson, printFigures, type Person } from "./support";

const key = () => randomBytes(12).toString("hex");

/** The simulator's cashier decides, as a buyer or an operator would press its button. */
async function cashier(request: APIRequestContext, paymentNo: string, decision: "approve" | "expire" | "refund") {
  const posted = await request.post("/dev/pay", { form: { paymentNo, decision }, maxRedirects: 0 });
  expect(posted.status(), `${decision} ${paymentNo}`).toBe(303);
}

/** What the simulator's page says of a payment: its status, and why its money went back. */
async function simulatorShows(request: APIRequestContext, paymentNo: string) {
  const html = await (await request.get(`/dev/pay?paymentNo=${paymentNo}`)).text();
  return { status: /data-status="([a-z]+)"/.exec(html)?.[1], refundReason: /data-refund-reason="([A-Za-z]+)"/.exec(html)?.[1] ?? null };
}

async function getAs(request: APIRequestContext, person: Person, path: string): Promise<{ code: number; data?: any }> {
  return (await (await request.get(`/api${path}`, { headers: person.headers })).json()) as { code: number; data?: unknown };
}

test("money paid after an order closed goes back and the buyer sees it; one course is one order however many submissions race", async ({ request }) => {
  const courses = ((await (await request.get("/api/course/list")).json()).data.list as { productId: number; id: number }[]).slice(0, 3);
  const kept: string[] = [];
  const unrefunded: string[] = [];
  let latePayments = 0;

  /** A late payment is refunded, says why on the simulator and in the order, and a second approval changes nothing. */
  const expectRefunded = async (buyer: Person, orderNo: string, paymentNo: string, reason: string) => {
    latePayments++;
    await cashier(request, paymentNo, "approve");
    const shown = await simulatorShows(request, paymentNo);
    const order = (await callAs(request, buyer, "/order/details", { orderNo })).data;
    const refunded = (order.refunds ?? []).filter((refund: { paymentNo: string }) => refund.paymentNo === paymentNo);
    if (shown.status !== "refunded" || shown.refundReason !== reason || refunded.length !== 1)
      unrefunded.push(`${orderNo}/${paymentNo}: ${JSON.stringify(shown)}`);
    await cashier(request, paymentNo, "approve");
    const again = (await callAs(request, buyer, "/order/details", { orderNo })).data;
    if (again.refundedFen !== order.refundedFen) unrefunded.push(`${paymentNo} refunded twice`);
    return order;
  };

  // Paid after the buyer cancelled.
  const canceller = await newPerson(request);
  const cancelled = (await callAs(request, canceller, "/order/confirmPay", { productId: courses[0].productId, agree: true, idempotencyKey: key() })).data;
  expect((await callAs(request, canceller, "/order/cancel", { orderNo: cancelled.orderNo })).data.status).toBe("cancelled");
  const afterCancel = await expectRefunded(canceller, cancelled.orderNo, cancelled.paymentNo, "orderEnded");
  expect(afterCancel).toMatchObject({ status: "cancelled", refundedFen: cancelled.totalFen });
  if ((await getAs(request, canceller, `/course/detail?id=${courses[0].id}`)).data.bought) kept.push(`course of cancelled ${cancelled.orderNo} unlocked`);
  const listed = (await callAs(request, canceller, "/order/list", { status: "cancelled,expired" })).data.list;
  expect(listed[0]).toMatchObject({ orderNo: cancelled.orderNo, refundedFen: cancelled.totalFen });

  // Paid after the order expired.
  const late = await newPerson(request);
  const expired = (await callAs(request, late, "/order/confirmPay", { productId: courses[1].productId, agree: true, idempotencyKey: key() })).data;
  await cashier(request, expired.paymentNo, "expire");
  expect((await expectRefunded(late, expired.orderNo, expired.paymentNo, "orderEnded")).status).toBe("expired");

  // The first attempt paid after "pay again" had paid the order.
  const twice = await newPerson(request);
  const first = (await callAs(request, twice, "/order/confirmPay", { productId: courses[2].productId, agree: true, idempotencyKey: key() })).data;
  const second = (await callAs(request, twice, "/order/confirmPay", { orderNo: first.orderNo, idempotencyKey: key() })).data;
  await cashier(request, second.paymentNo, "approve");
  const paidTwice = await expectRefunded(twice, first.orderNo, first.paymentNo, "orderPaid");
  expect(paidTwice).toMatchObject({ status: "fulfilled", refundedFen: first.totalFen });

  // 30 submissions for one course at once, each with its own key: one order, one payment.
  const racer = await newPerson(request);
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => callAs(request, racer, "/order/confirmPay", { productId: courses[0].productId, agree: true, idempotencyKey: key() })),
  );
  const orderNos = new Set(answers.map((answer) => answer.data?.orderNo));
  const paymentNos = new Set(answers.map((answer) => answer.data?.paymentNo));
  await cashier(request, [...paymentNos][0], "approve");
  const afterwards = await Promise.all(
    Array.from({ length: 10 }, () => callAs(request, racer, "/order/confirmPay", { productId: courses[0].productId, agree: true, idempotencyKey: key() })),
  );
  const racerOrders = (await callAs(request, racer, "/order/list", { pageSize: 50 })).data.total as number;

  printFigures("Money: late payments and one course per buyer", {
    "late payments (after cancel, after expiry, after pay again)": latePayments,
    "refunded once, shown on the simulator and in the order": latePayments - unrefunded.length,
    "kept for nothing": kept.length,
    "concurrent submissions for one course": answers.length,
    "orders / payments they made": `${orderNos.size} / ${paymentNos.size}`,
    "submissions after it was paid refused": afterwards.filter((answer) => answer.code === 409).length,
    "orders of that buyer": racerOrders,
  });
  expect(unrefunded).toEqual([]);
  expect(kept).toEqual([]);
  expect([orderNos.size, paymentNos.size, racerOrders]).toEqual([1, 1, 1]);
  expect(afterwards.every((answer) => answer.code === 409 && answer.data.orderNo === [...orderNos][0])).toBe(true);
});

test("a book unlocked by membership locks again when the membership is refunded; one unlocked with points stays open", async ({ request }) => {
  const member = await newPerson(request);
  const card = ((await getAs(request, member, "/members/interests")).data.cards as { productId: number; days: number }[])[0];
  const order = (await callAs(request, member, "/order/confirmPay", { productId: card.productId, idempotencyKey: key() })).data;
  await cashier(request, order.paymentNo, "approve");
  expect((await getAs(request, member, "/members/interests")).data.membership.isVip).toBe(true);

  const books = (await getAs(request, member, "/books?pageSize=10")).data.list as { id: number; unlockPoints: number }[];
  const [byMembership, byPoints] = books;
  const lastChapter = async (bookId: number) => ((await getAs(request, member, `/booksDetail?id=${bookId}`)).data.chapters as { id: number }[]).at(-1)!.id;
  const plays = async (bookId: number) => (await getAs(request, member, `/booksPlay?chapterId=${await lastChapter(bookId)}`)).code === 200;
  expect((await callAs(request, member, "/unlock", { bookId: byMembership.id, method: "membership" })).code).toBe(200);
  const topUp = await request.post("/dev/points", { form: { userName: member.user.userName, points: String(byPoints.unlockPoints) } });
  expect(topUp.ok()).toBe(true);
  expect((await callAs(request, member, "/unlock", { bookId: byPoints.id, method: "points" })).code).toBe(200);
  const before = [await plays(byMembership.id), await plays(byPoints.id)];

  await cashier(request, order.paymentNo, "refund");
  const membership = (await getAs(request, member, "/members/interests")).data.membership;
  const after = [await plays(byMembership.id), await plays(byPoints.id)];
  const detail = (await getAs(request, member, `/booksDetail?id=${byMembership.id}`)).data;
  const position = await callAs(request, member, "/booksHistory/updatePlaysTimes", {
    chapterId: await lastChapter(byMembership.id),
    positionMs: 1000,
    takenAt: new Date().toISOString(),
  });

  printFigures("Money: unlocks lent by membership", {
    "membership refunded": membership.isVip ? "no" : "yes",
    "membership book plays (before / after)": `${before[0]} / ${after[0]}`,
    "points book plays (before / after)": `${before[1]} / ${after[1]}`,
    "position report in the relocked book": position.code,
  });
  expect(membership.isVip).toBe(false);
  expect(before).toEqual([true, true]);
  expect(after).toEqual([false, true]);
  expect(detail.unlockedBy).toBeNull();
  expect(position.code).toBe(403);
});
