import type { IncomingMessage } from "node:http";
import type { WebSocket, RawData } from "ws";
import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { type DwellConnection, readHeartbeat } from "@contracts/dwell.ts";
import { socketContext, userOf } from "./session.server.ts";

/** Time between two heartbeats counts in full up to this; a longer gap (a sleeping phone) counts this much. */
const MAX_GAP_MS = 60_000;

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
