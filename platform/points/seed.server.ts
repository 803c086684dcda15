import type { Db } from "../kernel/db.server.ts";
import { hasGoods, insertGoods, insertMallItem, insertPointsCoupon } from "./queries.server.ts";

const GOODS: {
  title: [string, string];
  description: [string, string];
  points: number;
  stock: number;
  kind: "physical" | "coupon";
  limit: number;
  coupon?: [string, string, number, number];
}[] = [
  {
    title: ["学术笔记本（A5 精装）", "Academic notebook (A5 hardcover)"],
    description: ["180 页点阵内页，适合记录研讨与读书笔记。包邮寄送。", "180 dotted pages for seminar and reading notes. Free delivery."],
    points: 800,
    stock: 50,
    kind: "physical",
    limit: 2,
  },
  {
    title: ["帆布托特包", "Canvas tote bag"],
    description: ["加厚帆布，可装下 15 寸笔记本电脑。包邮寄送。", "Heavy canvas, fits a 15-inch laptop. Free delivery."],
    points: 600,
    stock: 30,
    kind: "physical",
    limit: 1,
  },
  {
    title: ["课程优惠券 满99减15", "Course coupon: ¥15 off ¥99"],
    description: ["兑换后立即放入“我的优惠券”，精品课程可用。", "Goes straight to My coupons; for boutique courses."],
    points: 150,
    stock: 200,
    kind: "coupon",
    limit: 1,
    coupon: ["积分兑换 课程满99减15", "Points exchange: ¥15 off a ¥99 course", 1_500, 9_900],
  },
  {
    title: ["全场优惠券 无门槛减5元", "¥5 off anything, no minimum"],
    description: ["兑换后立即放入“我的优惠券”，全场通用。", "Goes straight to My coupons; for anything."],
    points: 80,
    stock: 500,
    kind: "coupon",
    limit: 1,
    coupon: ["积分兑换 无门槛减5元", "Points exchange: ¥5 off, no minimum", 500, 0],
  },
  {
    title: ["《计量经济学导论》签名版", "Introductory Econometrics, signed"],
    description: ["作者签名版教材，数量有限。包邮寄送。", "The textbook signed by its author; few copies. Free delivery."],
    points: 3_000,
    stock: 3,
    kind: "physical",
    limit: 1,
  },
];

/** The coupon a coupon goods gives: its own, of the points channel, valid for a year. */
function pointsCoupon(db: Db, [title, titleEn, amountFen, thresholdFen]: [string, string, number, number], from: string, until: string): number {
  return insertPointsCoupon(db, { title, titleEn, amountFen, thresholdFen, from, until });
}

/** The points mall's goods, once (coupon goods with their own points-channel coupons). */
export function seedPoints(db: Db, now: Date): void {
  if (hasGoods(db)) return;
  const from = now.toISOString();
  const until = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  db.transaction(() => {
    GOODS.forEach((goods, index) => {
      const couponId = goods.coupon ? pointsCoupon(db, goods.coupon, from, until) : null;
      // The poster comes from a catalogue item of its own (kind "mall" is never listed or searched).
      const itemId = insertMallItem(db, goods.title[0], goods.title[1], from);
      insertGoods(db, {
        title: goods.title[0],
        title_en: goods.title[1],
        description: goods.description[0],
        description_en: goods.description[1],
        cover: `/media/poster/${itemId}.svg`,
        points: goods.points,
        stock: goods.stock,
        kind: goods.kind,
        coupon_id: couponId,
        per_user_limit: goods.limit,
        sort: index,
      });
    });
  })();
}
