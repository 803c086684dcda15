import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { escapeHtml } from "./html-safety";
import { formulaPreview } from "./formula-preview";
import { RichHtml } from "./rich-html";

const SAFE_LINK = /^https?:\/\/\S+$/i;

export interface InsertPanelProps {
  kind: "link" | "formula";
  /** Whether text is selected where the caret was, asked as the link goes in: a link then wraps it. */
  linksSelection: () => boolean;
  /** Runs one editing command where the caret was. */
  insert: (command: string, value: string) => void;
  close: () => void;
}

/**
 * The rich editor's panel for a link or a formula, loaded when a writer first opens one (it is off the first load of
 * every page with an editor): the address must be http(s); a formula is its $…$ or $$…$$ source, shown rendered while it
 * is typed as the platform will render it on saving.
 */
export default function InsertPanel({ kind, linksSelection, insert, close }: InsertPanelProps) {
  const { t } = useTranslation(["editor", "common"]);
  const [value, setValue] = useState("");
  const [display, setDisplay] = useState(false);
  const [error, setError] = useState("");

  const submit = () => {
    const text = value.trim();
    if (kind === "link") {
      if (!SAFE_LINK.test(text)) return setError(t("linkInvalid"));
      if (linksSelection()) insert("createLink", text);
      else insert("insertHTML", `<a href="${escapeHtml(text)}">${escapeHtml(text)}</a>`);
    } else {
      if (!text) return setError(t("formulaEmpty"));
      insert("insertText", display ? ` $$${text}$$ ` : ` $${text}$ `);
    }
    close();
  };

  return (
    <div className="rich-editor-panel">
      <label>
        <span>{kind === "link" ? t("linkLabel") : t("formulaLabel")}</span>
        <input
          // biome-ignore lint/a11y/noAutofocus: the panel opens for this one input
          autoFocus
          value={value}
          placeholder={kind === "link" ? t("linkPlaceholder") : t("formulaPlaceholder")}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              submit();
            }
          }}
        />
      </label>
      {kind === "formula" && (
        <label className="rich-editor-panel-check">
          <input type="checkbox" checked={display} onChange={(event) => setDisplay(event.target.checked)} />
          <span>{t("formulaDisplay")}</span>
        </label>
      )}
      {kind === "formula" && <FormulaPreview source={value} display={display} />}
      {error && (
        <p className="rich-editor-error" role="alert">
          {error}
        </p>
      )}
      <div className="rich-editor-panel-actions">
        <button type="button" className="button" onClick={close}>
          {t("cancel")}
        </button>
        <button type="button" className="button button-primary" onClick={submit}>
          {t("insert")}
        </button>
      </div>
    </div>
  );
}

/** The formula being typed, rendered; or that it cannot be read (and would be saved as its source). */
function FormulaPreview({ source, display }: { source: string; display: boolean }) {
  const { t } = useTranslation("editor");
  const [preview, setPreview] = useState<{ source: string; mathml: string | null } | null>(null);
  useEffect(() => {
    if (!source.trim()) return;
    let current = true;
    void formulaPreview(source, display).then((mathml) => current && setPreview({ source, mathml }));
    return () => {
      current = false;
    };
  }, [source, display]);
  if (!source.trim() || !preview) return null;
  return (
    <div className="rich-editor-preview" aria-live="polite" data-testid="formula-preview">
      <span className="rich-editor-preview-label">{t("formulaPreview")}</span>
      {preview.mathml ? <RichHtml html={preview.mathml} /> : <p className="rich-editor-error">{t("formulaUnreadable")}</p>}
    </div>
  );
}
