import type { Db } from "../kernel/db.server.ts";

export interface CouponRow {
  id: number;
  title: string;
  title_en: string;
  amount_fen: number;
  threshold_fen: number;
  scope: string;
  valid_until: string;
}

export interface LinkRow {
  id: number;
  code: string;
  owner_id: number;
  coupon_id: number;
  needed: number;
  unlocked_at: string | null;
}

// Coupons

/** The first coupon an activity gives: "help" for help links, "newcomer" for the welcome gift. */
export const activityCoupon = (db: Db, channel: "help" | "newcomer") =>
  db.prepare("SELECT * FROM coupons WHERE channel = ? ORDER BY id LIMIT 1").get(channel) as CouponRow | undefined;

export const couponById = (db: Db, id: number) => db.prepare("SELECT * FROM coupons WHERE id = ?").get(id) as CouponRow;

/** Gives a coupon once: false when the user already holds it. */
export const giveCoupon = (db: Db, couponId: number, userId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)").run(couponId, userId, at).changes === 1;

export const holdsCoupon = (db: Db, couponId: number, userId: number) =>
  Boolean(db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(couponId, userId));

export const hasOrdered = (db: Db, userId: number) => Boolean(db.prepare("SELECT 1 FROM orders WHERE user_id = ?").get(userId));

export const nicknameOf = (db: Db, userId: number) => db.prepare("SELECT nickname FROM users WHERE id = ?").pluck().get(userId) as string | null;

// Help links

export const linkByCode = (db: Db, code: string) => db.prepare("SELECT * FROM give_links WHERE code = ?").get(code) as LinkRow | undefined;

export const linkById = (db: Db, id: number) => db.prepare("SELECT * FROM give_links WHERE id = ?").get(id) as LinkRow;

export const linkOf = (db: Db, ownerId: number, couponId: number) =>
  db.prepare("SELECT * FROM give_links WHERE owner_id = ? AND coupon_id = ?").get(ownerId, couponId) as LinkRow;

export const linksOf = (db: Db, ownerId: number) => db.prepare("SELECT * FROM give_links WHERE owner_id = ? ORDER BY id DESC").all(ownerId) as LinkRow[];

/** A user's link for a coupon, made unless they have one. */
export const ensureLink = (db: Db, link: { code: string; ownerId: number; couponId: number; needed: number; at: string }) =>
  db
    .prepare("INSERT OR IGNORE INTO give_links (code, owner_id, coupon_id, needed, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(link.code, link.ownerId, link.couponId, link.needed, link.at);

export const unlockLink = (db: Db, linkId: number, at: string) =>
  db.prepare("UPDATE give_links SET unlocked_at = ? WHERE id = ? AND unlocked_at IS NULL").run(at, linkId);

/** Records a friend's help once: false when they helped this link already. */
export const addHelp = (db: Db, linkId: number, helperId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO give_helps (link_id, helper_id, created_at) VALUES (?, ?, ?)").run(linkId, helperId, at).changes === 1;

export const hasHelped = (db: Db, linkId: number, helperId: number) =>
  Boolean(db.prepare("SELECT 1 FROM give_helps WHERE link_id = ? AND helper_id = ?").get(linkId, helperId));

export const helperCount = (db: Db, linkId: number) => db.prepare("SELECT COUNT(*) FROM give_helps WHERE link_id = ?").pluck().get(linkId) as number;
