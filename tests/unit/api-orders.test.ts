/**
 * The order engine of ADR 018 through the embedded platform's own calls: prices only from the server, coupons once,
 * stock never below zero, one order and one charge per submission key, signed and idempotent payment notices,
 * expiry that gives back stock and coupon, and nothing lost across a restart. "Concurrent" here means many calls
 * started at once on one platform, as the HTTP server would hand them over.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { createEmbeddedPlatform } from "@platform/index.server";
import { couponDiscount, ORDER_TTL_MS, signNotice } from "@platform/orders/index.server";
import { platformSecret } from "@platform/kernel/secrets.server";

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

/** /order/confirmPay as the pages call it: goods go to the buyer's address, a course's buyer has ticked the agreement. */
const confirmPay = (body: Record<string, unknown>, token: string) =>
  call("/order/confirmPay", { body: { addressId: addressOf.get(token), agree: true, ...body }, token });

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

const notify = (paymentNo: string, outcome: "succeeded" | "declined", amountFen: number, signature?: string) =>
  api.notifyPayment({ paymentNo, outcome, amountFen }, signature);

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
  it("refuses a new course order without the agreement accepted, in the buyer's language, and places it once accepted", async () => {
    const token = await newBuyer();
    const course = product("course", 0);
    const ordersOfCourse = () => db().prepare("SELECT COUNT(*) FROM orders WHERE product_id = ?").pluck().get(course.id);
    const before = ordersOfCourse();
    const submission = key();
    const without = await call("/order/confirmPay", { body: { productId: course.id, idempotencyKey: submission }, token, lang: "zh" });
    expect(without.body).toEqual({ code: 400, message: "请阅读并同意用户协议和隐私政策", data: { fields: { agree: "spec:signUp.errors.agreeRequired" } } });
    const declined = await confirmPay({ productId: course.id, idempotencyKey: submission, agree: false }, token);
    expect(declined.body).toMatchObject({ code: 400, message: "Please read and accept the User Agreement and the Privacy Policy" });
    expect(ordersOfCourse()).toBe(before);
    // The refused submission left its key unused: the same submission with the box ticked places the order.
    const accepted = (await confirmPay({ productId: course.id, idempotencyKey: submission }, token)).body;
    expect(accepted, accepted.message).toMatchObject({ code: 200, data: { status: "created" } });
    const details = (await call("/order/details", { body: { orderNo: accepted.data.orderNo }, token })).body.data;
    expect(details.events[0]).toMatchObject({ to_status: "created" });
    // Goods need no agreement.
    const goods = await call("/order/confirmPay", {
      body: { productId: product("goods", 1).id, addressId: addressOf.get(token), idempotencyKey: key() },
      token,
    });
    expect(goods.body.code, goods.body.message).toBe(200);
  });

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
    // Bought once: a second order for the same course is refused, with the order that bought it.
    expect((await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body).toMatchObject({
      code: 409,
      data: { orderNo: confirmed.orderNo, status: "fulfilled" },
    });
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
    expect((await notify(confirmed.paymentNo, "succeeded", confirmed.totalFen)).data).toEqual({ result: "refunded" });
    expect(db().prepare("SELECT stock FROM products WHERE id = ?").pluck().get(book.id)).toBe(5);
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

/** Sums of integer fen over the whole platform. */
const fen = (sql: string, ...args: unknown[]) =>
  db()
    .prepare(sql)
    .pluck()
    .get(...args) as number;

/**
 * The money ledger of ADR 040 against the payments: everything that arrived is either kept (a succeeded payment) or
 * went back (a refunded one), and no order keeps more than its total.
 */
function expectMoneyBalanced() {
  const received = fen("SELECT COALESCE(SUM(amount_fen), 0) FROM payment_entries WHERE kind = 'received'");
  const refunded = fen("SELECT COALESCE(SUM(amount_fen), 0) FROM payment_entries WHERE kind = 'refunded'");
  const kept = fen("SELECT COALESCE(SUM(amount_fen), 0) FROM payments WHERE status = 'succeeded'");
  expect(received).toBe(kept + refunded);
  expect(refunded).toBe(fen("SELECT COALESCE(SUM(amount_fen), 0) FROM payments WHERE status = 'refunded'"));
  const overKept = fen(`SELECT COUNT(*) FROM orders o
    WHERE (SELECT COALESCE(SUM(p.amount_fen), 0) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded') > o.total_fen`);
  expect(overKept).toBe(0);
}

/** What one order's money did: kept, refunded (from the ledger), and its refunds as the buyer's details show them. */
async function moneyOf(token: string, orderNo: string) {
  const details = (await call("/order/details", { body: { orderNo }, token })).body.data;
  const kept = fen(
    "SELECT COALESCE(SUM(amount_fen), 0) FROM payments WHERE status = 'succeeded' AND order_id = (SELECT id FROM orders WHERE order_no = ?)",
    orderNo,
  );
  return {
    status: details.status,
    kept,
    refundedFen: details.refundedFen,
    refunds: details.refunds as { paymentNo: string; amountFen: number; reason: string }[],
  };
}

/** An order as an earlier engine could leave it: a second order for the same course, with a payment of its own. */
function duplicatePlacedEarlier(orderNo: string, status: "created" | "fulfilled"): { orderNo: string; paymentNo: string } {
  const copyNo = `${orderNo.slice(0, -3)}999`;
  const paymentNo = `${orderNo.slice(0, -3)}998`;
  const orderId = db()
    .prepare(`INSERT INTO orders (order_no, user_id, product_id, quantity, unit_price_fen, discount_fen, total_fen, status, source, created_at, expires_at, paid_at)
      SELECT ?, user_id, product_id, quantity, unit_price_fen, 0, unit_price_fen, ?, source, created_at, expires_at, CASE WHEN ? = 'created' THEN NULL ELSE created_at END
      FROM orders WHERE order_no = ?`)
    .run(copyNo, status, status, orderNo).lastInsertRowid;
  const price = fen("SELECT total_fen FROM orders WHERE id = ?", orderId);
  db()
    .prepare("INSERT INTO payments (payment_no, order_id, amount_fen, status, created_at) VALUES (?, ?, ?, ?, '2027-06-01T04:00:00.000Z')")
    .run(paymentNo, orderId, price, status === "created" ? "pending" : "succeeded");
  return { orderNo: copyNo, paymentNo };
}

/** The ledger row migration 023 wrote for money that had arrived before it. */
const receivedBeforeTheLedger = (paymentNo: string) =>
  db()
    .prepare(
      "INSERT INTO payment_entries (payment_id, order_id, kind, amount_fen, at) SELECT id, order_id, 'received', amount_fen, created_at FROM payments WHERE payment_no = ?",
    )
    .run(paymentNo);

const bought = async (token: string, itemId: number) =>
  (await call("/course/detail", { method: "GET", query: { id: String(itemId) }, token })).body.data.bought as boolean;
const itemOf = (productId: number) => fen("SELECT item_id FROM products WHERE id = ?", productId);

describe("late payments (ADR 040)", () => {
  it("money paid after the buyer cancelled goes back: recorded, shown in the order, and a repeated notice changes nothing", async () => {
    const token = await newBuyer();
    const course = product("course", 1);
    const order = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    expect((await call("/order/cancel", { body: { orderNo: order.orderNo }, token })).body.data.status).toBe("cancelled");
    expect((await notify(order.paymentNo, "succeeded", order.totalFen)).data).toEqual({ result: "refunded" });
    expect(await moneyOf(token, order.orderNo)).toEqual({
      status: "cancelled",
      kept: 0,
      refundedFen: order.totalFen,
      refunds: [{ paymentNo: order.paymentNo, amountFen: order.totalFen, reason: "orderEnded", at: api.now().toISOString() }],
    });
    expect(await status(token, order.orderNo)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedFen: order.totalFen });
    const listed = (await call("/order/list", { body: { status: "cancelled,expired" }, token })).body.data.list;
    expect(listed).toEqual([expect.objectContaining({ orderNo: order.orderNo, refundedFen: order.totalFen })]);
    // The course was never the buyer's.
    expect(await bought(token, itemOf(course.id))).toBe(false);
    const entries = () => fen("SELECT COUNT(*) FROM payment_entries WHERE payment_id = (SELECT id FROM payments WHERE payment_no = ?)", order.paymentNo);
    expect(entries()).toBe(2);
    expect((await notify(order.paymentNo, "succeeded", order.totalFen)).data).toEqual({ result: "repeated" });
    expect(entries()).toBe(2);
    expectMoneyBalanced();
  });

  it("money paid after the order expired goes back, and the stock it gave back stays given back", async () => {
    const token = await newBuyer();
    const bag = product("goods", 1);
    const order = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    advance(ORDER_TTL_MS + 1_000);
    expect((await status(token, order.orderNo)).status).toBe("expired");
    const stock = fen("SELECT stock FROM products WHERE id = ?", bag.id);
    expect((await notify(order.paymentNo, "succeeded", order.totalFen)).data).toEqual({ result: "refunded" });
    expect(await moneyOf(token, order.orderNo)).toMatchObject({ status: "expired", kept: 0, refundedFen: order.totalFen, refunds: [{ reason: "orderEnded" }] });
    expect(fen("SELECT stock FROM products WHERE id = ?", bag.id)).toBe(stock);
    expectMoneyBalanced();
  });

  it("after 'pay again', the first attempt paid too is refunded whichever attempt succeeds first; the order keeps one payment", async () => {
    for (const paidFirst of ["second", "first"] as const) {
      const token = await newBuyer();
      const bag = product("goods", 1);
      const first = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
      const second = (await confirmPay({ orderNo: first.orderNo, idempotencyKey: key() }, token)).body.data;
      expect(second.paymentNo).not.toBe(first.paymentNo);
      const [early, late] = paidFirst === "second" ? [second, first] : [first, second];
      expect((await notify(early.paymentNo, "succeeded", early.totalFen)).data).toEqual({ result: "applied" });
      expect((await notify(late.paymentNo, "succeeded", late.totalFen)).data).toEqual({ result: "refunded" });
      expect(await moneyOf(token, first.orderNo)).toMatchObject({
        status: "paid",
        kept: first.totalFen,
        refundedFen: first.totalFen,
        refunds: [{ paymentNo: late.paymentNo, reason: "orderPaid" }],
      });
    }
    expectMoneyBalanced();
  });

  it("20 copies of one late notice at once: refunded exactly once", async () => {
    const token = await newBuyer();
    const bag = product("goods", 1);
    const order = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    await call("/order/cancel", { body: { orderNo: order.orderNo }, token });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(order.paymentNo, "succeeded", order.totalFen)));
    expect(answers.filter((answer) => answer.data?.result === "refunded")).toHaveLength(1);
    expect(answers.filter((answer) => answer.data?.result === "repeated")).toHaveLength(19);
    expect((await moneyOf(token, order.orderNo)).refundedFen).toBe(order.totalFen);
    expectMoneyBalanced();
  });

  it("20 attempts of one order all paid at the same moment: one is kept, 19 go back", async () => {
    const token = await newBuyer();
    const bag = product("goods", 1);
    const first = (await confirmPay({ productId: bag.id, idempotencyKey: key() }, token)).body.data;
    const again = await Promise.all(Array.from({ length: 19 }, () => confirmPay({ orderNo: first.orderNo, idempotencyKey: key() }, token)));
    const attempts = [first, ...again.map((answer) => answer.body.data)];
    expect(new Set(attempts.map((attempt) => attempt.paymentNo)).size).toBe(20);
    const answers = await Promise.all(attempts.map((attempt) => notify(attempt.paymentNo, "succeeded", attempt.totalFen)));
    expect(answers.filter((answer) => answer.data?.result === "applied")).toHaveLength(1);
    expect(answers.filter((answer) => answer.data?.result === "refunded")).toHaveLength(19);
    expect(await moneyOf(token, first.orderNo)).toMatchObject({ status: "paid", kept: first.totalFen, refundedFen: 19 * first.totalFen });
    expectMoneyBalanced();
  });
});

describe("one course, one purchase (ADR 040)", () => {
  it("30 concurrent purchases of one course with different keys make 1 order and 1 payment; paying it charges once", async () => {
    const token = await newBuyer();
    const course = product("course", 2);
    const coupon = await claim(token, "course");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        confirmPay({ productId: course.id, idempotencyKey: key(), ...(index % 2 ? { userCouponId: coupon } : {}) }, token),
      ),
    );
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.orderNo)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.data.paymentNo)).size).toBe(1);
    const { orderNo, paymentNo, totalFen } = answers[0].body.data;
    expect(fen("SELECT COUNT(*) FROM orders WHERE product_id = ? AND user_id = (SELECT user_id FROM orders WHERE order_no = ?)", course.id, orderNo)).toBe(1);
    expect((await notify(paymentNo, "succeeded", totalFen)).data).toEqual({ result: "applied" });
    expect(await bought(token, itemOf(course.id))).toBe(true);
    // Bought now: 30 more submissions each get the refusal naming the order, and no payment opens.
    const later = await Promise.all(Array.from({ length: 30 }, () => confirmPay({ productId: course.id, idempotencyKey: key() }, token)));
    expect(later.every((answer) => answer.body.code === 409 && answer.body.data.orderNo === orderNo)).toBe(true);
    expect(fen("SELECT COUNT(*) FROM payments WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)", orderNo)).toBe(1);
    expect(
      fen("SELECT COALESCE(SUM(amount_fen), 0) FROM payments WHERE status = 'succeeded' AND order_id = (SELECT id FROM orders WHERE order_no = ?)", orderNo),
    ).toBe(totalFen);
    expectMoneyBalanced();
  });

  it("a submission for a course with an open order after a declined attempt opens a new attempt on that order", async () => {
    const token = await newBuyer();
    const course = product("course", 0);
    const first = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    await notify(first.paymentNo, "declined", first.totalFen);
    const again = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    expect(again.orderNo).toBe(first.orderNo);
    expect(again.paymentNo).not.toBe(first.paymentNo);
    // Once it is cancelled, the course can be ordered anew.
    await call("/order/cancel", { body: { orderNo: first.orderNo }, token });
    expect((await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data.orderNo).not.toBe(first.orderNo);
  });

  it("money for a second order of a course already owned (left by an earlier engine) goes back, and that order is closed", async () => {
    const token = await newBuyer();
    const course = product("course", 1);
    const first = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    const second = duplicatePlacedEarlier(first.orderNo, "created");
    expect((await notify(first.paymentNo, "succeeded", first.totalFen)).data).toEqual({ result: "applied" });
    expect((await notify(second.paymentNo, "succeeded", first.totalFen)).data).toEqual({ result: "refunded" });
    expect(await moneyOf(token, second.orderNo)).toMatchObject({
      status: "cancelled",
      kept: 0,
      refundedFen: first.totalFen,
      refunds: [{ reason: "courseOwned" }],
    });
    expect(await moneyOf(token, first.orderNo)).toMatchObject({ status: "fulfilled", kept: first.totalFen, refundedFen: 0 });
    // Paying it again is refused too.
    expect((await confirmPay({ orderNo: second.orderNo, idempotencyKey: key() }, token)).body.code).toBe(409);
    expectMoneyBalanced();
  });

  it("the course stays open while any paid order holds it: refunding one of two paid orders keeps it, refunding both locks it", async () => {
    const token = await newBuyer();
    const course = product("course", 2);
    const first = (await confirmPay({ productId: course.id, idempotencyKey: key() }, token)).body.data;
    await notify(first.paymentNo, "succeeded", first.totalFen);
    const second = duplicatePlacedEarlier(first.orderNo, "fulfilled");
    expect(api.platform.orders.refund(first.orderNo, api.now())).toBe(true);
    expect(await bought(token, itemOf(course.id))).toBe(true);
    receivedBeforeTheLedger(second.paymentNo);
    expect(api.platform.orders.refund(second.orderNo, api.now())).toBe(true);
    expect(await bought(token, itemOf(course.id))).toBe(false);
    expect(await moneyOf(token, first.orderNo)).toMatchObject({ status: "refunded", kept: 0, refunds: [{ reason: "operator" }] });
    expectMoneyBalanced();
  });
});
