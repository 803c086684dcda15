import type { Db } from "../kernel/db.server.ts";

/** Notes a device's first visit of a kind; false when it had one before. */
export function recordFirstVisit(db: Db, deviceId: string, kind: string, at: string): boolean {
  return db.prepare("INSERT OR IGNORE INTO first_visits (device_id, kind, created_at) VALUES (?, ?, ?)").run(deviceId, kind, at).changes > 0;
}

export interface TrackingEvent {
  deviceId: string;
  channelId: number;
  eventType: string;
  dataCode: string;
  at: string;
}

export function recordTrackingEvent(db: Db, event: TrackingEvent): void {
  db.prepare("INSERT INTO tracking_events (device_id, channel_id, event_type, data_code, created_at) VALUES (?, ?, ?, ?, ?)").run(
    event.deviceId,
    event.channelId,
    event.eventType,
    event.dataCode,
    event.at,
  );
}

export function hasAddress(db: Db, userId: number): boolean {
  return Boolean(db.prepare("SELECT 1 FROM addresses WHERE user_id = ?").get(userId));
}
