import { createHash } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import type { ShareChannel } from "@contracts/sharing.ts";
import * as queries from "./queries.server.ts";

/**
 * A person's share of an item, counted once per item and channel per Asia/Shanghai day: the row and the count read
 * after it in one transaction, so twenty identical records at once leave one row and each answer the same count.
 */
export function recordShare(db: Db, userId: number, itemId: number, channel: ShareChannel, at: Date): { recorded: boolean; count: number } {
  return db
    .transaction(() => {
      const recorded = queries.insertShare(db, userId, itemId, channel, shanghaiDay(at), at.toISOString());
      return { recorded, count: queries.shareCount(db, itemId) };
    })
    .immediate();
}

/**
 * What the messaging app's JS-SDK needs to configure sharing for a page: its signature over the page URL
 * (without the fragment) with the platform's jsapi ticket, as the messaging app computes it.
 */
export function shareSignature(ticket: string, url: string, nonceStr: string, timestamp: number): string {
  return createHash("sha1").update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest("hex");
}
