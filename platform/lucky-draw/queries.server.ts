import type { Db } from "../kernel/db.server.ts";

export type PrizeKind = "points" | "coupon" | "physical" | "none";

export interface DrawRow {
  id: number;
  title: string;
  title_en: string;
  rules: string;
  rules_en: string;
  cost_points: number;
  starts_at: string;
  ends_at: string;
}

export interface PrizeRow {
  id: number;
  draw_id: number;
  position: number;
  title: string;
  title_en: string;
  kind: PrizeKind;
  points: number;
  coupon_id: number | null;
  weight: number;
  stock: number | null;
}

export interface ResultRow {
  id: number;
  user_id: number;
  draw_id: number;
  prize_id: number;
  paid_with: "points" | "chance";
  user_coupon_id: number | null;
  address: string | null;
  status: "won" | "claimed" | "shipped";
  created_at: string;
  claimed_at: string | null;
}

export type WonPrizeRow = ResultRow & Pick<PrizeRow, "position" | "title" | "title_en" | "kind" | "points"> & { draw_title: string; draw_title_en: string };

// Draws and prizes

export const drawById = (db: Db, id: number) => db.prepare("SELECT * FROM draws WHERE id = ?").get(id) as DrawRow | undefined;

/** The draw running now, else the one starting next, else the last one that ran. */
export const currentDraw = (db: Db, now: string) =>
  db
    .prepare(`SELECT * FROM draws ORDER BY
      CASE WHEN starts_at <= @now AND ends_at > @now THEN 0 WHEN starts_at > @now THEN 1 ELSE 2 END,
      CASE WHEN starts_at > @now THEN starts_at END ASC, ends_at DESC LIMIT 1`)
    .get({ now }) as DrawRow | undefined;

export const anyDraw = (db: Db) => Boolean(db.prepare("SELECT 1 FROM draws LIMIT 1").get());

export const prizesOf = (db: Db, drawId: number) => db.prepare("SELECT * FROM draw_prizes WHERE draw_id = ? ORDER BY position").all(drawId) as PrizeRow[];

export const prizeById = (db: Db, id: number) => db.prepare("SELECT * FROM draw_prizes WHERE id = ?").get(id) as PrizeRow;

/** The unlimited "thanks for taking part" prize a turn lands on when nothing else can be given. */
export const consolationPrize = (db: Db, drawId: number) =>
  db.prepare("SELECT * FROM draw_prizes WHERE draw_id = ? AND kind = 'none' AND stock IS NULL ORDER BY position LIMIT 1").get(drawId) as PrizeRow | undefined;

/** Takes one from a prize's stock while some is left; false when it ran out. */
export const takeStock = (db: Db, prizeId: number) =>
  db.prepare("UPDATE draw_prizes SET stock = stock - 1 WHERE id = ? AND stock > 0").run(prizeId).changes === 1;

export const insertDraw = (db: Db, draw: Omit<DrawRow, "id">) =>
  Number(
    db
      .prepare(
        "INSERT INTO draws (title, title_en, rules, rules_en, cost_points, starts_at, ends_at) VALUES (@title, @title_en, @rules, @rules_en, @cost_points, @starts_at, @ends_at)",
      )
      .run(draw).lastInsertRowid,
  );

export const insertPrize = (db: Db, prize: Omit<PrizeRow, "id">) =>
  db
    .prepare(
      "INSERT INTO draw_prizes (draw_id, position, title, title_en, kind, points, coupon_id, weight, stock) VALUES (@draw_id, @position, @title, @title_en, @kind, @points, @coupon_id, @weight, @stock)",
    )
    .run(prize);

// Coupons a prize can give

export const couponWindow = (db: Db, couponId: number | null) =>
  db.prepare("SELECT valid_from, valid_until FROM coupons WHERE id = ?").get(couponId) as { valid_from: string; valid_until: string };

export const holdsCoupon = (db: Db, couponId: number | null, userId: number) =>
  Boolean(db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(couponId, userId));

export const giveCoupon = (db: Db, couponId: number | null, userId: number, at: string) =>
  Number(db.prepare("INSERT INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)").run(couponId, userId, at).lastInsertRowid);

export const firstSiteWideCoupon = (db: Db) =>
  db.prepare("SELECT id, title, title_en FROM coupons WHERE scope = 'all' ORDER BY id LIMIT 1").get() as
    | { id: number; title: string; title_en: string }
    | undefined;

// Chances

export const chancesOf = (db: Db, userId: number, drawId: number) =>
  db.prepare("SELECT COALESCE(SUM(delta), 0) FROM draw_chance_entries WHERE user_id = ? AND draw_id = ?").pluck().get(userId, drawId) as number;

export const addChance = (
  db: Db,
  entry: { userId: number; drawId: number; delta: number; balanceAfter: number; reason: string; ref: string | null; at: string },
) =>
  db
    .prepare("INSERT INTO draw_chance_entries (user_id, draw_id, delta, balance_after, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(entry.userId, entry.drawId, entry.delta, entry.balanceAfter, entry.reason, entry.ref, entry.at);

export const chanceReceived = (db: Db, userId: number, ref: string) =>
  Boolean(db.prepare("SELECT 1 FROM draw_chance_entries WHERE user_id = ? AND ref = ?").get(userId, ref));

// Tasks

export const signedInOn = (db: Db, userId: number, day: string) => Boolean(db.prepare("SELECT 1 FROM signins WHERE user_id = ? AND day = ?").get(userId, day));

export const taskStepDone = (db: Db, userId: number, taskId: string, day: string) =>
  Boolean(db.prepare("SELECT 1 FROM draw_task_steps WHERE user_id = ? AND task_id = ? AND day = ?").get(userId, taskId, day));

export const recordTaskStep = (db: Db, userId: number, taskId: string, day: string, at: string) =>
  db.prepare("INSERT OR IGNORE INTO draw_task_steps (user_id, task_id, day, created_at) VALUES (?, ?, ?, ?)").run(userId, taskId, day, at);

// Results

export const insertResult = (db: Db, result: { userId: number; drawId: number; prizeId: number; paidWith: string; status: string; at: string }) =>
  Number(
    db
      .prepare("INSERT INTO draw_results (user_id, draw_id, prize_id, paid_with, status, created_at, claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(result.userId, result.drawId, result.prizeId, result.paidWith, result.status, result.at, result.status === "claimed" ? result.at : null)
      .lastInsertRowid,
  );

export const setResultCoupon = (db: Db, resultId: number, userCouponId: number) =>
  db.prepare("UPDATE draw_results SET user_coupon_id = ? WHERE id = ?").run(userCouponId, resultId);

export const ownResult = (db: Db, resultId: number, userId: number) =>
  db.prepare("SELECT * FROM draw_results WHERE id = ? AND user_id = ?").get(resultId, userId) as ResultRow | undefined;

export const claimResult = (db: Db, resultId: number, address: string, at: string) =>
  db.prepare("UPDATE draw_results SET address = ?, status = 'claimed', claimed_at = ? WHERE id = ? AND status = 'won'").run(address, at, resultId);

/** What a person won, newest first; "thanks for taking part" is no prize and is left out. */
export const wonPrizes = (db: Db, userId: number, limit: number, offset: number) =>
  db
    .prepare(`SELECT r.*, p.position, p.title, p.title_en, p.kind, p.points, d.title AS draw_title, d.title_en AS draw_title_en
      FROM draw_results r JOIN draw_prizes p ON p.id = r.prize_id JOIN draws d ON d.id = r.draw_id
      WHERE r.user_id = ? AND p.kind <> 'none' ORDER BY r.id DESC LIMIT ? OFFSET ?`)
    .all(userId, limit, offset) as WonPrizeRow[];

export const wonPrizeCount = (db: Db, userId: number) =>
  db
    .prepare("SELECT COUNT(*) FROM draw_results r JOIN draw_prizes p ON p.id = r.prize_id WHERE r.user_id = ? AND p.kind <> 'none'")
    .pluck()
    .get(userId) as number;
