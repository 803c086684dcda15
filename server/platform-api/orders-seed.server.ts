import type { Db } from "./db.server.ts";

/** Prices in fen, as every amount of the order engine. */
const PRODUCTS = [
  {
    kind: "course",
    title: "因果推断十二讲：从随机实验到双重差分",
    titleEn: "Causal Inference in Twelve Lectures: From Experiments to Difference-in-Differences",
    priceFen: 19_900,
    stock: null,
  },
  {
    kind: "course",
    title: "Stata 实证研究方法：数据清理到回归报告",
    titleEn: "Empirical Research with Stata: From Data Cleaning to Regression Tables",
    priceFen: 9_900,
    stock: null,
  },
  {
    kind: "course",
    title: "宏观经济学前沿：货币政策与金融稳定",
    titleEn: "Frontiers of Macroeconomics: Monetary Policy and Financial Stability",
    priceFen: 29_900,
    stock: null,
  },
  { kind: "goods", title: "《经济研究方法》精装本（作者签名版）", titleEn: "Methods of Economic Research, hardcover (signed)", priceFen: 12_800, stock: 3 },
  { kind: "goods", title: "经管学术圈 帆布托特包", titleEn: "EconScholar canvas tote bag", priceFen: 5_900, stock: 200 },
] as const;

const DAY = 86_400_000;

/** Puts seeded courses, goods and coupon-centre coupons in a new database. */
export function seedOrders(db: Db, now: Date): void {
  if (db.prepare("SELECT COUNT(*) FROM products").pluck().get()) return;
  const from = new Date(now.getTime() - DAY).toISOString();
  const until = new Date(now.getTime() + 90 * DAY).toISOString();
  db.transaction(() => {
    const product = db.prepare("INSERT INTO products (kind, title, title_en, price_fen, stock) VALUES (?, ?, ?, ?, ?)");
    for (const item of PRODUCTS) product.run(item.kind, item.title, item.titleEn, item.priceFen, item.stock);
    const coupon = db.prepare(
      "INSERT INTO coupons (title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    coupon.run("新人专享 满99减20", "New members: ¥20 off orders of ¥99", "amount", 2_000, 100, 9_900, "all", from, until, 10_000);
    coupon.run("精品课程 85折", "15% off boutique courses", "discount", 0, 85, 0, "course", from, until, 10_000);
    coupon.run("周边好物 满100减10", "Merchandise: ¥10 off orders of ¥100", "amount", 1_000, 100, 10_000, "goods", from, until, 500);
  })();
}
