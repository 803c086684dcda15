import { createHash, randomBytes } from "node:crypto";
import type { AnalyticsAppType, AnalyticsReport, AnalyticsTotals as Totals, TrackingBatch } from "@contracts/ops-library.ts";
import type { SqlEngine, SqlTransaction } from "./sql-engine.server.ts";

/**
 * Campaign analytics (ADR 072): counts per page, Beijing day, language and app type, and per widget, in the console's
 * store. Nothing about a person is kept: a unique visitor is known for one day by a salted hash of the device id; the
 * salt and the hashes are deleted once that day is over, so the counts are all that remains.
 */

/** The Beijing calendar day (YYYY-MM-DD) of an instant: China keeps UTC+8 all year. */
export const beijingDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const TOTALS =
  'CAST(SUM(views) AS BIGINT) AS views, CAST(SUM(visitors) AS BIGINT) AS visitors, CAST(SUM(sign_ups) AS BIGINT) AS "signUps", CAST(SUM(purchase_starts) AS BIGINT) AS "purchaseStarts"';

/** Sign-ups per unique visitor, in thousandths (integer units): 1000 is one sign-up per visitor. */
export const conversionPerMille = (totals: Totals) => (totals.visitors ? Math.round((totals.signUps * 1000) / totals.visitors) : 0);

export function createAnalytics(engine: SqlEngine) {
  /**
   * Today's salt, made by the first write of the day; yesterday's salt and visitor hashes are deleted with it. A batch
   * counted late, after a later day began, gets none: its day's hashes are gone, and a salt made now would outlive it.
   */
  const saltOf = async (tx: SqlTransaction, day: string): Promise<string | null> => {
    const latest = await tx.get<{ day: string | null }>("SELECT MAX(day) AS day FROM ops_daily_salt");
    if (latest?.day && latest.day > day) return null;
    await tx.run("DELETE FROM ops_visitors_today WHERE day < ?", [day]);
    await tx.run("DELETE FROM ops_daily_salt WHERE day < ?", [day]);
    await tx.run("INSERT INTO ops_daily_salt (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING", [day, randomBytes(32).toString("hex")]);
    return (await tx.get<{ salt: string }>("SELECT salt FROM ops_daily_salt WHERE day = ?", [day]))?.salt ?? "";
  };

  /** Adds one browser's batch to the day's counts, in one transaction. */
  const record = async (batch: TrackingBatch & { appType: AnalyticsAppType }, at: Date): Promise<void> => {
    const day = beijingDay(at);
    await engine.transaction(async (tx) => {
      const salt = await saltOf(tx, day);
      const visitor = salt === null ? null : createHash("sha256").update(`${salt}:${batch.deviceId}`).digest("hex");
      const pages = new Map<string, Totals>();
      const widgets = new Map<string, { path: string; widget: string; impressions: number; clicks: number }>();
      for (const event of batch.events) {
        if (event.eventType === "impression" || event.eventType === "click") {
          const key = `${event.path}\n${event.dataCode}`;
          const counts = widgets.get(key) ?? { path: event.path, widget: event.dataCode, impressions: 0, clicks: 0 };
          if (event.eventType === "impression") counts.impressions++;
          else counts.clicks++;
          widgets.set(key, counts);
          continue;
        }
        const counts = pages.get(event.path) ?? { views: 0, visitors: 0, signUps: 0, purchaseStarts: 0 };
        if (event.eventType === "pageView") {
          counts.views++;
          if (visitor !== null)
            counts.visitors += await tx.run("INSERT INTO ops_visitors_today (day, path, visitor) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [
              day,
              event.path,
              visitor,
            ]);
        } else if (event.eventType === "signUp") counts.signUps++;
        else counts.purchaseStarts++;
        pages.set(event.path, counts);
      }
      // In key order, so two batches upserting the same rows never wait on each other crosswise (no deadlock).
      for (const [path, counts] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
        await tx.run(
          "INSERT INTO ops_page_stats (day, path, lang, app_type, views, visitors, sign_ups, purchase_starts) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, path, lang, app_type) DO UPDATE SET views = ops_page_stats.views + excluded.views, visitors = ops_page_stats.visitors + excluded.visitors, sign_ups = ops_page_stats.sign_ups + excluded.sign_ups, purchase_starts = ops_page_stats.purchase_starts + excluded.purchase_starts",
          [day, path, batch.lang, batch.appType, counts.views, counts.visitors, counts.signUps, counts.purchaseStarts],
        );
      }
      for (const [, counts] of [...widgets].sort(([a], [b]) => a.localeCompare(b))) {
        await tx.run(
          "INSERT INTO ops_widget_stats (day, path, widget, impressions, clicks) VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, path, widget) DO UPDATE SET impressions = ops_widget_stats.impressions + excluded.impressions, clicks = ops_widget_stats.clicks + excluded.clicks",
          [day, counts.path, counts.widget, counts.impressions, counts.clicks],
        );
      }
    });
  };

  /** One page's counts between two Beijing days (inclusive), by day, language, app type and widget. */
  const report = async (path: string, from: string, to: string): Promise<AnalyticsReport> => {
    const where = "FROM ops_page_stats WHERE path = ? AND day >= ? AND day <= ?";
    const params = [path, from, to];
    const byDay = await engine.all<Totals & { day: string }>(`SELECT day, ${TOTALS} ${where} GROUP BY day ORDER BY day`, params);
    const byLang = await engine.all<Totals & { lang: string }>(`SELECT lang, ${TOTALS} ${where} GROUP BY lang ORDER BY lang`, params);
    const byAppType = await engine.all<Totals & { appType: string }>(
      `SELECT app_type AS "appType", ${TOTALS} ${where} GROUP BY app_type ORDER BY app_type`,
      params,
    );
    const widgets = await engine.all<{ widget: string; impressions: number; clicks: number }>(
      "SELECT widget, CAST(SUM(impressions) AS BIGINT) AS impressions, CAST(SUM(clicks) AS BIGINT) AS clicks FROM ops_widget_stats WHERE path = ? AND day >= ? AND day <= ? GROUP BY widget ORDER BY clicks DESC, widget",
      params,
    );
    const sum = (field: keyof Totals) => byDay.reduce((total, row) => total + Number(row[field]), 0);
    const totals = { views: sum("views"), visitors: sum("visitors"), signUps: sum("signUps"), purchaseStarts: sum("purchaseStarts") };
    return { path, from, to, totals: { ...totals, conversion: conversionPerMille(totals) }, byDay, byLang, byAppType, widgets };
  };

  /** Every page with views between two days, most viewed first: what the analytics screen offers to open. */
  const pages = (from: string, to: string) =>
    engine.all<{ path: string; views: number }>(
      "SELECT path, CAST(SUM(views) AS BIGINT) AS views FROM ops_page_stats WHERE day >= ? AND day <= ? GROUP BY path ORDER BY views DESC, path LIMIT 200",
      [from, to],
    );

  return { record, report, pages };
}

export type Analytics = ReturnType<typeof createAnalytics>;
