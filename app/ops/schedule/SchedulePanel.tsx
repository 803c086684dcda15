import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsVersion, type OpsVersionAnswer } from "@contracts/ops";
import { OPS_LIBRARY_API, type ScheduledPublish } from "@contracts/ops-library";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import { beijingInputValue, instantOfBeijing } from "./beijing-time";
import "./schedule.css";

interface SchedulePanelProps {
  path: string;
  versions: OpsVersion[];
  /** The saved draft's text, when there is one: it can be scheduled as it is now. */
  draftText: string | null;
  /** Why this person cannot schedule (an editor), or null. */
  refusal: string | null;
}

/**
 * Scheduled publishes of one page (ADR 072, 078): the saved draft as it is now, or a version, goes live at a Beijing
 * time; waiting ones can be cancelled; done ones say what happened (published as version N, or failed and why).
 */
export function SchedulePanel({ path, versions, draftText, refusal }: SchedulePanelProps) {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const [schedules, setSchedules] = useState<ScheduledPublish[]>([]);
  const [source, setSource] = useState(draftText !== null ? "draft" : String(versions[0]?.version ?? ""));
  const [when, setWhen] = useState(() => beijingInputValue(new Date(Date.now() + 3_600_000)));
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await opsGet<{ schedules: ScheduledPublish[] }>(OPS_LIBRARY_API.schedules, { path });
    if (answer.ok) setSchedules(answer.data.schedules);
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);

  const textOf = async (): Promise<string | null> => {
    if (source === "draft") return draftText;
    const answer = await opsGet<OpsVersionAnswer>(OPS_API.version, { path, version: source });
    return answer.ok ? `${JSON.stringify(answer.data.config, null, 2)}\n` : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const goLiveAt = instantOfBeijing(when);
    if (!goLiveAt || goLiveAt.getTime() <= Date.now()) return setProblem({ field: "goLiveAt", text: t("schedule.future") });
    setBusy(true);
    const text = await textOf();
    const answer = text === null ? null : await opsPost<ScheduledPublish>(OPS_LIBRARY_API.schedule, { path, text, goLiveAt: goLiveAt.toISOString() });
    setBusy(false);
    if (answer === null) return setProblem({ field: null, text: t("errors.unavailable") });
    if (!answer.ok) {
      const field = (answer.error as { field?: string }).field ?? null;
      return setProblem({ field, text: answer.error.problems?.length ? t("schedule.invalid") : errorText(answer.error, t) });
    }
    setProblem(null);
    await load();
  };

  const cancel = async (id: number) => {
    const answer = await opsPost(OPS_LIBRARY_API.cancelSchedule, { id });
    if (!answer.ok) setProblem({ field: null, text: errorText(answer.error, t) });
    await load();
  };

  return (
    <section className="ops-copy ops-schedule" aria-labelledby="ops-schedule-title">
      <h2 id="ops-schedule-title">{t("schedule.title")}</h2>
      {refusal ? (
        <p className="ops-muted">{refusal}</p>
      ) : (
        <form className="ops-copy-fields" onSubmit={(event) => void submit(event)} noValidate>
          <div>
            <label htmlFor="ops-schedule-source">{t("schedule.source")}</label>
            <select id="ops-schedule-source" value={source} onChange={(event) => setSource(event.target.value)}>
              {draftText !== null && <option value="draft">{t("schedule.draft")}</option>}
              {versions.map((version) => (
                <option key={version.version} value={String(version.version)}>
                  {t("schedule.version", { version: version.version, at: formatMoment(version.publishedAt, lang) })}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="ops-schedule-at">{t("schedule.at")}</label>
            <input
              id="ops-schedule-at"
              type="datetime-local"
              value={when}
              aria-invalid={problem?.field === "goLiveAt" || undefined}
              aria-describedby={problem?.field === "goLiveAt" ? "ops-schedule-at-error" : undefined}
              onChange={(event) => setWhen(event.target.value)}
            />
          </div>
          <button type="submit" className="ops-button ops-primary" disabled={busy || !source}>
            {t("schedule.submit")}
          </button>
        </form>
      )}
      {problem && (
        <p id={problem.field === "goLiveAt" ? "ops-schedule-at-error" : undefined} className="ops-form-error" role="alert">
          {problem.text}
        </p>
      )}
      <ScheduleList schedules={schedules} canCancel={refusal === null} onCancel={(id) => void cancel(id)} />
    </section>
  );
}

export function ScheduleList({ schedules, canCancel, onCancel }: { schedules: ScheduledPublish[]; canCancel: boolean; onCancel: (id: number) => void }) {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  if (!schedules.length) return <p className="ops-muted">{t("schedule.none")}</p>;
  return (
    <ul className="ops-schedule-list" data-testid="ops-schedules">
      {schedules.map((row) => (
        <li key={row.id}>
          <strong>{formatMoment(row.goLiveAt, lang)}</strong> · {t(`schedule.states.${row.state}`, { version: row.version ?? "" })} ·{" "}
          <span className="ops-muted">{t("schedule.by", { who: row.scheduledBy })}</span>
          {/* The stored outcome is the server's record for developers; the operator reads what happened and what to do. */}
          {row.state === "failed" && <span className="ops-form-error"> {t("schedule.failedWhy")}</span>}
          {row.state === "waiting" && canCancel && (
            <button type="button" className="ops-button" onClick={() => onCancel(row.id)}>
              {t("schedule.cancel")}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
