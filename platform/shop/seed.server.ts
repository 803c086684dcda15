import type { Db } from "../kernel/db.server.ts";
import { SEEDED_VIDEO_URL } from "../content/engagement-seed.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";

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

/** A physical good of the shop, bought with money. */
interface SeedGood {
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  priceFen: number;
  stock: number;
}

/** A coupon of the coupon centre, or (with `channel`) one an activity gives; valid from a day before seeding for 90 days. */
interface SeedCoupon {
  title: string;
  titleEn: string;
  kind: "amount" | "discount";
  amountFen: number;
  percent: number;
  thresholdFen: number;
  scope: "all" | "course" | "goods";
  remaining: number;
  channel?: string;
}

const DAY = 86_400_000;

function seedCourse(db: Db, course: SeedCourse, createdAt: string): void {
  const courseId = queries.insertSoldItem(
    db,
    { kind: "course", ...course, link: "/boutiqueSpec?id={id}", createdAt },
    { priceFen: course.priceFen, stock: null },
  );
  course.lessons.forEach((entry, position) =>
    queries.insertLesson(db, courseId, position + 1, {
      kind: entry.kind,
      title: entry.title,
      title_en: entry.titleEn,
      minutes: entry.minutes,
      preview: entry.preview ? 1 : 0,
      video_url: entry.kind === "video" ? SEEDED_VIDEO_URL : null,
      body: entry.body?.[0] ?? "",
      body_en: entry.body?.[1] ?? "",
    }),
  );
}

/**
 * Puts the courses (with their lessons), goods and coupons of `../seed/shop-courses.json`, `shop-goods.json` and
 * `shop-coupons.json` in a new database; one that has products keeps its own.
 */
export function seedShop(db: Db, now: Date): void {
  if (queries.anyProduct(db)) return;
  const createdAt = now.toISOString();
  const validFrom = new Date(now.getTime() - DAY).toISOString();
  const validUntil = new Date(now.getTime() + 90 * DAY).toISOString();
  db.transaction(() => {
    for (const course of seedData<SeedCourse[]>("shop-courses.json")) seedCourse(db, course, createdAt);
    for (const goods of seedData<SeedGood[]>("shop-goods.json")) {
      const item = { kind: "goods" as const, ...goods, author: ["", ""] as const, org: ["", ""] as const, link: "/goodsDetail?id={id}", createdAt };
      queries.insertSoldItem(db, item, { priceFen: goods.priceFen, stock: goods.stock });
    }
    for (const coupon of seedData<SeedCoupon[]>("shop-coupons.json")) {
      queries.insertCoupon(db, {
        title: coupon.title,
        title_en: coupon.titleEn,
        kind: coupon.kind,
        amount_fen: coupon.amountFen,
        percent: coupon.percent,
        threshold_fen: coupon.thresholdFen,
        scope: coupon.scope,
        valid_from: validFrom,
        valid_until: validUntil,
        remaining: coupon.remaining,
        channel: coupon.channel,
      });
    }
  })();
}
