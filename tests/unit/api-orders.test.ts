/**
 * The order engine of ADR 018 through the embedded platform's own calls: prices only from the server, coupons once,
 * stock never below zero, one order and one charge per submission key, signed and idempotent payment notices,
 * expiry that gives back stock and coupon, and nothing lost across a restart. "Concurrent" here means many calls
 * started at once on one platform, as the HTTP server would hand them over.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { createEmbeddedPlatform } from "@server/platform-api/index.server";
import { couponDiscount, ORDER_TTL_MS, signNotice } from "@server/platform-api/orders.server";
import { platformSecret } from "@server/platform-api/support.server";

const api = useEmbeddedPlatform("2027-06-01T04:00:00.000Z", { captchaTestMode: true });
const { call, advance } = api;

let phoneCounter = 0;
/** Each buyer's delivery address (goods need one). */
const addressOf = new Map<string, number>();

async function newBuyer(): Promise<string> {
  const phone = `137${String(++phoneCounter).padStart(8, "0")}`;
  expect((await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "r", ticket: "t" }, ip: api.freshIp() })).body.code).toBe(200);
  const code = api.outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const login = await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code }, ip: api.freshIp() });
  expect(login.body.code).toBe(1);
  const token = login.body.data.token as string;
  const address = await call("/userAddress/operation", {
    body: { receiver: "李华", phone: phone, provinceCode: "310000", cityCode: "310000", districtCode: "310104", detail: "徐汇区漕溪北路88号" },
    token,
  });
  expect(address.body.code, address.body.message).toBe(200);
  addressOf.set(token, address.body.data.id);
  return token;
}

/** /order/confirmPay as the pages call it: goods go to the buyer's address. */
const confirmPay = (body: Record<string, unknown>, token: string) => call("/order/confirmPay", { body: { addressId: addressOf.get(token), ...body }, token });

const key = () => randomBytes(12).toString("hex");
const db = () => api.platform.db;
const product = (kind: "course" | "goods", index = 0) =>
  db().prepare("SELECT id, price_fen, stock FROM products WHERE kind = ? ORDER BY id LIMIT 1 OFFSET ?").get(kind, index) as {
    id: number;
    price_fen: number;
    stock: number | null;
  };
const couponId = (scope: string) => db().prepare("SELECT id FROM coupons WHERE scope = ? ORDER BY id LIMIT 1").pluck().get(scope) as number;

async function claim(token: string, scope: string): Promise<number> {
  const answer = await call("/coupon/addActivityCoupon", { body: { couponId: couponId(scope) }, token });
  expect(answer.body.code, answer.body.message).toBe(200);
  return answer.body.data.userCouponId;
}

async function notify(paymentNo: string, outcome: "succeeded" | "declined", amountFen: number, signature?: string) {
  const body = JSON.stringify({ paymentNo, outcome, amountFen });
  const response = await api.platform.api.fetch(
    new Request("http://embedded/api/pay/notify", {
      method: "POST",
      headers: { "content-type": "application/json", "x-pay-signature": signature ?? signNotice(platformSecret(db(), "payment"), body) },
      body,
    }),
  );
  return (await response.json()) as { code: number; message: string; data?: { result: string } };
}

const status = async (token: string, orderNo: string) => (await call("/order/getPaystatus", { body: { orderNo }, token })).body.data;

describe("prices", () => {
  it("computes every figure on the server in fen; a price sent by the browser changes nothing", async () => {
    const token = await newBuyer();
    const course = product("course");
    const coupon = await claim(token, "course");
    const quote = await call("/order/caculatePrice", { body: { productId: course.id, userCouponId: coupon, priceFen: 1, totalFen: 1 }, token });
    expect(quote.body.data).toMatchObject({
      unitPriceFen: course.price_fen,
      quantity: 1,
      subtotalFen: course.price_fen,
      discountFen: course.price_fen - Math.floor((course.price_fen * 85) / 100),
      totalFen: Math.floor((course.price_fen * 85) / 100),
    });
    const confirmed = await confirmPay({ productId: course.id, userCouponId: coupon, idempotencyKey: key(), totalFen: 1, unitPriceFen: 1 }, token);
    expect(confirmed.body.data.totalFen).toBe(quote.body.data.totalFen);
    expect(db().prepare("SELECT amount_fen FROM payments WHERE payment_no = ?").pluck().get(confirmed.body.data.paymentNo)).toBe(quote.body.data.totalFen);
  });

  it("applies coupon rules: threshold, scope, validity; the buyer gets the odd fen", async () => {
    expect(couponDiscount({ kind: "discount", amount_fen: 0, percent: 85 }, 999)).toBe(150);
    expect(couponDiscount({ kind: "amount", amount_fen: 2_000, percent: 100 }, 1_500)).toBe(1_500);
    const token = await newBuyer();
    const goodsCoupon = await claim(token, "goods");
    const course = product("course");
    const wrongScope = await call("/order/caculatePrice", { body: { productId: course.id, userCouponId: goodsCoupon }, token });
    expect(wrongScope.body).toMatchObject({ code: 400, message: "This coupon does not apply to this item", data: { problem: "scope" } });
    const bag = product("goods", 1);
    expect(bag.price_fen).toBeLessThan(10_000);
    const below = await call("/order/caculatePrice", { body: { productId: bag.id, userCouponId: goodsCoupon }, token });
    expect(below.body.data.problem).toBe("threshold");
    const enough = await call("/order/caculatePrice", { body: { productId: bag.id, quantity: 2, userCouponId: goodsCoupon }, token });
    expect(enough.body.data).toMatchObject({ subtotalFen: bag.price_fen * 2, discountFen: 1_000, totalFen: bag.price_fen * 2 - 1_000 });
    const list = await call("/order/couponList", { body: { productId: bag.id }, token });
    expect(list.body.data.unusable.map((coupon: { problem: string }) => coupon.problem)).toEqual(["threshold"]);
    const someoneElses = await call("/order/caculatePrice", { body: { productId: bag.id, userCouponId: goodsCoupon }, token: await newBuyer() });
    expect(someoneElses.body.data.problem).toBe("notYours");
    const tooMany = await call("/order/caculatePrice", { body: { productId: bag.id, quantity: 100 }, token });
    expect(tooMany.body).toMatchObject({ code: 400, message: "The quantity must be between 1 and 99" });
  });
});

describe("submissions", () => {
  it("20 concurrent confirmPay calls with one key make 1 order and 1 charge, and every retry gets the first answer", async () => {
    const token = await newBuyer();
    const goods = product("goods", 1);
    const stockBefore = goods.stock!;
    const submission = key();
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirmPay({ productId: goods.id, quantity: 2, idempotencyKey: submission }, token)));
    const orderNos = new Set(answers.map((answer) => answer.body.data.orderNo));
    const paymentNos = new Set(answers.map((answer) => answer.body.data.paymentNo));
    expect(orderNos.size).toBe(1);
    expect(paymentNos.size).toBe(1);
    expect(
      db()
        .prepare("SELECT COUNT(*) FROM payments WHERE payment_no IN (?)")
        .pluck()
        .get([...paymentNos][0]),
    ).toBe(1);
    expect(db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(goods.id)).toBe(stockBefore - 2);
    // The same key with other contents is refused, not treated as the same request.
    const reused = await confirmPay({ productId: goods.id, quantity: 3, idempotencyKey: submission }, token);
    expect(reused.body.code).toBe(409);
  });

  it("20 buyers racing for the last item in stock: exactly 1 order, stock 0, never below", async () => {
    const book = product("goods", 0);
    db().prepare("UPDATE products SET stock = 1 WHERE id = ?").run(book.id);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    const answers = await Promise.all(buyers.map((token) => confirmPay({ productId: book.id, idempotencyKey: key() }, token)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 409).every((answer) => answer.body.message === "Sold out")).toBe(true);
    expect(answers.filter((answer) => answer.body.code === 409)).toHaveLength(19);
    expect(db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(book.id)).toBe(0);
  });

  it("one coupon, 20 concurrent orders: it is used by exactly one of them", async () => {
    const token = await newBuyer();
    const coupon = await claim(token, "goods");
    const bag = product("goods", 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirmPay({ productId: bag.id, quantity: 2, userCouponId: coupon, idempotencyKey: key() }, token)),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.data?.problem === "used")).toHaveLength(19);
  });

  it("the last coupon of the centre goes to exactly one of 20 claimants", async () => {
    const id = couponId("goods");
    db().prepare("UPDATE coupons SET remaining = 1 WHERE id = ?").run(id);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    const answers = await Promise.all(buyers.map((token) => call("/coupon/addActivityCoupon", { body: { couponId: id }, token })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(db().prepare("SELECT remaining FROM coupons WHERE id = ?").pluck().get(id)).toBe(0);
  });
});

describe("payment", () => {
  it("a course bought with a coupon is paid by a signed notice, then unlocked; the coupon is used", async () => {
    const token = await newBuyer();
    const coupon = await claim(token, "all");
    const course = product("course", 2);
    const confirmed = (await confirmPay({ productId: course.id, userCouponId: coupon, idempotencyKey: key() }, token)).body.data;
    expect(confirmed).toMatchObject({ status: "created", paymentStatus: "pending", payUrl: `/dev/pay?paymentNo=${confirmed.paymentNo}` });
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen)).data).toEqual({ result: "applied" });
    expect(await status(token, confirmed.orderNo)).toMatchObject({ status: "fulfilled", paymentStatus: "succeeded" });
    expect(db().prepare("SELECT status FROM user_coupons WHERE id = ?").pluck().get(coupon)).toBe("used");
    const details = (await call("/order/details", { body: { orderNo: confirmed.orderNo }, token })).body.data;
    expect(details.events.map((event: { to_status: string }) => event.to_status)).toEqual(["created", "paid", "fulfilled"]);
    // Bought once: a second order for the same course is refused.
    expect((await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.code).toBe(409);
  });

  it("refuses a notice with a bad signature or amount; a notice delivered twice changes nothing the second time", async () => {
    const token = await newBuyer();
    const goods = product("goods", 1);
    const confirmed = (await confirmPay({ productId: goods.id, idempotencyKey: key() }, token)).body.data;
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen, "0".repeat(64))).code).toBe(401);
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen, "not hex")).code).toBe(401);
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen + 1)).code).toBe(400);
    expect(await status(token, confirmed.orderNo)).toMatchObject({ status: "created", paymentStatus: "pending" });

    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen)).data).toEqual({ result: "applied" });
    const events = () =>
      db().prepare("SELECT COUNT(*) FROM order_events WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)").pluck().get(confirmed.orderNo);
    const after = events();
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen)).data).toEqual({ result: "repeated" });
    expect((await notify(confirmed.paymentNo, "declined", confirmed.totalFen)).data).toEqual({ result: "repeated" });
    expect(events()).toBe(after);
    expect(await status(token, confirmed.orderNo)).toMatchObject({ status: "paid", paymentStatus: "succeeded" });
  });

  it("a declined payment leaves the order payable: a retry opens a new attempt that succeeds", async () => {
    const token = await newBuyer();
    const goods = product("goods", 1);
    const first = (await confirmPay({ productId: goods.id, idempotencyKey: key() }, token)).body.data;
    await notify(first.paymentNo, "declined", first.totalFen);
    expect(await status(token, first.orderNo)).toMatchObject({ status: "created", paymentStatus: "declined" });
    const retry = (await confirmPay({ orderNo: first.orderNo, idempotencyKey: key() }, token)).body.data;
    expect(retry.orderNo).toBe(first.orderNo);
    expect(retry.paymentNo).not.toBe(first.paymentNo);
    await notify(retry.paymentNo, "succeeded", retry.totalFen);
    expect(await status(token, first.orderNo)).toMatchObject({ status: "paid", paymentStatus: "succeeded" });
    // Another buyer cannot pay, see or cancel this order.
    const stranger = await newBuyer();
    expect((await confirmPay({ orderNo: first.orderNo, idempotencyKey: key() }, stranger)).body.code).toBe(404);
    expect((await call("/order/details", { body: { orderNo: first.orderNo }, token: stranger })).body.code).toBe(404);
    expect((await call("/order/cancel", { body: { orderNo: first.orderNo }, token: stranger })).body.code).toBe(404);
  });
});

describe("the order's life", () => {
  it("an unpaid order expires after 15 minutes and gives back its coupon and stock; money arriving later is refunded", async () => {
    const token = await newBuyer();
    const coupon = await claim(token, "all");
    // An item of its own: orders of other tests expire at the same time and give their stock back too.
    const book = {
      id: Number(
        db()
          .prepare("INSERT INTO products (item_id, kind, price_fen, stock) VALUES (?, 'goods', 12000, 5)")
          .run(
            db().prepare("INSERT INTO items (kind, title, title_en, created_at) VALUES ('goods', '藏书票套装', 'Bookplate set', '2027-06-01')").run()
              .lastInsertRowid,
          ).lastInsertRowid,
      ),
    };
    const confirmed = (await confirmPay({ productId: book.id, userCouponId: coupon, idempotencyKey: key() }, token)).body.data;
    expect(db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(book.id)).toBe(4);
    expect(db().prepare("SELECT status FROM user_coupons WHERE id = ?").pluck().get(coupon)).toBe("locked");
    advance(ORDER_TTL_MS - 1_000);
    expect((await status(token, confirmed.orderNo)).status).toBe("created");
    advance(2_000);
    expect((await status(token, confirmed.orderNo)).status).toBe("expired");
    expect(db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(book.id)).toBe(5);
    expect(db().prepare("SELECT status FROM user_coupons WHERE id = ?").pluck().get(coupon)).toBe("usable");
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen)).data).toEqual({ result: "repeated" });
    // The coupon works again on a new order.
    const again = await confirmPay({ productId: book.id, userCouponId: coupon, idempotencyKey: key() }, token);
    expect(again.body.code).toBe(200);
  });

  it("the buyer cancels an unpaid order (stock back), never a paid one; the list filters by state", async () => {
    const token = await newBuyer();
    const bag = product("goods", 1);
    const unpaid = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    const paid = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    await notify(paid.paymentNo, "succeeded", paid.totalFen);
    const stock = () => db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(bag.id) as number;
    const before = stock();
    expect((await call("/order/cancel", { body: { orderNo: unpaid.orderNo }, token })).body.data.status).toBe("cancelled");
    expect(stock()).toBe(before + 1);
    expect((await call("/order/cancel", { body: { orderNo: paid.orderNo }, token })).body.code).toBe(409);
    // A payment for the cancelled order that arrives anyway is refunded, not kept.
    await notify(unpaid.paymentNo, "succeeded", unpaid.totalFen);
    expect(await status(token, unpaid.orderNo)).toMatchObject({ status: "cancelled" });
    const list = (status: string) => call("/order/list", { body: { status }, token });
    expect((await list("cancelled")).body.data.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([unpaid.orderNo]);
    expect((await list("paid")).body.data.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([paid.orderNo]);
  });

  it("a restart between creating an order and its payment loses nothing: the notice signed before still settles it", async () => {
    const token = await newBuyer();
    const bag = product("goods", 1);
    const confirmed = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    const file = api.platform.db.name;
    const secret = platformSecret(db(), "payment");
    const body = JSON.stringify({ paymentNo: confirmed.paymentNo, outcome: "succeeded", amountFen: confirmed.totalFen });
    const reopened = createEmbeddedPlatform({ file, now: api.now, log: () => {} });
    try {
      expect(platformSecret(reopened.db, "payment")).toBe(secret);
      const answer = await reopened.api.fetch(
        new Request("http://embedded/api/pay/notify", {
          method: "POST",
          headers: { "content-type": "application/json", "x-pay-signature": signNotice(secret, body) },
          body,
        }),
      );
      expect(((await answer.json()) as { data: unknown }).data).toEqual({ result: "applied" });
      expect(reopened.db.prepare("SELECT status FROM orders WHERE order_no = ?").pluck().get(confirmed.orderNo)).toBe("paid");
    } finally {
      reopened.close();
    }
  });
});

describe("my coupons", () => {
  it("sorts the buyer's coupons into usable (locked ones included), used and expired", async () => {
    const token = await newBuyer();
    const all = await claim(token, "all");
    const course = await claim(token, "course");
    const mine = async () => (await call("/coupon/myCouponList", { body: {}, token })).body.data;
    expect((await mine()).usable.map((coupon: { userCouponId: number }) => coupon.userCouponId)).toEqual([all, course]);
    const courseProduct = product("course", 1);
    const confirmed = (await confirmPay({ productId: courseProduct.id, userCouponId: course, idempotencyKey: key() }, token)).body.data;
    expect((await mine()).usable.find((coupon: { userCouponId: number }) => coupon.userCouponId === course).status).toBe("locked");
    await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen);
    expect((await mine()).used.map((coupon: { userCouponId: number }) => coupon.userCouponId)).toEqual([course]);
    advance(100 * 86_400_000);
    const later = await mine();
    expect(later.expired.map((coupon: { userCouponId: number }) => coupon.userCouponId)).toEqual([all]);
    expect(later.usable).toEqual([]);
    // Back to the coupons' lifetime for the tests after this one.
    advance(-100 * 86_400_000);
  });
});

describe("the boutique", () => {
  it("shows a course's price and lessons; locked lessons keep their content on the server until the course is bought", async () => {
    const token = await newBuyer();
    const courses = (await call("/course/list", { method: "GET", query: { pageSize: "10" } })).body.data;
    expect(courses.total).toBe(3);
    const course = (await call("/course/detail", { method: "GET", query: { id: String(courses.list[1].id) }, token })).body.data;
    expect(course).toMatchObject({ kind: "course", priceFen: 9_900, bought: false, link: `/boutiqueSpec?id=${course.id}` });
    const [preview, locked] = course.lessons;
    expect(preview).toMatchObject({ preview: true, locked: false });
    expect(locked).toMatchObject({ preview: false, locked: true, link: `/boutiqueVideo?id=${locked.id}` });

    const closed = (await call("/courseDetail/lesson", { method: "GET", query: { id: String(locked.id) }, token })).body.data;
    expect(closed.locked).toBe(true);
    expect(closed).not.toHaveProperty("videoUrl");
    expect(closed.course).toMatchObject({ productId: course.productId, priceFen: 9_900 });
    const open = (await call("/courseDetail/lesson", { method: "GET", query: { id: String(preview.id) } })).body.data;
    expect(open).toMatchObject({ locked: false, videoUrl: "/media/clip.mp4" });

    const order = (await confirmPay({ productId: course.productId, idempotencyKey: key() }, token)).body.data;
    await notify(order.paymentNo, "succeeded", order.totalFen);
    const after = (await call("/course/detail", { method: "GET", query: { id: String(course.id) }, token })).body.data;
    expect(after.bought).toBe(true);
    expect(after.lessons.every((lesson: { locked: boolean }) => !lesson.locked)).toBe(true);
    const doc = after.lessons.find((lesson: { kind: string }) => lesson.kind === "doc");
    expect((await call("/courseDetail/lesson", { method: "GET", query: { id: String(doc.id) }, token })).body.data.body).toContain("聚类");
    // Another viewer still meets the lock.
    expect((await call("/courseDetail/lesson", { method: "GET", query: { id: String(doc.id) } })).body.data.locked).toBe(true);
  });

  it("lists goods with price and stock, and answers 404 for what is not sold", async () => {
    const goods = (await call("/goods/list", { method: "GET" })).body.data.list;
    // The seeded book and bag first (a test above added a bookplate set of its own).
    expect(goods.slice(0, 2).map((item: { priceFen: number }) => item.priceFen)).toEqual([12_800, 5_900]);
    expect((await call("/goods/detail", { method: "GET", query: { id: String(goods[0].id) } })).body.data).toMatchObject({
      kind: "goods",
      link: `/goodsDetail?id=${goods[0].id}`,
    });
    expect((await call("/goods/detail", { method: "GET", query: { id: "999999" } })).body.code).toBe(404);
    expect((await call("/course/detail", { method: "GET", query: { id: String(goods[0].id) } })).body.code).toBe(404);
  });
});

describe("coupon activities", () => {
  it("gives the welcome coupon once, to a member who has never ordered", async () => {
    const token = await newBuyer();
    const check = async () => (await call("/firstEven/firstEvenCoupon", { body: {}, token })).body;
    expect((await check()).data).toMatchObject({ available: true, received: false, coupon: { amountFen: 1_000, thresholdFen: 0 } });
    const received = await call("/firstEven/firstEvenCoupon", { body: { receive: true }, token });
    expect(received.body.data).toMatchObject({ received: true });
    expect((await check()).data).toMatchObject({ available: false, received: true });
    expect((await call("/firstEven/firstEvenCoupon", { body: { receive: true }, token })).body.code).toBe(409);
    const mine = (await call("/coupon/myCouponList", { body: {}, token })).body.data.usable;
    expect(mine.filter((coupon: { title: string }) => coupon.title.startsWith("Welcome gift"))).toHaveLength(1);

    const buyer = await newBuyer();
    await confirmPay({ productId: product("goods", 1).id, idempotencyKey: key() }, buyer);
    expect((await call("/firstEven/firstEvenCoupon", { body: {}, token: buyer })).body.data.available).toBe(false);
    // The centre does not list activity coupons.
    const centre = (await call("/coupon/centerCouponList", { body: {}, token })).body.data.list;
    expect(centre.map((coupon: { title: string }) => coupon.title).join()).not.toMatch(/Welcome gift|Friends' help/);
  });

  it("unlocks a help link's coupon for its owner when 3 friends help; 20 friends at once unlock it exactly once", async () => {
    const owner = await newBuyer();
    const link = (await call("/activityGiveCoupon/addGiveLink", { body: {}, token: owner })).body.data;
    expect(link).toMatchObject({ isOwner: true, helpers: 0, needed: 3, unlocked: false });
    expect((await call("/activityGiveCoupon/addGiveLink", { body: {}, token: owner })).body.data.code).toBe(link.code);
    expect((await call("/coupon/addActivityCouponFromGiveLink", { body: { code: link.code }, token: owner })).body.code).toBe(400);
    const friend = await newBuyer();
    const seen = (await call("/activityGiveCoupon/getGiveLink", { method: "GET", query: { code: link.code }, token: friend })).body.data;
    expect(seen).toMatchObject({ isOwner: false, helped: false, helpers: 0 });

    const friends = [friend, ...(await Promise.all(Array.from({ length: 19 }, () => newBuyer())))];
    const answers = await Promise.all(friends.map((token) => call("/coupon/addActivityCouponFromGiveLink", { body: { code: link.code }, token })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.code === 409)).toHaveLength(17);
    const after = (await call("/activityGiveCoupon/list", { body: {}, token: owner })).body.data.list[0];
    expect(after).toMatchObject({ helpers: 3, unlocked: true });
    const ownerCoupons = (await call("/coupon/myCouponList", { body: {}, token: owner })).body.data.usable;
    expect(ownerCoupons.filter((coupon: { title: string }) => coupon.title.startsWith("Friends' help"))).toHaveLength(1);
    expect((await call("/coupon/addActivityCouponFromGiveLink", { body: { code: "nope" }, token: friend })).body.code).toBe(404);
  });
});

describe("after payment", () => {
  it("an operator's refund returns a course order's money and locks the course again", async () => {
    const token = await newBuyer();
    const course = product("course", 0);
    const order = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    await notify(order.paymentNo, "succeeded", order.totalFen);
    expect(api.platform.orders.refund(order.orderNo, api.now())).toBe(true);
    expect(await status(token, order.orderNo)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(db().prepare("SELECT COUNT(*) FROM entitlements WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)").pluck().get(order.orderNo)).toBe(0);
    // Refunded once: a second refund changes nothing, nor does a cancel.
    expect(api.platform.orders.refund(order.orderNo, api.now())).toBe(false);
    expect((await call("/order/cancel", { body: { orderNo: order.orderNo }, token })).body.code).toBe(409);
    const events = (await call("/order/details", { body: { orderNo: order.orderNo }, token })).body.data.events.map(
      (event: { to_status: string }) => event.to_status,
    );
    expect(events).toEqual(["created", "paid", "fulfilled", "refunded"]);
  });

  it("gives an order confirmation everything in one answer: item, price for the quantity, coupons that apply", async () => {
    const token = await newBuyer();
    await claim(token, "all");
    const bag = product("goods", 1);
    const info = (await call("/assembly-goods/getPlaceOrderInfo", { body: { productId: bag.id, quantity: 2 }, token })).body.data;
    expect(info).toMatchObject({ kind: "goods", quantity: 2, subtotalFen: bag.price_fen * 2, totalFen: bag.price_fen * 2 });
    expect(info.coupons.usable).toHaveLength(1);
    expect(info.coupons.usable[0].discountFen).toBe(2_000);
    const one = (await call("/assembly-goods/getPlaceOrderInfo", { body: { productId: bag.id }, token })).body.data;
    expect(one.coupons.unusable.map((coupon: { problem: string }) => coupon.problem)).toEqual(["threshold"]);
  });
});

describe("activities", () => {
  it("tell anyone an activity's coupon and whether it runs", async () => {
    const help = (await call("/activity/singleCouponData", { method: "GET", query: { type: "help" } })).body.data;
    expect(help).toMatchObject({ active: true, coupon: { amountFen: 3_000, scope: "course" } });
    const welcome = (await call("/activity/singleCouponData", { method: "GET", query: { type: "newcomer" } })).body.data;
    expect(welcome.coupon.thresholdFen).toBe(0);
  });
});
