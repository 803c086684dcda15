import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import express, { type Router } from "express";
import { WebSocketServer, type WebSocket } from "ws";
import type { EmbeddedPlatform } from "../platform-api/index.server.ts";
import { livePlanExists } from "../platform-api/live.server.ts";
import { DWELL_SOCKET_PATH } from "@contracts/dwell.ts";
import { CHAT_SOCKET_PATH } from "@contracts/chat.ts";
import { CHAT_LIMITS, createChatHub } from "./chat.server.ts";
import { createDwellHub, readDwellQuery } from "./dwell.server.ts";
import { isSameOrigin, refuseUpgrade, socketContext, userOf } from "./common.server.ts";

export interface RealtimeOptions {
  platform: EmbeddedPlatform;
  /** The site's public origin, also accepted as a socket's Origin (behind a proxy that rewrites Host). */
  publicOrigin: string;
  now?: () => Date;
  /** Test-only controls of the dwell-time socket; the caller never sets it with APP_ENV=production. */
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

/**
 * The websockets of the embedded platform, on the site's own HTTP server (same origin, so CSP connect-src 'self'
 * holds): the live-room chat at /ws/chat and the time-tracking socket at /ws/dwell.
 */
export function createRealtime(options: RealtimeOptions) {
  const now = options.now ?? (() => new Date());
  const { db, accounts } = options.platform;
  const chat = createChatHub({ db, accounts, now });
  const dwell = createDwellHub({ db, accounts, now, testHooks: options.testHooks });
  const chatServer = new WebSocketServer({ noServer: true, maxPayload: CHAT_LIMITS.maxPayloadBytes });
  const dwellServer = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();
  const clientAddress = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? "");
  const openSockets = new Map<string, number>();
  const count = (key: string, change: 1 | -1) => {
    const next = (openSockets.get(key) ?? 0) + change;
    if (next > 0) openSockets.set(key, next);
    else openSockets.delete(key);
  };

  const accept = (server: WebSocketServer, request: IncomingMessage, socket: Duplex, head: Buffer, join: (ws: WebSocket) => void) => {
    const user = userOf(accounts, socketContext(db, request, now));
    const keys = [`address:${clientAddress(request)}`, ...(user ? [`user:${user.id}`] : [])];
    const full = (openSockets.get(keys[0]) ?? 0) >= SOCKET_LIMITS.perAddress || (user !== null && (openSockets.get(keys[1]) ?? 0) >= SOCKET_LIMITS.perUser);
    if (full) {
      refuseUpgrade(socket, 429);
      return;
    }
    for (const key of keys) count(key, 1);
    socket.once("close", () => {
      for (const key of keys) count(key, -1);
    });
    server.handleUpgrade(request, socket, head, (ws) => {
      alive.set(ws, true);
      ws.on("pong", () => alive.set(ws, true));
      // A socket error (a peer that vanished, a frame over the size limit) ends that socket only.
      ws.on("error", () => ws.terminate());
      join(ws);
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://socket.invalid");
    if (url.pathname !== CHAT_SOCKET_PATH && url.pathname !== DWELL_SOCKET_PATH) return;
    if (!isSameOrigin(request, options.publicOrigin)) {
      refuseUpgrade(socket, 403);
      return;
    }
    if (url.pathname === CHAT_SOCKET_PATH) {
      const planId = Number(url.searchParams.get("planId"));
      if (!Number.isInteger(planId) || planId <= 0) {
        refuseUpgrade(socket, 400);
        return;
      }
      if (!livePlanExists(db, planId)) {
        refuseUpgrade(socket, 404);
        return;
      }
      accept(chatServer, request, socket, head, (ws) => chat.join(ws, request, planId));
      return;
    }
    const connection = readDwellQuery(url.searchParams);
    if (!connection) {
      refuseUpgrade(socket, 400);
      return;
    }
    accept(dwellServer, request, socket, head, (ws) => dwell.join(ws, request, connection));
  };

  return {
    dwell,

    /** Starts answering socket upgrades on the site's HTTP server (other upgrade paths are left to others). */
    attach(server: Server): AttachedRealtime {
      server.on("upgrade", onUpgrade);
      const ping = setInterval(() => {
        for (const ws of [...chatServer.clients, ...dwellServer.clients]) {
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
          for (const ws of [...chatServer.clients, ...dwellServer.clients]) ws.close(1001, "server shutting down");
        },
      };
    },

    /** Test hooks over HTTP (mounted only when testHooks is set): read a device's connections, silence it. */
    testRoutes(): Router {
      const router = express.Router();
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
