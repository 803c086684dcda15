import type { Db } from "../kernel/db.server.ts";

export interface CodeRow {
  code: string;
  kind: "exchange" | "gift";
  days: number;
  title: string;
  title_en: string;
  valid_until: string;
  giver_id: number | null;
  order_id: number | null;
  message: string;
  redeemed_by: number | null;
  redeemed_at: string | null;
  created_at: string;
}

export interface CardRow {
  id: number;
  item_id: number;
  kind: "membership" | "gift";
  price_fen: number;
  days: number;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
}

export interface InterestRow {
  id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  icon: string;
}

export interface MembershipEventRow {
  id: number;
  kind: string;
  days: number;
  from_expiry: string | null;
  to_expiry: string;
  title: string;
  title_en: string;
  created_at: string;
}

const CARD_SELECT = `SELECT p.id, p.item_id, p.kind, p.price_fen, p.days, i.title, i.title_en, i.summary, i.summary_en, i.cover
    FROM products p JOIN items i ON i.id = p.item_id`;

// Memberships and their events

export const membershipOf = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM memberships WHERE user_id = ?").get(userId) as { started_at: string; expires_at: string } | undefined;

export const membershipExpiry = (db: Db, userId: number) =>
  db.prepare("SELECT expires_at FROM memberships WHERE user_id = ?").pluck().get(userId) as string | undefined;

/** Sets a member's expiry; a running membership keeps its start. */
export const saveMembership = (db: Db, userId: number, startedAt: string, expiresAt: string, running: boolean) =>
  db
    .prepare(
      `INSERT INTO memberships (user_id, started_at, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET expires_at = excluded.expires_at, started_at = CASE WHEN ? THEN started_at ELSE excluded.started_at END`,
    )
    .run(userId, startedAt, expiresAt, running ? 1 : 0);

export const setMembershipExpiry = (db: Db, userId: number, expiresAt: string) =>
  db.prepare("UPDATE memberships SET expires_at = ? WHERE user_id = ?").run(expiresAt, userId);

export interface NewMembershipEvent {
  userId: number;
  kind: "purchase" | "code" | "gift";
  days: number;
  from: string | null;
  to: string;
  ref: string;
  title: [string, string];
  at: string;
}

export const insertMembershipEvent = (db: Db, event: NewMembershipEvent) =>
  db
    .prepare("INSERT INTO membership_events (user_id, kind, days, from_expiry, to_expiry, ref, title, title_en, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .run(event.userId, event.kind, event.days, event.from, event.to, event.ref, event.title[0], event.title[1], event.at);

export const membershipEventByRef = (db: Db, ref: string) =>
  db.prepare("SELECT * FROM membership_events WHERE ref = ?").get(ref) as { days: number } | undefined;

export function membershipEventsPage(db: Db, userId: number, kinds: string[], limit: number, offset: number) {
  const inKinds = kinds.map(() => "?").join(",");
  const rows = db
    .prepare(`SELECT * FROM membership_events WHERE user_id = ? AND kind IN (${inKinds}) ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(userId, ...kinds, limit, offset) as MembershipEventRow[];
  const total = db
    .prepare(`SELECT COUNT(*) FROM membership_events WHERE user_id = ? AND kind IN (${inKinds})`)
    .pluck()
    .get(userId, ...kinds) as number;
  return { rows, total };
}

export const setVip = (db: Db, userId: number, vip: boolean) => db.prepare("UPDATE users SET is_vip = ? WHERE id = ?").run(vip ? 1 : 0, userId);

export const endLapsedVips = (db: Db, nowIso: string) =>
  db.prepare("UPDATE users SET is_vip = 0 WHERE is_vip = 1 AND id IN (SELECT user_id FROM memberships WHERE expires_at <= ?)").run(nowIso).changes;

// Cards and interests

export const cardByProduct = (db: Db, productId: number) => db.prepare(`${CARD_SELECT} WHERE p.id = ?`).get(productId) as CardRow | undefined;

export const cardOnSaleByItem = (db: Db, itemId: number) =>
  db.prepare(`${CARD_SELECT} WHERE p.item_id = ? AND p.kind IN ('membership', 'gift') AND p.on_sale = 1`).get(itemId) as CardRow | undefined;

export const cardsOnSale = (db: Db, kind: "membership" | "gift") =>
  db.prepare(`${CARD_SELECT} WHERE p.kind = ? AND p.on_sale = 1 ORDER BY p.price_fen`).all(kind) as CardRow[];

export const interests = (db: Db) => db.prepare("SELECT * FROM member_interests ORDER BY sort").all() as InterestRow[];

// Codes and gift cards

export const codeByValue = (db: Db, code: string) => db.prepare("SELECT * FROM member_codes WHERE code = ?").get(code) as CodeRow | undefined;

export const codeOfOrder = (db: Db, orderId: number) => db.prepare("SELECT * FROM member_codes WHERE order_id = ?").get(orderId) as CodeRow | undefined;

export const codesGivenBy = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM member_codes WHERE giver_id = ? ORDER BY created_at DESC, code").all(userId) as CodeRow[];

export const deleteCode = (db: Db, code: string) => db.prepare("DELETE FROM member_codes WHERE code = ?").run(code);

/** Takes a code for a user; false when someone took it first. */
export const takeCode = (db: Db, code: string, userId: number, at: string) =>
  db.prepare("UPDATE member_codes SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND redeemed_by IS NULL").run(userId, at, code).changes === 1;

export const insertGiftCode = (
  db: Db,
  gift: { code: string; days: number; title: string; titleEn: string; validUntil: string; giverId: number; orderId: number; at: string },
) =>
  db
    .prepare(
      `INSERT INTO member_codes (code, kind, days, title, title_en, valid_until, giver_id, order_id, created_at)
       VALUES (?, 'gift', ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(gift.code, gift.days, gift.title, gift.titleEn, gift.validUntil, gift.giverId, gift.orderId, gift.at);

export const insertExchangeCode = (db: Db, code: string, days: number, title: [string, string], validUntil: string, at: string) =>
  db
    .prepare("INSERT INTO member_codes (code, kind, days, title, title_en, valid_until, created_at) VALUES (?, 'exchange', ?, ?, ?, ?, ?)")
    .run(code, days, title[0], title[1], validUntil, at);

/** Wrong codes a user tried since a moment (counted in the rate-limit table). */
export const wrongCodesSince = (db: Db, bucket: string, since: number) =>
  db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck().get(bucket, since) as number;

// Seeding

export const hasInterests = (db: Db) => db.prepare("SELECT 1 FROM member_interests").get() !== undefined;

export const insertInterest = (db: Db, id: number, row: [string, string, string, string, string], sort: number) =>
  db.prepare("INSERT INTO member_interests (id, title, title_en, description, description_en, icon, sort) VALUES (?, ?, ?, ?, ?, ?, ?)").run(id, ...row, sort);

/** A card's catalogue item (its poster named after its id) and its product. */
export function insertCard(
  db: Db,
  card: { kind: "membership" | "gift"; days: number; priceFen: number; title: [string, string]; summary: [string, string] },
  at: string,
) {
  const itemId = Number(
    db
      .prepare("INSERT INTO items (kind, title, title_en, summary, summary_en, cover, created_at) VALUES ('vip', ?, ?, ?, ?, ?, ?)")
      .run(card.title[0], card.title[1], card.summary[0], card.summary[1], "", at).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
  db.prepare("INSERT INTO products (item_id, kind, price_fen, stock, days) VALUES (?, ?, ?, NULL, ?)").run(itemId, card.kind, card.priceFen, card.days);
}
