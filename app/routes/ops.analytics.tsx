import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { Route } from "./+types/ops.analytics";
import { getLocale } from "~/i18n/middleware.server";
import { toLang } from "@contracts/language";
import { OPS_LIBRARY_API, type AnalyticsReport } from "@contracts/ops-library";
import { opsGet } from "~/ops/api";
import { opsLibraryCatalogues } from "~/ops/library/catalogue.server";
import { useLibraryTexts } from "~/ops/library/texts";
import "~/ops/library/library.css";

/** Chart.js and the charts: their own chunk, fetched by this screen only. */
const AnalyticsCharts = lazy(() => import("~/ops/library/AnalyticsCharts"));

export async function loader({ context }: Route.LoaderArgs) {
  const lang = toLang(getLocale(context));
  return { lang, resources: opsLibraryCatalogues[lang].opsLibrary };
}

/** A Beijing day (YYYY-MM-DD), `daysAgo` days before today's. */
const beijingDay = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Campaign analytics (ADR 072): one page's views, visitors, sign-ups and conversion by day, language and app type. */
export default function OpsAnalytics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLibraryTexts(loaderData.lang, loaderData.resources);
  const lang = toLang(i18n.language);
  const [from, setFrom] = useState(() => beijingDay(13));
  const [to, setTo] = useState(() => beijingDay(0));
  const [pages, setPages] = useState<{ path: string; views: number }[] | null>(null);
  const [path, setPath] = useState("");
  const [report, setReport] = useState<AnalyticsReport | null>(null);
  /** The range the pages list was read for: what a report is asked for. */
  const [applied, setApplied] = useState<{ from: string; to: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const loadPages = useCallback(
    async (first: string, last: string) => {
      if (first > last) {
        setError(t("analytics.rangeInvalid"));
        return;
      }
      const answer = await opsGet<{ pages: { path: string; views: number }[] }>(OPS_LIBRARY_API.analyticsPages, { from: first, to: last });
      if (!answer.ok) {
        setError(answer.error.message);
        return;
      }
      setError(null);
      setApplied({ from: first, to: last });
      setPages(answer.data.pages);
      setPath((chosen) => (answer.data.pages.some((page) => page.path === chosen) ? chosen : (answer.data.pages[0]?.path ?? "")));
    },
    [t],
  );

  useEffect(() => {
    void loadPages(from, to);
    // Only on arrival: later ranges are asked for with the Show button.
  }, [loadPages]);

  useEffect(() => {
    if (!path || !applied) {
      setReport(null);
      return;
    }
    let current = true;
    void opsGet<AnalyticsReport>(OPS_LIBRARY_API.analytics, { path, ...applied }).then((answer) => {
      if (!current) return;
      if (answer.ok) setReport(answer.data);
      else setError(answer.error.message);
    });
    return () => {
      current = false;
    };
  }, [path, applied]);

  const number = (value: number) => value.toLocaleString(lang === "en" ? "en-US" : "zh-CN");
  return (
    <section className="ops-page">
      <h1>{t("analytics.title")}</h1>
      <p className="ops-library-intro">{t("analytics.intro")}</p>
      <form
        className="ops-analytics-filters"
        onSubmit={(event) => {
          event.preventDefault();
          void loadPages(from, to);
        }}
      >
        <label>
          {t("analytics.from")}
          <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t("analytics.to")}
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" className="ops-button">
          {t("analytics.show")}
        </button>
        {pages && pages.length > 0 && (
          <label>
            {t("analytics.page")}
            <select value={path} onChange={(event) => setPath(event.target.value)}>
              {pages.map((page) => (
                <option key={page.path} value={page.path}>
                  {page.path} ({number(page.views)})
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      {pages?.length === 0 && <p className="ops-muted">{t("analytics.noPages")}</p>}
      {report && (
        <>
          <dl className="ops-analytics-totals">
            {(["views", "visitors", "signUps", "purchaseStarts"] as const).map((field) => (
              <div key={field}>
                <dt>{t(`analytics.${field}`)}</dt>
                <dd>{number(report.totals[field])}</dd>
              </div>
            ))}
            <div>
              <dt>{t("analytics.conversion")}</dt>
              <dd>{(report.totals.conversion / 10).toFixed(1)}%</dd>
            </div>
          </dl>
          <Suspense fallback={<p className="ops-muted">{t("analytics.loadingCharts")}</p>}>
            <AnalyticsCharts report={report} t={t} />
          </Suspense>
        </>
      )}
    </section>
  );
}
