import { openDatabase, withStartupLock, type Db } from "./kernel/db.server.ts";
import { createRouter, type PlatformApi, type RouteDefinition } from "./kernel/router.server.ts";
import { contentRoutes } from "./content/index.server.ts";
import { createAccounts, type Accounts } from "./accounts/index.server.ts";
import { scholarRoutes } from "./scholars/index.server.ts";
import { scholarWorkspaceRoutes } from "./scholar-workspace/index.server.ts";
import { scholarDocumentRoutes } from "./scholar-documents/routes.server.ts";
import { recommendationRoutes } from "./recommendations/routes.server.ts";
import { activityRoutes, type Promotions } from "./activity/index.server.ts";
import { fileRoutes, uploadsDirFor } from "./files/index.server.ts";
import { seedPlatform } from "./seed.server.ts";
import { platformSecret } from "./kernel/secrets.server.ts";
import { pruneRateEvents } from "./kernel/rate-limits.server.ts";
import { createHotSearches, searchRoutes, type HotSearches } from "./search/index.server.ts";
import { socialRoutes } from "./social/routes.server.ts";
import { liveRoutes } from "./live/routes.server.ts";
import { robotRoutes } from "./robot/routes.server.ts";
import { audienceRoutes } from "./audience/routes.server.ts";
import { shareConfigRoutes, sharingRoutes } from "./sharing/routes.server.ts";
import { messagingPayRoutes } from "./messaging-pay/routes.server.ts";
import { expressionRoutes } from "./live/expressions.server.ts";
import { replyInChat } from "./robot/rules.server.ts";
import { createSpecials } from "./specials/index.server.ts";
import { createOrderEngine, type OrderEngine } from "./orders/index.server.ts";
import { shopRoutes } from "./shop/routes.server.ts";
import { createAddressBook } from "./addresses/index.server.ts";
import { createCouponActivities } from "./coupon-activities/index.server.ts";
import { audioBookRoutes } from "./audio-books/routes.server.ts";
import { createLedger, pointRoutes, sendSigninReminders } from "./points/index.server.ts";
import { createMembership, type Membership } from "./membership/index.server.ts";
import { createLuckyDraw } from "./lucky-draw/index.server.ts";
import { createSockets, type SocketOptions, type Sockets } from "./realtime/index.server.ts";
import { createVoting } from "./voting/index.server.ts";
import { communityRoutes } from "./community/routes.server.ts";
import type { CommentTarget } from "./community/rules.server.ts";
import { circleRoutes } from "./circle/routes.server.ts";
import { circleCommentTarget } from "./circle/rules.server.ts";
import { createQa } from "./qa/routes.server.ts";
import { jobRoutes } from "./jobs/index.server.ts";
import { createEssays } from "./essays/routes.server.ts";
import { opsConsoleRoutes } from "./ops/index.server.ts";
import { createEventAdmin } from "./event-admin/index.server.ts";
import { libraryRoutes } from "./library/index.server.ts";
import { createCalendar } from "./calendar/index.server.ts";
import { createLiveRoom, type LiveRoom } from "./live/room-routes.server.ts";
import { createMessages, type Messages } from "./messages/index.server.ts";
import { errorReportRoutes } from "./error-reports/index.server.ts";
import { embeddedMediaRoutes } from "./media/index.server.ts";
import { devToolPages } from "./dev-tools/pages.server.ts";

/**
 * The platform package's one entry for a host (ADR 076): the factory, the fetch-style handlers to mount (the API, the
 * seed's media among its paths, and the developer pages) and the body limits to read requests with. The SSR server
 * imports nothing else of the platform; it reaches the platform's domain only through these handlers, as it would
 * reach the real platform over HTTP.
 */
export { bodyLimitFor } from "./kernel/router.server.ts";
export { NO_DEV_TOOL_HEADER } from "./dev-tools/router.server.ts";
export type { PlatformApi } from "./kernel/router.server.ts";
export { CHAT_LIMITS, type DwellConnectionLog, type SocketOptions, type Sockets } from "./realtime/index.server.ts";

/** A fetch-style handler: one web Request in, one Response out. */
export interface PlatformHandler {
  fetch(request: Request): Promise<Response>;
}

export interface EmbeddedPlatform {
  api: PlatformApi;
  /**
   * The developer pages (what third parties would do: outbox, WeChat scan, cashier, reviews, live host), answered at
   * /dev/...; a host mounts them only when not in production. Paths no page serves answer 404 with NO_DEV_TOOL_HEADER.
   */
  devTools: PlatformHandler;
  /** The platform's parts, for its own tests and scripts; a host uses api and devTools only. */
  db: Db;
  accounts: Accounts;
  /** Which promotions run; the developer tools switch them. */
  promotions: Promotions;
  orders: OrderEngine;
  membership: Membership;
  /** Hot searches; an operator hides a phrase through the developer tools (ADR 042). */
  hotSearches: HotSearches;
  /** Screen pushes, questionnaires and sign-ins of live rooms (ADR 062); the developer tools play the host. */
  liveRoom: LiveRoom;
  /** Notices, direct messages and reminders (ADR 063); the /ws/im socket reads new ones from here. */
  messages: Messages;
  /** The socket endpoints (chat, dwell, screen, messages), for the host that takes the upgrades. */
  sockets(options: SocketOptions): Sockets;
  /** The secret the site's server signs a console preview's clock with (ADR 089). */
  previewClockSecret: string;
  close(): void;
}

export interface EmbeddedPlatformOptions {
  file: string;
  now?: () => Date;
  log?: (line: string) => void;
  captchaTestMode?: boolean;
  publicOrigin?: string;
  maxFailedLogins?: number;
  lockMinutes?: number;
  /** Prints each SMS and email the platform sends (for a developer when the outbox page is off). */
  announceMessage?: (line: string) => void;
  /** false: leave a new database empty (the config check only needs the route table). */
  seed?: boolean;
}

/** The parts the route table is made of, made once per platform in an order the secrets table depends on. */
interface PlatformParts {
  db: Db;
  accounts: Accounts;
  publicOrigin: string;
  uploadsDir: string;
  promotions: Promotions;
  orders: OrderEngine;
  membership: Membership;
  messages: Messages;
  hotSearches: HotSearches;
  liveRoom: LiveRoom;
  addressBook: ReturnType<typeof createAddressBook>;
  ledger: ReturnType<typeof createLedger>;
  captchaTestMode: boolean;
}

/** Opens the database, seeding it on first start; one process at a time (several nodes may start together). */
function openSeeded(options: EmbeddedPlatformOptions, now: () => Date, uploadsDir: string): Db {
  return withStartupLock(options.file, () => {
    const db = openDatabase(options.file);
    if (options.seed !== false) seedPlatform(db, now, uploadsDir, (counts) => options.log?.(`seeded ${options.file}: ${counts}`));
    return db;
  });
}

/**
 * Unpaid orders expire, lapsed memberships end and sign-in and live reminders go out on time even when nobody reads
 * them (calls that touch orders check too).
 */
function startHousekeeping(parts: PlatformParts, now: () => Date): NodeJS.Timeout {
  const timer = setInterval(() => {
    parts.orders.expireOverdue(now());
    parts.membership.endLapsed(now());
    sendSigninReminders(parts.db, now());
    parts.messages.sendReminders(now());
  }, 30_000);
  timer.unref();
  return timer;
}

/** The route table, area by area (the first route that matches a path answers). */
function platformRoutes(parts: PlatformParts): RouteDefinition[] {
  const { db, accounts, uploadsDir, hotSearches } = parts;
  // Each kind of post that takes comments: articles, circle posts, questions and answers.
  const qa = createQa(db, accounts);
  const essays = createEssays(db, accounts, uploadsDir);
  const commentTargets: CommentTarget[] = [...qa.commentTargets, circleCommentTarget(db), essays.commentTarget];
  return [
    ...contentRoutes(db, accounts),
    ...accounts.routes,
    ...scholarRoutes(db, accounts),
    ...scholarWorkspaceRoutes({ db, accounts, publicOrigin: parts.publicOrigin, uploadsDir }),
    ...scholarDocumentRoutes(db, accounts, uploadsDir),
    ...recommendationRoutes(db, accounts),
    ...activityRoutes(db, accounts, parts.promotions),
    ...fileRoutes(db, accounts, uploadsDir),
    ...searchRoutes(db, accounts, hotSearches),
    ...socialRoutes(db, accounts),
    ...shareConfigRoutes({ shareAppId: "embedded-share", shareTicket: platformSecret(db, "share-ticket") }),
    ...liveRoutes(db),
    ...parts.liveRoom.routes,
    ...robotRoutes(db),
    ...audienceRoutes(db, accounts),
    ...sharingRoutes(db, accounts),
    // The embedded platform stands for the payment provider too: its JSAPI payments are paid on the simulator's page.
    ...messagingPayRoutes(db, accounts, {
      appId: "embedded-share",
      key: platformSecret(db, "jsapi"),
      simulatorUrl: (paymentNo) => `/dev/pay/jsapi?paymentNo=${encodeURIComponent(paymentNo)}`,
      authorizeUrl: (back) => `/dev/wxoauth?redirect_uri=${encodeURIComponent(back)}&state=pay`,
    }),
    ...expressionRoutes(),
    ...parts.messages.routes,
    ...errorReportRoutes(db),
    ...embeddedMediaRoutes(db),
    ...createSpecials(db, accounts).routes,
    ...parts.orders.routes,
    ...shopRoutes(db, accounts),
    ...parts.addressBook.routes,
    ...createCouponActivities(db, accounts).routes,
    ...createLuckyDraw(db, accounts, parts.ledger, parts.addressBook).routes,
    ...pointRoutes(db, accounts, { ledger: parts.ledger, addressOf: parts.addressBook.deliveryAddress }),
    ...parts.membership.routes,
    ...audioBookRoutes(db, accounts, parts.ledger),
    ...createVoting(db, accounts).routes,
    ...communityRoutes(db, accounts, commentTargets),
    ...circleRoutes(db, accounts, uploadsDir),
    ...qa.routes,
    ...jobRoutes(db),
    ...essays.routes,
    ...libraryRoutes(db, accounts),
    ...createCalendar(db, accounts).routes,
    ...opsConsoleRoutes(db, hotSearches, { captchaTestMode: parts.captchaTestMode }),
    ...createEventAdmin(db).routes,
  ];
}

/** The parts every area shares: the accounts, the address book, the points ledger, membership and the order engine. */
function createParts(db: Db, options: EmbeddedPlatformOptions, uploadsDir: string): PlatformParts {
  const publicOrigin = options.publicOrigin ?? "http://localhost:3000";
  const captchaTestMode = options.captchaTestMode ?? false;
  const accounts = createAccounts(db, {
    captchaTestMode,
    maxFailedLogins: options.maxFailedLogins ?? 5,
    lockMinutes: options.lockMinutes ?? 15,
    publicOrigin,
    announceMessage: options.announceMessage,
  });
  const addressBook = createAddressBook(db, accounts);
  const ledger = createLedger(db);
  const membership = createMembership(db, accounts);
  const orders = createOrderEngine(db, accounts, {
    paymentSecret: platformSecret(db, "payment"),
    addressOf: addressBook.deliveryAddress,
    fulfilCard: membership.fulfilPaidCard,
    revokeCard: membership.revokePaidCard,
  });
  const messages = createMessages(db, accounts, uploadsDir);
  const promotions: Promotions = { firstVisit: true };
  return {
    db,
    accounts,
    publicOrigin,
    uploadsDir,
    promotions,
    orders,
    membership,
    messages,
    addressBook,
    ledger,
    captchaTestMode,
    hotSearches: createHotSearches(db),
    liveRoom: createLiveRoom(db, accounts),
  };
}

/** The embedded platform API: SQLite (created and seeded on first start) behind the spec's paths. */
export function createEmbeddedPlatform(options: EmbeddedPlatformOptions): EmbeddedPlatform {
  const now = options.now ?? (() => new Date());
  const uploadsDir = uploadsDirFor(options.file);
  const db = openSeeded(options, now, uploadsDir);
  pruneRateEvents(db, now().getTime());
  const parts = createParts(db, options, uploadsDir);
  const { accounts, promotions, orders, membership, hotSearches, liveRoom, messages } = parts;
  const expiry = startHousekeeping(parts, now);
  const previewClockSecret = platformSecret(db, "preview-clock");
  const api = createRouter(db, platformRoutes(parts), now, previewClockSecret);
  // The live room's robot (ADR 081): the chat asks it about each message and relays its reply, a chat row.
  const chatRobot = { replyInChat: (planId: number, askerId: number, text: string, at: Date) => replyInChat(db, planId, askerId, text, at) };
  const devTools = devToolPages({ api, db, accounts, promotions, orders, hotSearches, liveRoom }, now);
  return {
    api,
    devTools,
    db,
    accounts,
    promotions,
    orders,
    membership,
    hotSearches,
    liveRoom,
    messages,
    previewClockSecret,
    sockets: (socketOptions) => createSockets({ db, accounts, liveRoom, messages, robot: chatRobot }, socketOptions),
    close: () => {
      clearInterval(expiry);
      // Everything committed goes into the main file, so a copy of it alone (a backup, the next start) has it all.
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}
