import { randomInt } from "node:crypto";
import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { memberCodeSchema, memberCodeValidators } from "@schemas/generated/form-kits.ts";
import type { MemberCodeForm } from "@schemas/generated/forms.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { paging } from "./content.server.ts";

const DAY_MS = 86_400_000;
/** Exchange codes and gift cards read aloud or typed from a card: no 0/O, 1/I/L. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Wrong codes a user may try in WRONG_CODE_WINDOW_MS before being asked to wait (guessing a 12-character code is hopeless, but probing is noise). */
const WRONG_CODE_LIMIT = 5;
const WRONG_CODE_WINDOW_MS = 10 * 60_000;
/** An unreceived gift card can be received for this long after it was bought. */
const GIFT_VALID_DAYS = 30;

export function newMemberCode(): string {
  return Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/** What people type: any case, with spaces or dashes between groups. */
export function normaliseMemberCode(input: unknown): string {
  return String(input ?? "")
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .slice(0, 32);
}

/** Shown in groups of four, as printed on a card. */
export function displayMemberCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1-");
}

interface CodeRow {
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

interface CardRow {
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

type Granted = { ok: true; from: string | null; to: string } | { ok: false };

/**
 * Whether a user is a member at this moment: `users.is_vip` (what gates read, and what the developer tools set without
 * a membership) and, when a membership exists, its expiry, which counts from the instant it passes rather than at the
 * next sweep of `endLapsed`. What a membership lends, such as books unlocked by it (ADR 040), holds only while this does.
 */
export function isMemberAt(db: Db, user: { id: number; is_vip: number }, now: Date): boolean {
  if (user.is_vip !== 1) return false;
  const expiresAt = db.prepare("SELECT expires_at FROM memberships WHERE user_id = ?").pluck().get(user.id) as string | undefined;
  return expiresAt === undefined || Date.parse(expiresAt) > now.getTime();
}

/**
 * Membership (ADR 020): an expiry per member, extended from the current expiry when still running (from now when
 * lapsed), every change an event. Cards are sold through the order engine (kinds membership and gift); codes and
 * gift cards are redeemed at most once, decided by one conditional update.
 */
export function createMembership(db: Db, accounts: Accounts) {
  const membershipOf = db.prepare("SELECT * FROM memberships WHERE user_id = ?");
  const codeRow = db.prepare("SELECT * FROM member_codes WHERE code = ?");
  const cardSelect = `SELECT p.id, p.item_id, p.kind, p.price_fen, p.days, i.title, i.title_en, i.summary, i.summary_en, i.cover
    FROM products p JOIN items i ON i.id = p.item_id`;

  /** Adds days to a member's expiry and records why; inside the caller's transaction. */
  function extend(userId: number, days: number, kind: "purchase" | "code" | "gift", ref: string, title: [string, string], now: Date): Granted {
    const current = membershipOf.get(userId) as { expires_at: string } | undefined;
    const running = current && Date.parse(current.expires_at) > now.getTime();
    const base = running ? Date.parse(current.expires_at) : now.getTime();
    const to = new Date(base + days * DAY_MS).toISOString();
    db.prepare(
      `INSERT INTO memberships (user_id, started_at, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET expires_at = excluded.expires_at, started_at = CASE WHEN ? THEN started_at ELSE excluded.started_at END`,
    ).run(userId, now.toISOString(), to, running ? 1 : 0);
    db.prepare(
      "INSERT INTO membership_events (user_id, kind, days, from_expiry, to_expiry, ref, title, title_en, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(userId, kind, days, current?.expires_at ?? null, to, ref, title[0], title[1], now.toISOString());
    db.prepare("UPDATE users SET is_vip = 1 WHERE id = ?").run(userId);
    return { ok: true, from: current?.expires_at ?? null, to };
  }

  /**
   * The order engine's fulfilment of a paid card: a membership card extends the buyer, a gift card becomes a code for
   * a friend. Returns the reason recorded with the order's move to fulfilled, or null for kinds it does not handle.
   */
  function fulfilPaidCard(order: { id: number; user_id: number; order_no: string }, productId: number, now: Date): string | null {
    const card = db.prepare(`${cardSelect} WHERE p.id = ?`).get(productId) as CardRow | undefined;
    if (!card || (card.kind !== "membership" && card.kind !== "gift")) return null;
    if (card.kind === "membership") {
      extend(order.user_id, card.days, "purchase", `order:${order.order_no}`, [card.title, card.title_en], now);
      return "membership extended";
    }
    db.prepare(
      `INSERT INTO member_codes (code, kind, days, title, title_en, valid_until, giver_id, order_id, created_at)
       VALUES (?, 'gift', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      newMemberCode(),
      card.days,
      card.title,
      card.title_en,
      new Date(now.getTime() + GIFT_VALID_DAYS * DAY_MS).toISOString(),
      order.user_id,
      order.id,
      now.toISOString(),
    );
    return "gift card issued";
  }

  /** An operator's refund takes back what the card gave: the buyer's days, or an unreceived gift card. */
  function revokePaidCard(order: { id: number; user_id: number; order_no: string }, now: Date): boolean {
    const gift = db.prepare("SELECT * FROM member_codes WHERE order_id = ?").get(order.id) as CodeRow | undefined;
    if (gift) {
      if (gift.redeemed_by) return false;
      db.prepare("DELETE FROM member_codes WHERE code = ?").run(gift.code);
      return true;
    }
    const event = db.prepare("SELECT * FROM membership_events WHERE ref = ?").get(`order:${order.order_no}`) as { days: number } | undefined;
    if (!event) return true;
    const current = membershipOf.get(order.user_id) as { expires_at: string };
    const to = new Date(Date.parse(current.expires_at) - event.days * DAY_MS);
    db.prepare("UPDATE memberships SET expires_at = ? WHERE user_id = ?").run(to.toISOString(), order.user_id);
    if (to <= now) db.prepare("UPDATE users SET is_vip = 0 WHERE id = ?").run(order.user_id);
    return true;
  }

  /** Memberships that ran out stop counting as VIP (the users row is what gates read). */
  function endLapsed(now: Date): number {
    return db.prepare("UPDATE users SET is_vip = 0 WHERE is_vip = 1 AND id IN (SELECT user_id FROM memberships WHERE expires_at <= ?)").run(now.toISOString())
      .changes;
  }

  const codeProblem = (context: ApiContext, code: CodeRow | undefined, userId: number): Envelope | null => {
    if (!code) return fail(404, say(context, "兑换码不存在，请核对后重新输入", "No such code. Please check it and try again"), { problem: "wrong" });
    if (code.redeemed_by)
      return fail(409, say(context, "该兑换码已被使用", "This code has already been used"), { problem: "used", usedByYou: code.redeemed_by === userId });
    if (Date.parse(code.valid_until) <= context.now().getTime())
      return fail(410, say(context, "该兑换码已过期", "This code has expired"), { problem: "expired" });
    if (code.giver_id === userId)
      return fail(409, say(context, "不能领取自己赠送的会员卡，请分享给好友", "You cannot receive your own gift card. Share it with a friend"), {
        problem: "own",
      });
    return null;
  };

  /** One redemption: the conditional update lets exactly one of any number of simultaneous submissions through. */
  const redeem = db.transaction((context: ApiContext, userId: number, input: unknown, kinds: CodeRow["kind"][]): Envelope => {
    const now = context.now();
    const code = codeRow.get(normaliseMemberCode(input)) as CodeRow | undefined;
    const problem = codeProblem(context, code && kinds.includes(code.kind) ? code : undefined, userId);
    if (problem) return problem;
    const taken = db
      .prepare("UPDATE member_codes SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND redeemed_by IS NULL")
      .run(userId, now.toISOString(), code!.code);
    if (taken.changes !== 1) return fail(409, say(context, "该兑换码已被使用", "This code has already been used"), { problem: "used" });
    const granted = extend(userId, code!.days, code!.kind === "gift" ? "gift" : "code", `code:${code!.code}`, [code!.title, code!.title_en], now) as {
      to: string;
    };
    return ok(
      { days: code!.days, title: say(context, code!.title, code!.title_en), expiresAt: granted.to },
      say(context, `兑换成功，会员已延长 ${code!.days} 天`, `Done: your membership is ${code!.days} days longer`),
    );
  });

  /** Only wrong codes count toward the limit; a user who mistypes once and then types it right is never slowed down. */
  function redeemLimited(context: ApiContext, userId: number, kinds: CodeRow["kind"][]): Envelope {
    const bucket = `member-code-wrong:${userId}`;
    const since = context.now().getTime() - WRONG_CODE_WINDOW_MS;
    const wrong = db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck().get(bucket, since) as number;
    if (wrong >= WRONG_CODE_LIMIT)
      return fail(429, say(context, "错误次数过多，请 10 分钟后再试", "Too many wrong codes. Please try again in 10 minutes"), { problem: "limited" });
    const body = validateBody<MemberCodeForm>(context, formKit(memberCodeSchema, memberCodeValidators));
    if (!body.ok) return body.envelope;
    const answer = redeem(context, userId, body.value.code, kinds);
    if ((answer.data as { problem?: string } | undefined)?.problem === "wrong")
      allow(db, bucket, Number.MAX_SAFE_INTEGER, WRONG_CODE_WINDOW_MS, context.now().getTime());
    return answer;
  }

  const membershipView = (userId: number, isVip: boolean, now: Date) => {
    const row = membershipOf.get(userId) as { started_at: string; expires_at: string } | undefined;
    const active = Boolean(row && Date.parse(row.expires_at) > now.getTime());
    return {
      isVip: isVip || active,
      startedAt: row?.started_at ?? null,
      expiresAt: row?.expires_at ?? null,
      daysLeft: active ? Math.ceil((Date.parse(row!.expires_at) - now.getTime()) / DAY_MS) : 0,
    };
  };

  const cardView = (context: ApiContext, card: CardRow) => ({
    id: card.item_id,
    productId: card.id,
    kind: card.kind,
    title: say(context, card.title, card.title_en),
    titleEn: card.title_en,
    summary: say(context, card.summary, card.summary_en),
    cover: card.cover,
    days: card.days,
    priceFen: card.price_fen,
    dailyFen: Math.round(card.price_fen / card.days),
    stock: null,
    bought: false,
  });

  const giftView = (context: ApiContext, code: CodeRow, viewerId: number | null) => {
    const giver = code.giver_id ? accounts.userById(code.giver_id) : undefined;
    const receiver = code.redeemed_by ? accounts.userById(code.redeemed_by) : undefined;
    const expired = !code.redeemed_by && Date.parse(code.valid_until) <= context.now().getTime();
    return {
      code: viewerId !== null && (code.giver_id === viewerId || code.redeemed_by === viewerId) ? displayMemberCode(code.code) : null,
      title: say(context, code.title, code.title_en),
      days: code.days,
      validUntil: code.valid_until,
      createdAt: code.created_at,
      giverName: giver ? publicName(giver) : "",
      receiverName: receiver ? publicName(receiver) : "",
      status: code.redeemed_by ? "received" : expired ? "expired" : "waiting",
      mine: viewerId !== null && code.giver_id === viewerId,
      receivedAt: code.redeemed_at,
    };
  };

  const cards = (kind: "membership" | "gift") => db.prepare(`${cardSelect} WHERE p.kind = ? AND p.on_sale = 1 ORDER BY p.price_fen`).all(kind) as CardRow[];

  const routes: RouteDefinition[] = [
    {
      method: "GET",
      path: "/members/interests",
      handler: (context) => {
        const who = accounts.current(context);
        const user = "user" in who ? who.user : null;
        const interests = db.prepare("SELECT * FROM member_interests ORDER BY sort").all() as {
          id: number;
          title: string;
          title_en: string;
          description: string;
          description_en: string;
          icon: string;
        }[];
        return ok({
          interests: interests.map((row) => ({
            id: row.id,
            title: say(context, row.title, row.title_en),
            description: say(context, row.description, row.description_en),
            icon: row.icon,
          })),
          cards: cards("membership").map((card) => cardView(context, card)),
          giftCards: cards("gift").map((card) => cardView(context, card)),
          membership: user ? membershipView(user.id, user.is_vip === 1, context.now()) : null,
        });
      },
    },
    {
      method: "GET",
      path: "/members/cardDetail",
      handler: accounts.withUser((context) => {
        const card = db.prepare(`${cardSelect} WHERE p.item_id = ? AND p.kind IN ('membership', 'gift') AND p.on_sale = 1`).get(Number(context.params.id)) as
          | CardRow
          | undefined;
        return card ? ok(cardView(context, card)) : fail(404, say(context, "会员卡不存在或已下架", "This card is not on sale"));
      }),
    },
    {
      method: "GET",
      path: "/members/memberRecord",
      handler: accounts.withUser((context, user) => {
        const kinds = context.params.type === "exchange" ? ["code", "gift"] : ["purchase"];
        const { pageNum, pageSize } = paging(context.params, 20);
        const rows = db
          .prepare(`SELECT * FROM membership_events WHERE user_id = ? AND kind IN (${kinds.map(() => "?").join(",")}) ORDER BY id DESC LIMIT ? OFFSET ?`)
          .all(user.id, ...kinds, pageSize, (pageNum - 1) * pageSize) as {
          id: number;
          kind: string;
          days: number;
          from_expiry: string | null;
          to_expiry: string;
          title: string;
          title_en: string;
          created_at: string;
        }[];
        const total = db
          .prepare(`SELECT COUNT(*) FROM membership_events WHERE user_id = ? AND kind IN (${kinds.map(() => "?").join(",")})`)
          .pluck()
          .get(user.id, ...kinds) as number;
        return ok({
          list: rows.map((row) => ({
            id: row.id,
            kind: row.kind,
            title: say(context, row.title, row.title_en),
            days: row.days,
            fromExpiry: row.from_expiry,
            toExpiry: row.to_expiry,
            createTime: row.created_at,
          })),
          total,
          pageNum,
          pageSize,
          membership: membershipView(user.id, user.is_vip === 1, context.now()),
        });
      }),
    },
    { method: "POST", path: "/members/exchange", handler: accounts.withUser((context, user) => redeemLimited(context, user.id, ["exchange", "gift"])) },
    { method: "POST", path: "/members/receive", handler: accounts.withUser((context, user) => redeemLimited(context, user.id, ["gift"])) },
    {
      method: "GET",
      path: "/members/friendCards",
      handler: accounts.withUser((context, user) => {
        const rows = db.prepare("SELECT * FROM member_codes WHERE giver_id = ? ORDER BY created_at DESC, code").all(user.id) as CodeRow[];
        return ok({ list: rows.map((row) => giftView(context, row, user.id)), cards: cards("gift").map((card) => cardView(context, card)) });
      }),
    },
    {
      method: "GET",
      path: "/members/friendCardDetail",
      handler: (context) => {
        const who = accounts.current(context);
        const viewer = "user" in who ? who.user : null;
        const code = codeRow.get(normaliseMemberCode(context.params.code)) as CodeRow | undefined;
        if (code?.kind !== "gift") return fail(404, say(context, "会员卡不存在", "No such gift card"));
        return ok(giftView(context, code, viewer?.id ?? null));
      },
    },
  ];

  return { routes, extend, fulfilPaidCard, revokePaidCard, endLapsed };
}

export type Membership = ReturnType<typeof createMembership>;

const INTERESTS: [string, string, string, string, string][] = [
  ["免费观看全部会员视频", "All member videos", "会员专区视频、学术会议回放不限次观看", "Unlimited member videos and conference replays", "play"],
  ["论文全文下载", "Full-text papers", "收录论文全文在线阅读与下载", "Read and download the full text of every listed paper", "doc"],
  ["精品课程折扣", "Course discounts", "精品课程会员专享价", "Member prices on boutique courses", "course"],
  ["直播优先席位", "Priority live seats", "热门直播提前入场、优先选座", "Early entry and first choice of seats at popular live events", "live"],
  ["积分加倍", "Double points", "每日签到积分翻倍", "Daily sign-in points are doubled", "points"],
  ["专属客服", "Dedicated support", "工作日 2 小时内响应", "A reply within 2 working hours", "service"],
  ["会员身份标识", "Member badge", "评论与主页展示会员标识", "A member badge on comments and your profile", "badge"],
  ["会员实物礼包", "Member gift pack", "绑定收货地址，每年寄送学术周边礼包", "Bind a delivery address and get a yearly gift pack by post", "gift"],
];

const CARDS: { kind: "membership" | "gift"; days: number; priceFen: number; title: [string, string]; summary: [string, string] }[] = [
  { kind: "membership", days: 30, priceFen: 3_000, title: ["月度会员", "Monthly membership"], summary: ["30 天会员权益", "30 days of member benefits"] },
  { kind: "membership", days: 90, priceFen: 7_800, title: ["季度会员", "Quarterly membership"], summary: ["90 天会员权益", "90 days of member benefits"] },
  { kind: "membership", days: 365, priceFen: 25_800, title: ["年度会员", "Yearly membership"], summary: ["365 天会员权益", "365 days of member benefits"] },
  {
    kind: "gift",
    days: 30,
    priceFen: 3_000,
    title: ["月度会员赠送卡", "Monthly gift card"],
    summary: ["送好友 30 天会员", "30 days of membership for a friend"],
  },
  {
    kind: "gift",
    days: 365,
    priceFen: 25_800,
    title: ["年度会员赠送卡", "Yearly gift card"],
    summary: ["送好友 365 天会员", "365 days of membership for a friend"],
  },
];

/** The membership's interests and cards, once. */
export function seedMembership(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM member_interests").get()) return;
  db.transaction(() => {
    INTERESTS.forEach(([title, titleEn, description, descriptionEn, icon], index) =>
      db
        .prepare("INSERT INTO member_interests (id, title, title_en, description, description_en, icon, sort) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .run(index + 1, title, titleEn, description, descriptionEn, icon, index + 1),
    );
    for (const card of CARDS) {
      const item = db
        .prepare("INSERT INTO items (kind, title, title_en, summary, summary_en, cover, created_at) VALUES ('vip', ?, ?, ?, ?, ?, ?)")
        .run(card.title[0], card.title[1], card.summary[0], card.summary[1], "", now.toISOString());
      const itemId = Number(item.lastInsertRowid);
      db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
      db.prepare("INSERT INTO products (item_id, kind, price_fen, stock, days) VALUES (?, ?, ?, NULL, ?)").run(itemId, card.kind, card.priceFen, card.days);
    }
  })();
}

/** Exchange codes as operations issue them (a batch printed on cards or sent to partners). */
export function issueExchangeCodes(db: Db, count: number, days: number, validUntil: Date, now: Date): string[] {
  const title: [string, string] = days >= 365 ? ["年度会员兑换码", "Yearly membership code"] : [`${days} 天会员兑换码`, `${days}-day membership code`];
  const insert = db.prepare("INSERT INTO member_codes (code, kind, days, title, title_en, valid_until, created_at) VALUES (?, 'exchange', ?, ?, ?, ?, ?)");
  return db.transaction(() =>
    Array.from({ length: count }, () => {
      const code = newMemberCode();
      insert.run(code, days, title[0], title[1], validUntil.toISOString(), now.toISOString());
      return code;
    }),
  )();
}
