import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { publicName } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { paging } from "../kernel/paging.server.ts";
import * as queries from "./queries.server.ts";
import type { CardRow, CodeRow } from "./queries.server.ts";
import { DAY_MS, displayMemberCode, normaliseMemberCode, redeemLimited } from "./rules.server.ts";

/** What the membership paths work with: the database and the accounts (for the names on gift cards). */
export interface MembershipContext {
  db: Db;
  accounts: Accounts;
}

type UserHandler = (membership: MembershipContext, context: ApiContext, user: UserRow) => Envelope;

const membershipView = (db: Db, userId: number, isVip: boolean, now: Date) => {
  const row = queries.membershipOf(db, userId);
  const active = row !== undefined && Date.parse(row.expires_at) > now.getTime();
  return {
    isVip: isVip || active,
    startedAt: row?.started_at ?? null,
    expiresAt: row?.expires_at ?? null,
    daysLeft: active ? Math.ceil((Date.parse(row.expires_at) - now.getTime()) / DAY_MS) : 0,
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

const giftView = ({ accounts }: MembershipContext, context: ApiContext, code: CodeRow, viewerId: number | null) => {
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

const cardsOf = (db: Db, context: ApiContext, kind: "membership" | "gift") => queries.cardsOnSale(db, kind).map((card) => cardView(context, card));

function interests({ db, accounts }: MembershipContext, context: ApiContext): Envelope {
  const who = accounts.current(context);
  const user = "user" in who ? who.user : null;
  return ok({
    interests: queries.interests(db).map((row) => ({
      id: row.id,
      title: say(context, row.title, row.title_en),
      description: say(context, row.description, row.description_en),
      icon: row.icon,
    })),
    cards: cardsOf(db, context, "membership"),
    giftCards: cardsOf(db, context, "gift"),
    membership: user ? membershipView(db, user.id, user.is_vip === 1, context.now()) : null,
  });
}

function cardDetail({ db }: MembershipContext, context: ApiContext): Envelope {
  const card = queries.cardOnSaleByItem(db, Number(context.params.id));
  return card ? ok(cardView(context, card)) : fail(404, say(context, "会员卡不存在或已下架", "This card is not on sale"));
}

function memberRecord({ db }: MembershipContext, context: ApiContext, user: UserRow): Envelope {
  const kinds = context.params.type === "exchange" ? ["code", "gift"] : ["purchase"];
  const { pageNum, pageSize } = paging(context.params, 20);
  const { rows, total } = queries.membershipEventsPage(db, user.id, kinds, pageSize, (pageNum - 1) * pageSize);
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
    membership: membershipView(db, user.id, user.is_vip === 1, context.now()),
  });
}

function friendCards(membership: MembershipContext, context: ApiContext, user: UserRow): Envelope {
  const list = queries.codesGivenBy(membership.db, user.id).map((row) => giftView(membership, context, row, user.id));
  return ok({ list, cards: cardsOf(membership.db, context, "gift") });
}

function friendCardDetail(membership: MembershipContext, context: ApiContext): Envelope {
  const who = membership.accounts.current(context);
  const viewer = "user" in who ? who.user : null;
  const code = queries.codeByValue(membership.db, normaliseMemberCode(context.params.code));
  if (code?.kind !== "gift") return fail(404, say(context, "会员卡不存在", "No such gift card"));
  return ok(giftView(membership, context, code, viewer?.id ?? null));
}

/** Membership's paths: interests and cards, the member's record, exchange codes and gift cards. */
export function membershipRoutes(membership: MembershipContext): RouteDefinition[] {
  const { accounts } = membership;
  const forUser = (handler: UserHandler) => accounts.withUser((context, user) => handler(membership, context, user));
  const open = (handler: typeof interests) => (context: ApiContext) => handler(membership, context);
  return [
    { method: "GET", path: "/members/interests", handler: open(interests) },
    { method: "GET", path: "/members/cardDetail", handler: forUser(cardDetail) },
    { method: "GET", path: "/members/memberRecord", handler: forUser(memberRecord) },
    { method: "POST", path: "/members/exchange", handler: forUser(({ db }, context, user) => redeemLimited(db, context, user.id, ["exchange", "gift"])) },
    { method: "POST", path: "/members/receive", handler: forUser(({ db }, context, user) => redeemLimited(db, context, user.id, ["gift"])) },
    { method: "GET", path: "/members/friendCards", handler: forUser(friendCards) },
    { method: "GET", path: "/members/friendCardDetail", handler: open(friendCardDetail) },
  ];
}
