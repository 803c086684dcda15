import "./jel-picker.css";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../kit/page";
import { type JelEntry, loadJelCodes, matchJel } from "./scholar-workspace";

const MAX_FIELDS = 10;
const SHOWN = 12;

export interface JelPickerProps {
  /** What the codes are for: a profile's research fields, a document's classification. */
  legend: string;
  chosen: string[];
  onChange: (codes: string[]) => void;
  lang: Lang;
  /** The i18n key of the field's error, as the form's check names it. */
  error?: string;
}

/**
 * The JEL classification as a searchable picker (ADR 060, 088): matches to add below the search, the chosen codes as
 * removable tags. The profile's research fields and a document's codes use this one picker.
 */
export function JelPicker({ legend, chosen, onChange, lang, error }: JelPickerProps) {
  const { t } = useTranslation("scholarWorkspace");
  const id = useId();
  const [entries, setEntries] = useState<JelEntry[]>([]);
  const [text, setText] = useState("");
  useEffect(() => {
    void loadJelCodes().then(setEntries);
  }, []);
  const byCode = new Map(entries.map((entry) => [entry.code, entry]));
  const name = (code: string) => {
    const entry = byCode.get(code);
    return entry ? (lang === "en" ? entry.en : entry.zh) : "";
  };
  const matches = matchJel(entries, text)
    .filter((entry) => !chosen.includes(entry.code))
    .slice(0, SHOWN);
  const full = chosen.length >= MAX_FIELDS;

  return (
    <fieldset className="jel-picker" aria-describedby={`${id}-error`}>
      <legend>{legend}</legend>
      <ul className="jel-tags" aria-label={t("jel.chosen")}>
        {chosen.map((code) => (
          <li key={code} className="jel-tag chosen">
            <span className="jel-code">{code}</span> {name(code)}
            <button
              type="button"
              className="tag-remove"
              aria-label={t("jel.remove", { code, name: name(code) })}
              onClick={() => onChange(chosen.filter((c) => c !== code))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-search`}>{t("jel.search")}</label>
      <input
        id={`${id}-search`}
        type="search"
        className="form-control"
        value={text}
        placeholder={t("jel.placeholder")}
        onChange={(event) => setText(event.target.value)}
        disabled={full}
      />
      {full ? (
        <p className="field-hint">{t("jel.limit")}</p>
      ) : (
        <ul className="jel-matches" aria-label={t("jel.results")}>
          {matches.map((entry) => (
            <li key={entry.code}>
              <button
                type="button"
                className="jel-match"
                aria-label={t("jel.add", { code: entry.code, name: name(entry.code) })}
                onClick={() => {
                  onChange([...chosen, entry.code]);
                  setText("");
                }}
              >
                <span className="jel-code">{entry.code}</span> {name(entry.code)}
              </button>
            </li>
          ))}
          {entries.length > 0 && matches.length === 0 && <li className="field-hint">{t("jel.noMatch", { text })}</li>}
        </ul>
      )}
      <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ? t(error) : ""}
      </p>
    </fieldset>
  );
}
