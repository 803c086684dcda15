import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface RowField<Row> {
  name: keyof Row & string;
  label: string;
  numeric?: boolean;
}

/** Rows of a section (positions, degrees): each row's fields, a remove button per row, an add button below. */
export function RowsEditor<Row extends Record<string, string>>({
  legend,
  rows,
  fields,
  empty,
  addLabel,
  onChange,
  error,
}: {
  legend: string;
  rows: Row[];
  fields: RowField<Row>[];
  empty: Row;
  addLabel: string;
  onChange: (rows: Row[]) => void;
  error?: string;
}) {
  const { t } = useTranslation("scholarWorkspace");
  const id = useId();
  const update = (index: number, name: string, value: string) => onChange(rows.map((row, at) => (at === index ? { ...row, [name]: value } : row)));
  return (
    <fieldset className="rows-editor" aria-describedby={`${id}-error`}>
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        // Rows have no identity of their own until saved; their place in the list is what the person edits.
        <div className="row-card" key={index}>
          {fields.map((field) => (
            <label key={field.name} className="row-field">
              <span>{field.label}</span>
              <input
                className="form-control"
                value={row[field.name]}
                inputMode={field.numeric ? "numeric" : undefined}
                maxLength={field.numeric ? 4 : 100}
                onChange={(event) => update(index, field.name, event.target.value)}
              />
            </label>
          ))}
          <button type="button" className="button row-remove" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            {t("editor.remove")}
          </button>
        </div>
      ))}
      <button type="button" className="button row-add" onClick={() => onChange([...rows, { ...empty }])}>
        {addLabel}
      </button>
      <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ? t(error) : ""}
      </p>
    </fieldset>
  );
}
