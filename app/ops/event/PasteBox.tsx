import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Parsed } from "./paste";

/**
 * Rows pasted from a spreadsheet: read into a preview first (the rows as entries, bad rows named in plain words), then
 * added to the list or put in its place. Nothing is added until the operator says so; the pasted text stays until then.
 */
export function PasteBox<T>({
  kind,
  parse,
  preview,
  onAdd,
}: {
  kind: "guests" | "agenda";
  parse: (text: string) => Parsed<T>;
  preview: (entries: T[]) => ReactNode;
  onAdd: (entries: T[], replace: boolean) => void;
}) {
  const { t } = useTranslation("opsEditor");
  const id = useId();
  const [text, setText] = useState("");
  const [parsed, setParsed] = useState<Parsed<T> | null>(null);
  const add = (replace: boolean) => {
    if (!parsed) return;
    onAdd(parsed.entries, replace);
    setText("");
    setParsed(null);
  };
  return (
    <div className="ops-paste">
      <label htmlFor={id} className="ops-label">
        {t(`event.paste.${kind}.label`)}
      </label>
      <p className="ops-muted">{t(`event.paste.${kind}.columns`)}</p>
      <textarea
        id={id}
        rows={4}
        value={text}
        placeholder={t(`event.paste.${kind}.example`)}
        onChange={(change) => {
          setText(change.target.value);
          setParsed(null);
        }}
      />
      <button type="button" className="ops-button" disabled={!text.trim()} onClick={() => setParsed(parse(text))}>
        {t("event.paste.read")}
      </button>
      {parsed && (
        <div className="ops-paste-preview" aria-live="polite">
          <p>{t("event.paste.readRows", { count: parsed.entries.length })}</p>
          {parsed.problems.length > 0 && (
            <ul className="ops-form-error" role="alert">
              {parsed.problems.map((problem) => (
                <li key={`${problem.row} ${problem.code}`}>
                  {t("event.paste.row", { row: problem.row })} {t(`event.paste.problems.${problem.code}`, problem.params)}
                </li>
              ))}
            </ul>
          )}
          {parsed.entries.length > 0 && preview(parsed.entries)}
          <div className="ops-paste-actions">
            <button type="button" className="ops-button ops-primary" disabled={!parsed.entries.length} onClick={() => add(false)}>
              {t("event.paste.add", { count: parsed.entries.length })}
            </button>
            <button type="button" className="ops-button" disabled={!parsed.entries.length} onClick={() => add(true)}>
              {t("event.paste.replace", { count: parsed.entries.length })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
