import type { Db } from "./kernel/db.server.ts";
import { SEEDED_VIDEO_URL } from "./engagement-seed.server.ts";
import { seedData } from "./seed-data.server.ts";

interface SeedLesson {
  kind: "video" | "doc";
  title: string;
  titleEn: string;
  minutes: number;
  preview?: boolean;
  body?: [string, string];
}

interface SeedCourse {
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  author: [string, string];
  org: [string, string];
  priceFen: number;
  lessons: SeedLesson[];
}

const COURSES = seedData<SeedCourse[]>("shop-courses.json");

/** A physical good of the shop, bought with money. */
interface SeedGood {
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  priceFen: number;
  stock: number;
}

const GOODS = seedData<SeedGood[]>("shop-goods.json");

const DAY = 86_400_000;

/** Puts seeded courses (with their lessons), goods and coupon-centre coupons in a new database. */
export function seedShop(db: Db, now: Date): void {
  if (db.prepare("SELECT COUNT(*) FROM products").pluck().get()) return;
  const created = now.toISOString();
  const from = new Date(now.getTime() - DAY).toISOString();
  const until = new Date(now.getTime() + 90 * DAY).toISOString();
  db.transaction(() => {
    const item =
      db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, org_name, org_name_en, link, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const product = db.prepare("INSERT INTO products (item_id, kind, price_fen, stock) VALUES (?, ?, ?, ?)");
    const lesson = db.prepare(`INSERT INTO course_lessons (course_id, position, kind, title, title_en, minutes, preview, video_url, body, body_en)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const course of COURSES) {
      const itemId = Number(
        item.run(
          "course",
          course.title,
          course.titleEn,
          course.summary,
          course.summaryEn,
          "",
          ...course.author,
          ...course.org,
          "/boutiqueSpec?id={id}",
          created,
        ).lastInsertRowid,
      );
      db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
      product.run(itemId, "course", course.priceFen, null);
      course.lessons.forEach((entry, position) =>
        lesson.run(
          itemId,
          position + 1,
          entry.kind,
          entry.title,
          entry.titleEn,
          entry.minutes,
          entry.preview ? 1 : 0,
          entry.kind === "video" ? SEEDED_VIDEO_URL : null,
          entry.body?.[0] ?? "",
          entry.body?.[1] ?? "",
        ),
      );
    }
    for (const goods of GOODS) {
      const itemId = Number(
        item.run("goods", goods.title, goods.titleEn, goods.summary, goods.summaryEn, "", "", "", "", "", "/goodsDetail?id={id}", created).lastInsertRowid,
      );
      db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
      product.run(itemId, "goods", goods.priceFen, goods.stock);
    }
    const coupon = db.prepare(
      "INSERT INTO coupons (title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    coupon.run("新人专享 满99减20", "New members: ¥20 off orders of ¥99", "amount", 2_000, 100, 9_900, "all", from, until, 10_000);
    coupon.run("精品课程 85折", "15% off boutique courses", "discount", 0, 85, 0, "course", from, until, 10_000);
    coupon.run("周边好物 满100减10", "Merchandise: ¥10 off orders of ¥100", "amount", 1_000, 100, 10_000, "goods", from, until, 500);
    const special = db.prepare(
      "INSERT INTO coupons (title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining, channel) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    special.run("好友助力 课程立减30元", "Friends' help: ¥30 off a course", "amount", 3_000, 100, 9_900, "course", from, until, 100_000, "help");
    special.run("新人礼 无门槛立减10元", "Welcome gift: ¥10 off, no minimum", "amount", 1_000, 100, 0, "all", from, until, 100_000, "newcomer");
  })();
}
