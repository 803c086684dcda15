import pg from "pg";
import { LIVE_CHANNEL } from "./page-versions.server.ts";

export interface PublishListener {
  close(): Promise<void>;
}

/**
 * Publishes pushed to this node (ADR 053): a connection of its own LISTENs on the live channel and calls onChange for
 * each publish any node commits. When the connection drops it reconnects (waits growing from 250 ms to 5 s) and then
 * calls onChange once, so the node catches up from the counter on whatever it missed meanwhile.
 */
export function listenForPublishes(url: string, onChange: () => void, log: (line: string) => void): PublishListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (!closed) log(`console store: publish notifications lost (${error?.message ?? "connection ended"}); reconnecting`);
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL) onChange();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      retryMs = 250;
      if (connectedOnce) log("console store: publish notifications back; catching up");
      // What was published while nobody listened (or before the first LISTEN) is read from the counter now.
      onChange();
      connectedOnce = true;
    } catch (error) {
      lost(error as Error);
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
