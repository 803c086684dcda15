import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import express, { type Router } from "express";
import { WebSocketServer, type WebSocket } from "ws";
import type { EmbeddedPlatform } from "@platform/index.server.ts";
import { livePlanExists } from "@platform/live/rules.server.ts";
import { DWELL_PLACEHOLDER_TOKEN, DWELL_SOCKET_PATH } from "@contracts/dwell.ts";
import { CHAT_SOCKET_PATH } from "@contracts/chat.ts";
import { readScreenQuery, SCREEN_SOCKET_PATH } from "@contracts/screen.ts";
import { createScreenHub } from "./screen.server.ts";
import { IM_SOCKET_PATH } from "@contracts/messages.ts";
import { createMessagesHub } from "./messages.server.ts";
import { CHAT_LIMITS, createChatHub } from "./chat.server.ts";
import { createDwellHub, readDwellQuery, type DwellConnection } from "./dwell.server.ts";
import { isSameOrigin, refuseUpgrade, socketContext, userOf } from "./common.server.ts";
import { createSocketRelay } from "./proxy.server.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";

/** The platform this server's sockets belong to: the embedded one answers them here, a remote one is relayed to. */
export type RealtimePlatform =
  | { kind: "embedded"; platform: EmbeddedPlatform }
  | {
      kind: "remote";
      /** The platform's socket origin (ws: or wss:); /ws/chat, /ws/screen and /ws/dwell are appended. */
      socketsUrl: string;
      /** Whom a session token names, asked of the platform (for the per-user socket limit); null for nobody. */
      sessionUserId: (token: string) => Promise<string | null>;
      connectTimeoutMs?: number;
      /** Bytes one relayed socket may hold unsent towards either side (the relay's default otherwise). */
      maxBufferedBytes?: number;
    };

export interface RealtimeOptions {
  backend: RealtimePlatform;
  /** The site's public origin, also accepted as a socket's Origin (behind a proxy that rewrites Host). */
  publicOrigin: string;
  now?: () => Date;
  /** Test-only controls of the dwell-time socket (embedded platform only); the caller never sets it with APP_ENV=production. */
  testHooks?: boolean;
  /** How often open sockets are pinged; one that missed the previous ping is dropped. */
  pingIntervalMs?: number;
  /** The client's address for an upgrade, by the same proxy trust as request.ip. */
  clientAddress?: (request: IncomingMessage) => string;
}

/**
 * Open sockets one client may hold: generous per address (a campus or office shares one behind NAT, each reader
 * with a chat and a dwell socket per tab), tight per signed-in user (one person, a few tabs and devices).
 */
export const SOCKET_LIMITS = { perAddress: 60, perUser: 12 } as const;

export interface AttachedRealtime {
  close(): void;
}

/** Frames larger than these close the socket (1009): no message of either protocol needs more. */
const MAX_PAYLOAD = { chat: CHAT_LIMITS.maxPayloadBytes, dwell: 4 * 1024, screen: 1024, im: 1024 } as const;

/**
 * The site's websockets, on its own HTTP server (same origin, so CSP connect-src 'self' holds): the live-room chat at
 * /ws/chat, the host's screen pushes at /ws/screen (ADR 062) and the time-tracking socket at /ws/dwell. With the embedded platform they are answered here (ADR 010);
 * with a remote one each is relayed to the platform's socket of the same path (ADR 027). Either way this server
 * checks the Origin, the path and query, the session cookie and the socket limits first, and closes every socket
 * with 1001 when it stops (ADR 015).
 */
export function createRealtime(options: RealtimeOptions) {
  const now = options.now ?? (() => new Date());
  const { backend } = options;
  const embedded =
    backend.kind === "embedded"
      ? (() => {
          const { db, accounts, liveRoom, messages, robot } = backend.platform;
          return {
            db,
            accounts,
            screen: createScreenHub({ liveRoom }),
            messages: createMessagesHub({ messages }),
            chat: createChatHub({ db, accounts, now, robot }),
            dwell: createDwellHub({ db, accounts, now, testHooks: options.testHooks }),
          };
        })()
      : null;
  const relay =
    backend.kind === "remote"
      ? createSocketRelay({
          socketsUrl: backend.socketsUrl,
          publicOrigin: options.publicOrigin,
          connectTimeoutMs: backend.connectTimeoutMs,
          maxBufferedBytes: backend.maxBufferedBytes,
        })
      : null;
  const chatServer = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.chat });
  const dwellServer = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.dwell });
  const screenServer = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.screen });
  const imServer = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.im });
  const allClients = () => [...chatServer.clients, ...dwellServer.clients, ...screenServer.clients, ...imServer.clients];
  const alive = new WeakMap<WebSocket, boolean>();
  const clientAddress = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? "");
  const openSockets = new Map<string, number>();
  const count = (key: string, change: 1 | -1) => {
    const next = (openSockets.get(key) ?? 0) + change;
    if (next > 0) openSockets.set(key, next);
    else openSockets.delete(key);
  };

  /** Whom the upgrade's session cookie names; a platform that cannot say counts as nobody (its socket fails anyway). */
  const userIdOf = async (request: IncomingMessage): Promise<string | null> => {
    if (embedded) {
      const user = userOf(embedded.accounts, socketContext(embedded.db, request, now));
      return user ? String(user.id) : null;
    }
    const token = readCookie(request.headers.cookie, COOKIE_NAMES.token);
    if (!token || backend.kind !== "remote") return null;
    return backend.sessionUserId(token).catch(() => null);
  };

  const track = (ws: WebSocket) => {
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    // A socket error (a peer that vanished, a frame over the size limit) ends that socket only.
    ws.on("error", () => ws.terminate());
  };

  /** The per-address and per-user limits (429 beyond), then the socket is answered here or relayed. */
  const accept = async (
    server: WebSocketServer,
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    connect: { embedded: (ws: WebSocket) => void; upstreamPath: (token: string | null) => string; maxPayload: number },
  ) => {
    const address = clientAddress(request);
    const addressKey = `address:${address}`;
    if ((openSockets.get(addressKey) ?? 0) >= SOCKET_LIMITS.perAddress) {
      refuseUpgrade(socket, 429);
      return;
    }
    // The address's slot is held while the platform is asked whom the cookie names, so one address cannot keep an
    // unbounded number of those lookups waiting.
    count(addressKey, 1);
    socket.once("close", () => count(addressKey, -1));
    const userId = await userIdOf(request);
    if (socket.destroyed) return;
    const userKey = userId ? `user:${userId}` : null;
    if (userKey && (openSockets.get(userKey) ?? 0) >= SOCKET_LIMITS.perUser) {
      refuseUpgrade(socket, 429);
      return;
    }
    if (userKey) {
      count(userKey, 1);
      socket.once("close", () => count(userKey, -1));
    }
    if (relay) {
      const token = readCookie(request.headers.cookie, COOKIE_NAMES.token) ?? null;
      relay.open(server, request, socket, head, { pathAndQuery: connect.upstreamPath(token), clientAddress: address, maxPayload: connect.maxPayload, track });
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => {
      track(ws);
      connect.embedded(ws);
    });
  };

  /** The screen socket: a room that exists, and the sequence number to replay after (ADR 062). */
  const acceptScreen = (request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => {
    const query = readScreenQuery(url.searchParams);
    if (!query) {
      refuseUpgrade(socket, 400);
      return;
    }
    if (embedded && !livePlanExists(embedded.db, query.planId)) {
      refuseUpgrade(socket, 404);
      return;
    }
    void accept(screenServer, request, socket, head, {
      embedded: (ws) => embedded?.screen.join(ws, query.planId, query.after),
      upstreamPath: (token) =>
        `${SCREEN_SOCKET_PATH}?${new URLSearchParams({ planId: String(query.planId), after: String(query.after), ...(token ? { token } : {}) })}`,
      maxPayload: MAX_PAYLOAD.screen,
    });
  };

  /** The message centre's socket (ADR 063): a signed-in person's own; a visitor is refused (403). */
  const acceptMessages = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!readCookie(request.headers.cookie, COOKIE_NAMES.token)) {
      refuseUpgrade(socket, 403);
      return;
    }
    void accept(imServer, request, socket, head, {
      embedded: (ws) => {
        const user = embedded ? userOf(embedded.accounts, socketContext(embedded.db, request, now)) : null;
        if (!user || !embedded) ws.close(4003, "not signed in");
        else embedded.messages.join(ws, user.id);
      },
      upstreamPath: (token) => `${IM_SOCKET_PATH}?${new URLSearchParams(token ? { token } : {})}`,
      maxPayload: MAX_PAYLOAD.im,
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://socket.invalid");
    if (![CHAT_SOCKET_PATH, DWELL_SOCKET_PATH, SCREEN_SOCKET_PATH, IM_SOCKET_PATH].includes(url.pathname)) return;
    if (!isSameOrigin(request, options.publicOrigin)) {
      refuseUpgrade(socket, 403);
      return;
    }
    if (url.pathname === SCREEN_SOCKET_PATH) {
      acceptScreen(request, socket, head, url);
      return;
    }
    if (url.pathname === IM_SOCKET_PATH) {
      acceptMessages(request, socket, head);
      return;
    }
    if (url.pathname === CHAT_SOCKET_PATH) {
      const planId = Number(url.searchParams.get("planId"));
      if (!Number.isInteger(planId) || planId <= 0) {
        refuseUpgrade(socket, 400);
        return;
      }
      // A remote platform answers an unknown plan itself (404, passed on by the relay).
      if (embedded && !livePlanExists(embedded.db, planId)) {
        refuseUpgrade(socket, 404);
        return;
      }
      void accept(chatServer, request, socket, head, {
        embedded: (ws) => embedded?.chat.join(ws, request, planId),
        upstreamPath: (token) => `${CHAT_SOCKET_PATH}?${new URLSearchParams({ planId: String(planId), ...(token ? { token } : {}) })}`,
        maxPayload: MAX_PAYLOAD.chat,
      });
      return;
    }
    const connection = readDwellQuery(url.searchParams);
    if (!connection) {
      refuseUpgrade(socket, 400);
      return;
    }
    void accept(dwellServer, request, socket, head, {
      embedded: (ws) => embedded?.dwell.join(ws, request, connection),
      upstreamPath: (token) => `${DWELL_SOCKET_PATH}?${dwellUpstreamQuery(connection, token)}`,
      maxPayload: MAX_PAYLOAD.dwell,
    });
  };

  return {
    dwell: embedded?.dwell ?? null,

    /** Starts answering socket upgrades on the site's HTTP server (other upgrade paths are left to others). */
    attach(server: Server): AttachedRealtime {
      server.on("upgrade", onUpgrade);
      const ping = setInterval(() => {
        for (const ws of allClients()) {
          if (!alive.get(ws)) {
            ws.terminate();
            continue;
          }
          alive.set(ws, false);
          ws.ping();
        }
      }, options.pingIntervalMs ?? 30_000);
      ping.unref();
      return {
        close() {
          clearInterval(ping);
          server.off("upgrade", onUpgrade);
          embedded?.chat.close();
          embedded?.screen.close();
          embedded?.messages.close();
          relay?.stop();
          for (const ws of allClients()) ws.close(1001, "server shutting down");
        },
      };
    },

    /** Test hooks over HTTP (mounted only when testHooks is set): read a device's connections, silence it. */
    testRoutes(): Router {
      const router = express.Router();
      const dwell = embedded?.dwell;
      if (!dwell) return router;
      router.get("/dev/realtime/dwell/:deviceId", (request, response) => {
        response.setHeader("Cache-Control", "no-store");
        response.json(dwell.inspect(request.params.deviceId));
      });
      router.post("/dev/realtime/dwell/:deviceId/silence", (request, response) => {
        dwell.silence(request.params.deviceId, request.query.on !== "0");
        response.json({ silenced: request.query.on !== "0" });
      });
      return router;
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The query of spec §3 for the platform's dwell socket, rebuilt from the checked fields: the browser's placeholder
 * token is replaced by the session's real one (ADR 016), and nothing the browser added beyond the spec goes upstream.
 */
export function dwellUpstreamQuery(connection: DwellConnection, token: string | null): URLSearchParams {
  return new URLSearchParams({ token: token ?? DWELL_PLACEHOLDER_TOKEN, ...connection });
}
