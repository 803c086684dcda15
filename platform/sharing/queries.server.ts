import type { Db } from "../kernel/db.server.ts";
import type { ShareChannel } from "@contracts/sharing.ts";
import { visibleSql } from "../community/visibility.server.ts";
import { seenItemSql } from "../essays/visibility.server.ts";

/** Whether the viewer may see the item (an essay they may not read, or a hidden document, cannot be shared by them). */
export const itemSeen = (db: Db, itemId: number, viewerId: number) =>
  db.prepare(`SELECT 1 FROM items WHERE id = @id AND ${seenItemSql(visibleSql("e.user_id", "e.visibility"))}`).get({ id: itemId, viewer: viewerId }) !==
  undefined;

/** Records a share; false when this person shared this item this way on this day already (the primary key). */
export const insertShare = (db: Db, userId: number, itemId: number, channel: ShareChannel, day: string, at: string) =>
  db.prepare("INSERT OR IGNORE INTO share_records (user_id, item_id, channel, day, created_at) VALUES (?, ?, ?, ?, ?)").run(userId, itemId, channel, day, at)
    .changes === 1;

export const shareCount = (db: Db, itemId: number) => db.prepare("SELECT COUNT(*) FROM share_records WHERE item_id = ?").pluck().get(itemId) as number;
