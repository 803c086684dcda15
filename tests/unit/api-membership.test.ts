/**
 * Membership (ADR 020) through the embedded platform's calls: cards bought through the order engine extend from the
 * current expiry, exchange codes and gift cards are redeemed at most once (also when submitted at the same moment),
 * wrong, used and expired codes are told apart, and wrong guesses are rate-limited.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { displayMemberCode, issueExchangeCodes } from "@platform/membership/index.server";

const api = useEmbeddedPlatform("2027-05-01T02:00:00.000Z", { captchaTestMode: true });
const { call, advance } = api;
const DAY = 86_400_000;
const db = () => api.platform.db;
const key = () => randomBytes(12).toString("hex");
const card = (kind: "membership" | "gift", days: number) =>
  db().prepare("SELECT id, price_fen FROM products WHERE kind = ? AND days = ?").get(kind, days) as { id: number; price_fen: number };
const codes = (count: number, days = 30, validDays = 90) => issueExchangeCodes(db(), count, days, new Date(api.now().getTime() + validDays * DAY), api.now());
const membership = async (token: string) => (await call("/members/interests", { method: "GET", token })).body.data.membership;

/** Buys a card through /order/confirmPay and settles it with a signed notice, as the payment provider would. */
async function buy(token: string, productId: number) {
  const placed = await call("/order/confirmPay", { token, body: { productId, quantity: 1, idempotencyKey: key() } });
  expect(placed.body.code, placed.body.message).toBe(200);
  const notice = { paymentNo: placed.body.data.paymentNo, outcome: "succeeded" as const, amountFen: placed.body.data.totalFen };
  expect((await api.notifyPayment(notice)).data?.result).toBe("applied");
  return placed.body.data.orderNo as string;
}

describe("cards", () => {
  it("lists interests and cards to anyone, with the viewer's membership when logged in", async () => {
    const anonymous = await call("/members/interests", { method: "GET" });
    expect(anonymous.body.data.interests).toHaveLength(8);
    expect(anonymous.body.data.interests[7]).toMatchObject({ id: 8, title: "Member gift pack" });
    expect(anonymous.body.data.cards.map((entry: { days: number }) => entry.days)).toEqual([30, 90, 365]);
    expect(anonymous.body.data.membership).toBeNull();
  });

  it("a bought card makes a member; renewing extends from the current expiry, not from today", async () => {
    const { token } = await api.newUser();
    await buy(token, card("membership", 30).id);
    const first = await membership(token);
    expect(first).toMatchObject({ isVip: true, daysLeft: 30 });
    expect(Date.parse(first.expiresAt)).toBe(api.now().getTime() + 30 * DAY);
    advance(10 * DAY);
    await buy(token, card("membership", 90).id);
    const renewed = await membership(token);
    expect(Date.parse(renewed.expiresAt)).toBe(Date.parse(first.expiresAt) + 90 * DAY);
    expect(renewed.daysLeft).toBe(110);
    const log = await call("/members/memberRecord", { method: "GET", token, query: { type: "open" } });
    expect(log.body.data.list.map((row: { days: number }) => row.days)).toEqual([90, 30]);
    expect((await call("/web/getUserInfoWithToken", { method: "GET", token })).body.data.isVip).toBe(true);
  });

  it("a lapsed membership starts again from today and stops counting as VIP when it runs out", async () => {
    const { token } = await api.newUser();
    await buy(token, card("membership", 30).id);
    advance(31 * DAY);
    expect(api.platform.membership.endLapsed(api.now())).toBeGreaterThan(0);
    expect((await call("/web/getUserInfoWithToken", { method: "GET", token })).body.data.isVip).toBe(false);
    await buy(token, card("membership", 30).id);
    expect(Date.parse((await membership(token)).expiresAt)).toBe(api.now().getTime() + 30 * DAY);
  });

  it("an operator's refund takes the bought days back", async () => {
    const { token } = await api.newUser();
    const orderNo = await buy(token, card("membership", 365).id);
    expect(api.platform.orders.refund(orderNo, api.now())).toBe(true);
    expect((await membership(token)).isVip).toBe(false);
  });
});

describe("exchange codes", () => {
  it("redeems a code once, typed in any case with dashes; used, wrong and expired codes get their own message", async () => {
    const [code] = codes(1, 90);
    const { token } = await api.newUser();
    const typed = displayMemberCode(code).toLowerCase();
    const redeemed = await call("/members/exchange", { token, body: { code: typed } });
    expect(redeemed.body).toMatchObject({ code: 200, message: "Done: your membership is 90 days longer", data: { days: 90 } });
    const again = await call("/members/exchange", { token, body: { code } });
    expect(again.body).toMatchObject({ code: 409, message: "This code has already been used" });
    const other = await api.newUser();
    expect((await call("/members/exchange", { token: other.token, body: { code }, lang: "zh" })).body.message).toBe("该兑换码已被使用");
    expect((await call("/members/exchange", { token: other.token, body: { code: "ABCD-EFGH-JKMN" } })).body).toMatchObject({
      code: 404,
      message: "No such code. Please check it and try again",
    });
    const [late] = codes(1, 30, 1);
    advance(2 * DAY);
    expect((await call("/members/exchange", { token: other.token, body: { code: late } })).body).toMatchObject({ code: 410, message: "This code has expired" });
    const log = await call("/members/memberRecord", { method: "GET", token, query: { type: "exchange" } });
    expect(log.body.data.list).toHaveLength(1);
  });

  it("30 people submitting one code at the same moment: exactly one membership", async () => {
    const [code] = codes(1);
    const people = await Promise.all(Array.from({ length: 30 }, () => api.newUser()));
    const answers = await Promise.all(people.map((person) => call("/members/exchange", { token: person.token, body: { code } })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 409)).toHaveLength(29);
    expect(db().prepare("SELECT COUNT(*) FROM membership_events WHERE ref = ?").pluck().get(`code:${code}`)).toBe(1);
  });

  it("after 5 wrong codes in 10 minutes asks the user to wait, even for a right one; a right code never counts", async () => {
    const { token } = await api.newUser();
    const [right, later] = codes(2);
    expect((await call("/members/exchange", { token, body: { code: right } })).body.code).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await call("/members/exchange", { token, body: { code: `WRONG-CODE-${attempt}` } })).body.code).toBe(404);
    expect((await call("/members/exchange", { token, body: { code: later } })).body).toMatchObject({
      code: 429,
      message: "Too many wrong codes. Please try again in 10 minutes",
    });
    advance(11 * 60_000);
    expect((await call("/members/exchange", { token, body: { code: later } })).body.code).toBe(200);
  });
});

describe("gift cards", () => {
  it("a bought gift card is a code for a friend: the giver cannot take it, one friend receives it, the giver sees who", async () => {
    const giver = await api.newUser();
    await buy(giver.token, card("gift", 30).id);
    const mine = await call("/members/friendCards", { method: "GET", token: giver.token });
    expect(mine.body.data.list).toHaveLength(1);
    const gift = mine.body.data.list[0];
    expect(gift).toMatchObject({ status: "waiting", days: 30, mine: true });
    expect((await membership(giver.token))?.isVip).toBe(false);
    expect((await call("/members/receive", { token: giver.token, body: { code: gift.code } })).body.code).toBe(409);
    // A visitor sees the card but never its code.
    const seen = await call("/members/friendCardDetail", { method: "GET", query: { code: gift.code } });
    expect(seen.body.data).toMatchObject({ status: "waiting", code: null, giverName: expect.stringMatching(/^用户\d{4}$/) });
    const friends = await Promise.all(Array.from({ length: 20 }, () => api.newUser()));
    const answers = await Promise.all(friends.map((friend) => call("/members/receive", { token: friend.token, body: { code: gift.code } })));
    const winner = answers.findIndex((answer) => answer.body.code === 200);
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect((await membership(friends[winner].token)).daysLeft).toBe(30);
    const after = await call("/members/friendCards", { method: "GET", token: giver.token });
    expect(after.body.data.list[0]).toMatchObject({ status: "received", receiverName: expect.stringMatching(/^用户\d{4}$/) });
  });

  it("a gift card cannot be refunded once received", async () => {
    const giver = await api.newUser();
    const orderNo = await buy(giver.token, card("gift", 30).id);
    const code = db().prepare("SELECT code FROM member_codes WHERE giver_id = ?").pluck().get(giver.id) as string;
    const friend = await api.newUser();
    expect((await call("/members/receive", { token: friend.token, body: { code } })).body.code).toBe(200);
    expect(api.platform.orders.refund(orderNo, api.now())).toBe(false);
  });
});
