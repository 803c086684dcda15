import { useState } from "react";
import { useTranslation } from "react-i18next";
import { escapeHtml } from "./html-safety";

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
 * every page with an editor): the address must be http(s); a formula is its $…$ or $$…$$ source.
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
