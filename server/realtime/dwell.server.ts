import type { IncomingMessage } from "node:http";
import type { WebSocket, RawData } from "ws";
import type { Accounts } from "@platform/accounts/index.server.ts";
import type { Db } from "@platform/kernel/db.server.ts";
import type { DwellHeartbeat } from "@contracts/dwell.ts";
import { socketContext, userOf } from "./common.server.ts";

/** Time between two heartbeats counts in full up to this; a longer gap (a sleeping phone) counts this much. */
const MAX_GAP_MS = 60_000;

const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const SHORT_ID = /^[A-Za-z0-9_-]{0,64}$/;
/** A path as location.pathname gives it (percent-encoded, so without spaces). */
const PAGE = /^\/\S{0,199}$/;

/** The connection query of spec §3: source, channelNo, toPage, toQuery, deviceId, linkNo (its token is a placeholder). */
export interface DwellConnection {
  source: string;
  channelNo: string;
  toPage: string;
  toQuery: string;
  deviceId: string;
  linkNo: string;
}

/** The connection's query, checked; null when it cannot be a client of ours. */
export function readDwellQuery(search: URLSearchParams): DwellConnection | null {
  const value = (name: string) => search.get(name) ?? "";
  const connection = {
    source: value("source"),
    channelNo: value("channelNo"),
    toPage: value("toPage"),
    toQuery: value("toQuery"),
    deviceId: value("deviceId"),
    linkNo: value("linkNo"),
  };
  if (!DEVICE_ID.test(connection.deviceId) || !["2", "3", "4"].includes(connection.source)) return null;
  if (!SHORT_ID.test(connection.channelNo) || !SHORT_ID.test(connection.linkNo)) return null;
  if (!PAGE.test(connection.toPage) || connection.toQuery.length > 500) return null;
  return connection;
}

/** The heartbeat as received: clients in the wild send createTime as a number or a numeric string. */
type Heartbeat = Omit<DwellHeartbeat, "createTime"> & { createTime: number | string };

/** The heartbeat message of spec §3, checked field by field; null for anything else. */
export function readHeartbeat(raw: string): Heartbeat | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const text = (name: string, max: number) => (typeof value[name] === "string" && (value[name] as string).length <= max ? (value[name] as string) : null);
  const channelNo = text("channelNo", 64);
  const fromPage = text("fromPage", 200);
  const fromQuery = text("fromQuery", 500);
  const toPage = text("toPage", 200);
  const toQuery = text("toQuery", 500);
  const status = Number(value.status);
  const isPlayback = String(value.isPlayback ?? "");
  const createTime = value.createTime;
  if (channelNo === null || fromPage === null || fromQuery === null || toPage === null || toQuery === null) return null;
  if (!SHORT_ID.test(channelNo) || !PAGE.test(toPage) || (fromPage !== "" && !PAGE.test(fromPage))) return null;
  if (!Number.isInteger(status) || status < 0 || status > 9 || !["", "0", "1"].includes(isPlayback)) return null;
  if (typeof createTime !== "number" && typeof createTime !== "string") return null;
  return { channelNo, createTime, fromPage, fromQuery, toPage, toQuery, status, isPlayback };
}

/** What a test may read about one device's connections (test hooks only). */
export interface DwellConnectionLog {
  /** Whom the session cookie of the upgrade named. */
  userId: number | null;
  openedAt: number;
  closedAt: number | null;
  closeCode: number | null;
  heartbeats: number;
}

export interface DwellHubOptions {
  db: Db;
  accounts: Accounts;
  now: () => Date;
  /** Lets tests read connections and make the server stop answering a device (never in production). */
  testHooks?: boolean;
}

/**
 * The time-tracking socket's server end: every heartbeat extends the dwell time of the page it reports and is
 * answered, which is what keeps the client's 7 s reply timer from closing the socket.
 */
export function createDwellHub({ db, accounts, now, testHooks = false }: DwellHubOptions) {
  const insertVisit =
    db.prepare(`INSERT INTO dwell_visits (device_id, user_id, link_no, channel_no, from_page, from_query, page, query, play_status, is_playback, heartbeats, dwell_ms, started_at, last_beat_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`);
  const extendVisit = db.prepare(
    "UPDATE dwell_visits SET heartbeats = heartbeats + 1, dwell_ms = dwell_ms + ?, play_status = ?, is_playback = ?, last_beat_at = ? WHERE id = ?",
  );
  const visitTotal = db.prepare("SELECT dwell_ms FROM dwell_visits WHERE id = ?").pluck();

  const silenced = new Set<string>();
  const logs = new Map<string, DwellConnectionLog[]>();
  const open = new Map<string, number>();
  const maxOpen = new Map<string, number>();

  return {
    join(socket: WebSocket, request: IncomingMessage, connection: DwellConnection): void {
      const user = userOf(accounts, socketContext(db, request, now));
      let mark = now().getTime();
      let visit: { id: number; page: string; query: string } | null = null;
      const log: DwellConnectionLog = { userId: user?.id ?? null, openedAt: mark, closedAt: null, closeCode: null, heartbeats: 0 };
      if (testHooks) {
        logs.set(connection.deviceId, [...(logs.get(connection.deviceId) ?? []), log]);
        const count = (open.get(connection.deviceId) ?? 0) + 1;
        open.set(connection.deviceId, count);
        maxOpen.set(connection.deviceId, Math.max(count, maxOpen.get(connection.deviceId) ?? 0));
      }

      socket.on("message", (raw: RawData, isBinary: boolean) => {
        const heartbeat = isBinary ? null : readHeartbeat(raw.toString());
        if (!heartbeat) {
          socket.send(JSON.stringify({ code: 400, type: "error", message: "not a heartbeat" }));
          return;
        }
        const at = now().getTime();
        const elapsed = Math.min(Math.max(0, at - mark), MAX_GAP_MS);
        mark = at;
        const stamp = new Date(at).toISOString();
        if (visit && visit.page === heartbeat.toPage && visit.query === heartbeat.toQuery) {
          extendVisit.run(elapsed, heartbeat.status, heartbeat.isPlayback, stamp, visit.id);
        } else {
          const id = Number(
            insertVisit.run(
              connection.deviceId,
              user?.id ?? null,
              connection.linkNo,
              heartbeat.channelNo,
              heartbeat.fromPage,
              heartbeat.fromQuery,
              heartbeat.toPage,
              heartbeat.toQuery,
              heartbeat.status,
              heartbeat.isPlayback,
              elapsed,
              stamp,
              stamp,
            ).lastInsertRowid,
          );
          visit = { id, page: heartbeat.toPage, query: heartbeat.toQuery };
        }
        log.heartbeats += 1;
        if (testHooks && silenced.has(connection.deviceId)) return;
        socket.send(JSON.stringify({ code: 200, type: "heartbeat", createTime: heartbeat.createTime, dwellMs: visitTotal.get(visit.id) }));
      });

      socket.on("close", (code: number) => {
        log.closedAt = now().getTime();
        log.closeCode = code;
        if (testHooks) open.set(connection.deviceId, (open.get(connection.deviceId) ?? 1) - 1);
      });
    },

    /** Test hooks: stop (or resume) answering one device's heartbeats. */
    silence(deviceId: string, on: boolean): void {
      if (!testHooks) return;
      if (on) silenced.add(deviceId);
      else silenced.delete(deviceId);
    },

    /** Test hooks: one device's connections, how many are open now, and the most ever open at once. */
    inspect(deviceId: string) {
      return { connections: logs.get(deviceId) ?? [], open: open.get(deviceId) ?? 0, maxOpen: maxOpen.get(deviceId) ?? 0 };
    },
  };
}
