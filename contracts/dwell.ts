/** The time-tracking socket's protocol of spec §3 and §7: what the browser and the server say on /ws/dwell. */
export const DWELL_SOCKET_PATH = "/ws/dwell";
export const DWELL_TIMING = { heartbeatMs: 5_000, replyTimeoutMs: 7_000, reconnectMs: 4_000 } as const;
export const DWELL_CLOSE_CODE = 3000;
/** Sent as the token when the viewer has none (spec §7): the server counts such a viewer as a visitor. */
export const DWELL_PLACEHOLDER_TOKEN = "visitor";
export const WEB_SOURCE = "4";

/** The connection query of spec §3 (source is always the web's 4 here). */
export interface DwellConnectionQuery {
  token: string | null;
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
