import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import WebSocket, { type WebSocketServer } from "ws";
import { refuseUpgrade } from "./common.server.ts";

/**
 * Close code for a socket whose platform end could not be reached or went away: "try again later", which the
 * browser's clients answer by reconnecting after their usual pause.
 */
export const PLATFORM_UNAVAILABLE_CLOSE = 1013;

/**
 * Close code for a browser that does not read what the platform sends it fast enough: more than the relay buffers for
 * one connection is waiting for it (ADR 043). The browser's clients reconnect after their pause, as for any close.
 */
export const SLOW_READER_CLOSE = 4008;

/** What one relayed connection may hold unsent in each direction, by default; a slower reader is closed. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** How long a socket closed for its buffer has to finish the closing handshake before it is cut. */
const CLOSE_GRACE_MS = 2_000;

/** The platform's own refusals of a socket, passed on as they are (anything else is the platform failing). */
const PASSED_ON_REFUSALS = new Set([400, 403, 404, 429]);

/** Codes a close frame may carry (RFC 6455 §7.4): 1005, 1006 and 1015 only describe a close, they are never sent. */
function sendableCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
}

/** A close reason fits in a control frame (123 bytes). */
function shortReason(reason: Buffer | string): string {
  const text = reason.toString();
  return Buffer.byteLength(text) <= 123 ? text : "";
}

export interface SocketRelayOptions {
  /** Where the platform's sockets live (ws: or wss:, no trailing slash); the socket's path is appended. */
  socketsUrl: string;
  /** Sent upstream as the socket's Origin: the platform sees which site's page opened it. */
  publicOrigin: string;
  /** How long the platform has to answer the upstream handshake. */
  connectTimeoutMs?: number;
  /** Bytes one connection may hold unsent towards either side (MAX_BUFFERED_BYTES by default). */
  maxBufferedBytes?: number;
}

export interface RelayTarget {
  /** The platform socket's path and query, the session token already put in (see index.server.ts). */
  pathAndQuery: string;
  /** The client's address as our proxy trust computes it, forwarded so the platform can limit per client. */
  clientAddress: string;
  /** Frames larger than this are refused on both legs (the same limit the embedded platform applies). */
  maxPayload: number;
  /** Takes each browser socket this relay answers into the server's keep-alive pings and error handling. */
  track: (client: WebSocket) => void;
}

/**
 * Relays a browser's socket to the platform's socket of the same kind: the upstream connection is opened first, and
 * the browser's upgrade is answered only once it is open, so nothing the browser sends can arrive before there is
 * somewhere to send it. Frames go both ways as they are; a close on either side closes the other with its code.
 * A platform that cannot be reached, fails or drops the connection leaves the browser a clean close (1013), never a
 * half-open socket; a platform refusal the browser could have got from us (400, 403, 404, 429) is passed on.
 */
export function createSocketRelay(options: SocketRelayOptions) {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  /** Browser upgrades still waiting for the platform's answer, with a way to drop each (the server is stopping). */
  const waiting = new Set<() => void>();
  return {
    open(server: WebSocketServer, request: IncomingMessage, socket: Duplex, head: Buffer, target: RelayTarget): void {
      let settled = false;
      const upstream = new WebSocket(`${options.socketsUrl}${target.pathAndQuery}`, {
        headers: { Origin: options.publicOrigin, "X-Forwarded-For": target.clientAddress },
        handshakeTimeout: options.connectTimeoutMs ?? 10_000,
        maxPayload: target.maxPayload,
        perMessageDeflate: false,
      });
      const drop = () => {
        settled = true;
        upstream.terminate();
        socket.destroy();
      };
      waiting.add(drop);
      socket.once("close", () => waiting.delete(drop));
      // The browser gave up while the platform was still answering: nothing to relay.
      const onClientGone = () => {
        if (!settled) {
          settled = true;
          upstream.terminate();
        }
      };
      socket.once("close", onClientGone);

      const acceptThenClose = (code: number, reason: string) => {
        server.handleUpgrade(request, socket, head, (client) => {
          target.track(client);
          client.close(code, reason);
        });
      };
      upstream.once("unexpected-response", (upstreamRequest, response) => {
        upstreamRequest.destroy();
        response.resume();
        if (settled) return;
        settled = true;
        const status = response.statusCode ?? 502;
        if (PASSED_ON_REFUSALS.has(status)) refuseUpgrade(socket, status as 400 | 403 | 404 | 429);
        else acceptThenClose(PLATFORM_UNAVAILABLE_CLOSE, "platform unavailable");
      });
      upstream.on("error", () => {
        if (settled) return;
        settled = true;
        upstream.terminate();
        acceptThenClose(PLATFORM_UNAVAILABLE_CLOSE, "platform unavailable");
      });
      upstream.once("open", () => {
        if (settled) {
          upstream.close(1001);
          return;
        }
        settled = true;
        waiting.delete(drop);
        socket.off("close", onClientGone);
        server.handleUpgrade(request, socket, head, (client) => {
          target.track(client);
          // Each side's unsent frames are bounded: past the limit the connection ends rather than the memory growing.
          const closeBoth = (clientCode: number, reason: string) => {
            client.close(clientCode, reason);
            upstream.close(1001);
            setTimeout(() => {
              client.terminate();
              upstream.terminate();
            }, CLOSE_GRACE_MS).unref();
          };
          client.on("message", (data, isBinary) => {
            if (upstream.readyState !== WebSocket.OPEN) return;
            if (upstream.bufferedAmount > maxBuffered) closeBoth(PLATFORM_UNAVAILABLE_CLOSE, "platform not reading");
            else upstream.send(data, { binary: isBinary });
          });
          upstream.on("message", (data, isBinary) => {
            if (client.readyState !== WebSocket.OPEN) return;
            if (client.bufferedAmount > maxBuffered) closeBoth(SLOW_READER_CLOSE, "reader too slow");
            else client.send(data, { binary: isBinary });
          });
          client.on("close", (code) => {
            if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) {
              upstream.close(sendableCloseCode(code) ? code : 1000);
            }
          });
          upstream.on("close", (code, reason) => {
            if (client.readyState !== WebSocket.OPEN) return;
            if (sendableCloseCode(code)) client.close(code, shortReason(reason));
            else client.close(PLATFORM_UNAVAILABLE_CLOSE, "platform connection lost");
          });
        });
      });
    },

    /** Drops the upgrades still waiting for the platform; the sockets already relayed are closed by their server. */
    stop(): void {
      for (const drop of [...waiting]) drop();
    },
  };
}

export type SocketRelay = ReturnType<typeof createSocketRelay>;
