/** The time-tracking socket's protocol of spec §3 and §7: what the browser and the server say on /ws/dwell. */
export const DWELL_SOCKET_PATH = "/ws/dwell";
export const DWELL_TIMING = { heartbeatMs: 5_000, replyTimeoutMs: 7_000, reconnectMs: 4_000 } as const;
export const DWELL_CLOSE_CODE = 3000;
/**
 * The token the browser sends in the query (spec §3, §7): always this placeholder, since the session lives in an
 * HttpOnly cookie no script reads; the server answering the socket takes the session from that cookie instead.
 */
export const DWELL_PLACEHOLDER_TOKEN = "visitor";
export const WEB_SOURCE = "4";

/** The connection query of spec §3 (source is always the web's 4 here). */
export interface DwellConnectionQuery {
  channelNo: string;
  toPage: string;
  toQuery: string;
  deviceId: string;
  linkNo: string;
}

/** The heartbeat message of spec §3. */
export interface DwellHeartbeat {
  channelNo: string;
  createTime: number;
  fromPage: string;
  fromQuery: string;
  toPage: string;
  toQuery: string;
  status: number;
  isPlayback: string;
}

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
