/**
 * The console's media library, campaign analytics and scheduled publishes (ADR 072): the paths of their JSON API under
 * /ops/api, the screens, the tracking beacon, and the answers' shapes. Shared by the console's screens and our server.
 */
import { detectAppType } from "./app-type.ts";

export const OPS_LIBRARY_API = {
  /** GET ?search&before: the newest of each image; POST {data (base64), altZh, altEn, replaces?}: upload or replace. */
  media: "/ops/api/media",
  /** POST {id, altZh, altEn}: new alt texts. */
  describeMedia: "/ops/api/media/describe",
  /** GET ?from&to: pages with views in those Beijing days. */
  analyticsPages: "/ops/api/analytics/pages",
  /** GET ?path&from&to: one page's report. */
  analytics: "/ops/api/analytics",
  /** GET ?path: waiting and recent scheduled publishes. */
  schedules: "/ops/api/schedules",
  /** POST {path, config | text, goLiveAt}: publish at that instant (publishers only). */
  schedule: "/ops/api/schedule",
  /** POST {id}: cancel a waiting one (publishers only). */
  cancelSchedule: "/ops/api/schedule/cancel",
} as const;

export const OPS_LIBRARY_PAGES = { media: "/ops/media", analytics: "/ops/analytics" } as const;

/** Where every node serves the library's images: /media/<sha-256>.<jpg|png|gif>, cached for a year. */
export const MEDIA_PREFIX = "/media/";
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f]{64}\.(jpg|png|gif)$/;
/** The largest image the library takes, before re-encoding. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;
export const ALT_MAX_LENGTH = 300;

export interface MediaItem {
  id: number;
  url: string;
  contentType: string;
  width: number;
  height: number;
  alt: { zh: string; en: string };
  uploadedBy: string;
  uploadedAt: string;
  /** The item this one replaced, if any. */
  replaces: number | null;
}

/** The tracking beacon (spec §7 /buryingPoint/buryingPoint), batched: `?batch=1` marks a batch for our server. */
export const TRACKING_BATCH_URL = "/api/buryingPoint/buryingPoint?batch=1";
/** The spec's channel id of this H5 site. */
export const TRACKING_CHANNEL_ID = 4;
export const TRACKING_MAX_EVENTS = 50;
export const TRACKED_EVENTS = ["pageView", "impression", "click", "signUp", "purchaseStart"] as const;
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];

export interface TrackedAction {
  eventType: TrackedEvent;
  /** The page's path. */
  path: string;
  /** The widget's node id for impressions and clicks, else empty. */
  dataCode: string;
}

export interface TrackingBatch {
  deviceId: string;
  channelId: number;
  lang: "zh" | "en";
  events: TrackedAction[];
}

export const APP_TYPES = ["web", "messaging", "native"] as const;
export type AnalyticsAppType = (typeof APP_TYPES)[number];

/** Web, the messaging app's browser (WeChat) or the native apps' web views, from the browser's user agent. */
export function analyticsAppType(userAgent: string | null | undefined): AnalyticsAppType {
  if (detectAppType(userAgent)) return "native";
  return /MicroMessenger/i.test(userAgent ?? "") ? "messaging" : "web";
}

export interface AnalyticsTotals {
  views: number;
  visitors: number;
  signUps: number;
  purchaseStarts: number;
}

export interface AnalyticsReport {
  path: string;
  from: string;
  to: string;
  /** conversion: sign-ups per unique visitor in thousandths (integer units). */
  totals: AnalyticsTotals & { conversion: number };
  byDay: (AnalyticsTotals & { day: string })[];
  byLang: (AnalyticsTotals & { lang: string })[];
  byAppType: (AnalyticsTotals & { appType: string })[];
  widgets: { widget: string; impressions: number; clicks: number }[];
}

export interface ScheduledPublish {
  id: number;
  path: string;
  goLiveAt: string;
  scheduledBy: string;
  scheduledAt: string;
  state: "waiting" | "published" | "cancelled" | "failed";
  version: number | null;
  outcome: string | null;
}
