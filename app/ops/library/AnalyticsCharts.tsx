import { useEffect, useRef } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import type { AnalyticsReport, AnalyticsTotals } from "@contracts/ops-library";

// Only the parts these charts draw: Chart.js is tree-shaken to bars and lines (ADR 072).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

type Translate = (key: string) => string;

const COLOURS = { views: "#1a73e8", visitors: "#0f9d58", signUps: "#f29900", purchaseStarts: "#a142f4", impressions: "#9aa5b1", clicks: "#1a73e8" };

interface Series {
  label: string;
  values: number[];
  colour: string;
  kind?: "bar" | "line";
}

/** One chart on its canvas, drawn again when its data change; the numbers are also in a table for screen readers. */
function ChartBox({
  title,
  labels,
  series,
  horizontal = false,
  wide = false,
}: {
  title: string;
  labels: string[];
  series: Series[];
  horizontal?: boolean;
  wide?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels,
        datasets: series.map((one) => ({ type: one.kind ?? "bar", label: one.label, data: one.values, backgroundColor: one.colour, borderColor: one.colour })),
      },
      options: {
        indexAxis: horizontal ? "y" : "x",
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: "bottom" } },
        scales: { [horizontal ? "x" : "y"]: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal]);
  return (
    <figure className={`ops-analytics-chart${wide ? " wide" : ""}`}>
      <h2>{title}</h2>
      <div className="canvas-box">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      <table className="ops-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {series.map((one) => (
              <th key={one.label} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((one) => (
                <td key={one.label}>{one.values[index]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The analytics screen's charts, its own chunk: Chart.js loads with this screen and no other. */
export default function AnalyticsCharts({ report, t }: { report: AnalyticsReport; t: Translate }) {
  const counts = (rows: AnalyticsTotals[], field: keyof AnalyticsTotals) => rows.map((row) => row[field]);
  const funnel = (rows: AnalyticsTotals[]): Series[] => [
    { label: t("analytics.views"), values: counts(rows, "views"), colour: COLOURS.views },
    { label: t("analytics.visitors"), values: counts(rows, "visitors"), colour: COLOURS.visitors },
    { label: t("analytics.signUps"), values: counts(rows, "signUps"), colour: COLOURS.signUps },
    { label: t("analytics.purchaseStarts"), values: counts(rows, "purchaseStarts"), colour: COLOURS.purchaseStarts },
  ];
  const byDay = funnel(report.byDay).map((one, index) => (index < 2 ? { ...one, kind: "line" as const } : one));
  return (
    <div className="ops-analytics-charts">
      <ChartBox wide title={t("analytics.byDay")} labels={report.byDay.map((row) => row.day.slice(5))} series={byDay} />
      <ChartBox title={t("analytics.byLang")} labels={report.byLang.map((row) => t(`analytics.langs.${row.lang}`))} series={funnel(report.byLang)} />
      <ChartBox
        title={t("analytics.byAppType")}
        labels={report.byAppType.map((row) => t(`analytics.appTypes.${row.appType}`))}
        series={funnel(report.byAppType)}
      />
      {report.widgets.length > 0 && (
        <ChartBox
          wide
          horizontal
          title={t("analytics.widgets")}
          labels={report.widgets.map((row) => row.widget)}
          series={[
            { label: t("analytics.clicks"), values: report.widgets.map((row) => row.clicks), colour: COLOURS.clicks },
            { label: t("analytics.impressions"), values: report.widgets.map((row) => row.impressions), colour: COLOURS.impressions },
          ]}
        />
      )}
    </div>
  );
}
