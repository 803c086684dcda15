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
