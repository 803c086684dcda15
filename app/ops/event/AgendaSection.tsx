import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OpsEventAgendaEntry } from "@contracts/ops-event";
import { beijingInput } from "~/ops/editor/Preview";
import { PasteBox } from "./PasteBox";
import { parseAgenda } from "./paste";

const KINDS: OpsEventAgendaEntry["kind"][] = ["opening", "keynote", "session", "panel", "break", "closing"];
type TextField = "title" | "titleEn" | "speaker" | "speakerEn" | "place" | "placeEn";
const TEXT_FIELDS: TextField[] = ["title", "titleEn", "speaker", "speakerEn", "place", "placeEn"];
/** The catalogue key of a column's name ("title" names the section itself). */
const columnKey = (field: string) => (field === "title" ? "titleZh" : field);

/** "2027-04-11 09:00–09:30", in Beijing time. */
const timeRange = (entry: OpsEventAgendaEntry) => {
  const start = beijingInput(Date.parse(entry.startsAt)).replace("T", " ");
  return `${start}–${beijingInput(Date.parse(entry.endsAt)).slice(11)}`;
};
const byStart = (a: OpsEventAgendaEntry, b: OpsEventAgendaEntry) => Date.parse(a.startsAt) - Date.parse(b.startsAt);

function AgendaTable({ agenda, onChange }: { agenda: OpsEventAgendaEntry[]; onChange?: (agenda: OpsEventAgendaEntry[]) => void }) {
  const { t } = useTranslation("opsEditor");
  const set = (index: number, change: Partial<OpsEventAgendaEntry>) => onChange?.(agenda.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const label = (index: number, field: string) => t("event.agenda.cell", { number: index + 1, field: t(`event.agenda.${columnKey(field)}`) });
  return (
    <div className="ops-table-wrap">
      <table className="ops-table ops-event-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("event.agenda.time")}</th>
            <th>{t("event.agenda.kind")}</th>
            {TEXT_FIELDS.map((field) => (
              <th key={field}>{t(`event.agenda.${columnKey(field)}`)}</th>
            ))}
            {onChange && <th />}
          </tr>
        </thead>
        <tbody>
          {agenda.map((entry, index) => (
            <tr key={`${entry.startsAt} ${index}`}>
              <td>{index + 1}</td>
              <td className="ops-nowrap">{timeRange(entry)}</td>
              <td>
                {onChange ? (
                  <select
                    aria-label={label(index, "kind")}
                    value={entry.kind}
                    onChange={(change) => set(index, { kind: change.target.value as OpsEventAgendaEntry["kind"] })}
                  >
                    {KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`event.kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  t(`event.kinds.${entry.kind}`)
                )}
              </td>
              {TEXT_FIELDS.map((field) => (
                <td key={field}>
                  {onChange ? (
                    <input aria-label={label(index, field)} value={entry[field]} onChange={(change) => set(index, { [field]: change.target.value })} />
                  ) : (
                    entry[field]
                  )}
                </td>
              ))}
              {onChange && (
                <td>
                  <button type="button" className="ops-button" onClick={() => onChange(agenda.filter((_, at) => at !== index))}>
                    {t("event.remove")}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The agenda's days and sessions in time order; pasted from a sheet (date, start, end, titles, speakers, places, kind). */
export function AgendaSection({
  agenda: saved,
  canChange,
  saving,
  onSave,
  children,
}: {
  agenda: OpsEventAgendaEntry[];
  canChange: boolean;
  saving: boolean;
  onSave: (agenda: OpsEventAgendaEntry[]) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation("opsEditor");
  const [agenda, setAgenda] = useState(saved);
  const days = new Set(agenda.map((entry) => beijingInput(Date.parse(entry.startsAt)).slice(0, 10))).size;
  return (
    <fieldset className="ops-event-part" disabled={!canChange}>
      <legend>{t("event.agenda.title", { days, count: agenda.length })}</legend>
      <AgendaTable agenda={agenda} onChange={canChange ? setAgenda : undefined} />
      {canChange && (
        <PasteBox
          kind="agenda"
          parse={parseAgenda}
          preview={(entries) => <AgendaTable agenda={entries} />}
          onAdd={(entries, replace) => setAgenda((replace ? entries : [...agenda, ...entries]).sort(byStart))}
        />
      )}
      {children}
      <button type="button" className="ops-button ops-primary" disabled={saving} onClick={() => void onSave(agenda)}>
        {t("event.agenda.save")}
      </button>
    </fieldset>
  );
}
