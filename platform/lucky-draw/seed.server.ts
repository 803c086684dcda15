import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";
import type { PrizeKind } from "./queries.server.ts";

const DAY_MS = 86_400_000;

interface SeedPrize {
  title?: string;
  title_en?: string;
  /** "firstSiteWide": the first coupon valid on everything; without one the prize is "thanks for taking part". */
  coupon?: "firstSiteWide";
  kind: PrizeKind;
  points: number;
  weight: number;
  stock: number | null;
}

interface SeedDraw {
  draw: { title: string; title_en: string; rules: string; rules_en: string; cost_points: number; days: number };
  prizes: SeedPrize[];
}

const THANKS = { title: "谢谢参与", title_en: "Thanks for taking part", kind: "none", coupon_id: null } as const;

/**
 * Seeds one draw (platform/seed/lucky-draw.json) running from yesterday, into a database that has none. Weights sum
 * to 100, so each is the prize's percentage; the points paid out average a little under the cost.
 */
export function seedLuckyDraw(db: Db, now: Date): void {
  if (queries.anyDraw(db)) return;
  const { draw, prizes } = seedData<SeedDraw>("lucky-draw.json");
  const coupon = queries.firstSiteWideCoupon(db);
  db.transaction(() => {
    const { days, ...row } = draw;
    const drawId = queries.insertDraw(db, {
      ...row,
      starts_at: new Date(now.getTime() - DAY_MS).toISOString(),
      ends_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    });
    prizes.forEach((prize, position) => {
      const given =
        prize.coupon === undefined
          ? { title: prize.title ?? "", title_en: prize.title_en ?? "", kind: prize.kind, coupon_id: null }
          : coupon
            ? { title: coupon.title, title_en: coupon.title_en, kind: prize.kind, coupon_id: coupon.id }
            : THANKS;
      queries.insertPrize(db, { draw_id: drawId, position, ...given, points: prize.points, weight: prize.weight, stock: prize.stock });
    });
  })();
}
