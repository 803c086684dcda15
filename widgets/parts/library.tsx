/**
 * The reading list's shared parts (ADR 047): the note-and-tags editor both the save button of a detail page and the
 * /myLibrary list open, and the calls they make. The editor checks with the library-entry form's validators, as the
 * platform checks the same body again.
 */
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIBRARY_LIMITS, type LibraryEntry } from "@contracts/library";
import { callApi, isSuccess, refusalOf } from "../kit/api";
import { libraryCalls } from "../kit/calls/library";
import { askedToLogIn, showToast } from "../kit/session";
import { checkForm, preloadValidators } from "../kit/form-check";
import "./library.css";

export {
  CITABLE_KINDS,
  LIBRARY_API,
  LIBRARY_KINDS,
  LIBRARY_LIMITS,
  citationExportHref,
  isLibraryKind,
  itemRef,
  parseItemRef,
  type LibraryEntry,
  type LibraryKind,
  type LibraryList,
  type LibraryStatus,
} from "@contracts/library";

const entryCheck = { id: "library-entry", loadValidators: () => import("@schemas/generated/forms/library-entry.validators.js") };

/** Tags typed into the box: split at commas (either width) and line breaks, trimmed, blanks and repeats dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,，\n]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

function addTags(current: string[], typed: string): string[] {
  const next = [...current];
  for (const tag of splitTags(typed)) if (!next.includes(tag)) next.push(tag);
  return next;
}

/**
 * Edits an entry's note and tags and saves them with /library/update; `onSaved` gets the platform's entry. Field
 * messages (too long, too many tags) come from the schema's check before sending, or from the platform's answer.
 */
export function LibraryEntryEditor({ entry, onSaved, onCancel }: { entry: LibraryEntry; onSaved: (entry: LibraryEntry) => void; onCancel: () => void }) {
  const { t } = useTranslation("library");
  const id = useId();
  const [note, setNote] = useState(entry.note);
  const [tags, setTags] = useState(entry.tags);
  const [typed, setTyped] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  /**
   * Moves what was typed into the tags when the schema takes the result; otherwise it stays in the box with the
   * message (too long, one too many), where the person can correct it.
   */
  const takeTyped = async (text: string) => {
    if (!text.trim()) return;
    const next = addTags(tags, text);
    const invalid = await checkForm(entryCheck, { item: entry.item, tags: next });
    if (invalid.tags || invalid._form) {
      setTyped(text.replace(/[,，]\s*$/, ""));
      setErrors({ ...errors, tags: invalid.tags ?? invalid._form });
      return;
    }
    setTags(next);
    setTyped("");
    setErrors({ ...errors, tags: "" });
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === "," || event.key === "，") {
      event.preventDefault();
      void takeTyped(typed);
    } else if (event.key === "Backspace" && !typed && tags.length) setTags(tags.slice(0, -1));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A tag still in the box counts: people press Save without Enter.
    const allTags = addTags(tags, typed);
    const body = { item: entry.item, ...(note.trim() ? { note: note.trim() } : {}), tags: allTags };
    setSaving(true);
    const invalid = await checkForm(entryCheck, body);
    if (Object.keys(invalid).length) {
      setSaving(false);
      setErrors(invalid);
      return;
    }
    setTags(allTags);
    setTyped("");
    const answer = await callApi(libraryCalls.libraryUpdate, body);
    setSaving(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data) {
      const fields = refusalOf(answer).fields;
      if (fields) setErrors(fields);
      else showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    showToast(t("editor.saved"), "success");
    onSaved(answer.data.entry);
  };

  const error = (field: string) =>
    errors[field] ? (
      <p className="library-error" role="alert" id={`${id}-${field}-error`}>
        {t(errors[field])}
      </p>
    ) : null;
  const noteLength = Array.from(note.trim()).length;

  return (
    <form className="library-editor" onSubmit={(event) => void submit(event)} onFocus={() => preloadValidators(entryCheck)} noValidate>
      <label className="library-label" htmlFor={`${id}-note`}>
        {t("editor.note")}
      </label>
      <textarea
        id={`${id}-note`}
        className="library-note-input"
        value={note}
        rows={4}
        placeholder={t("editor.notePlaceholder")}
        aria-invalid={Boolean(errors.note)}
        aria-describedby={errors.note ? `${id}-note-error` : `${id}-note-count`}
        onChange={(event) => {
          setNote(event.target.value);
          setErrors({ ...errors, note: "" });
        }}
      />
      <p className={noteLength > LIBRARY_LIMITS.noteChars ? "library-count over" : "library-count"} id={`${id}-note-count`}>
        {t("editor.noteCount", { count: noteLength, max: LIBRARY_LIMITS.noteChars })}
      </p>
      {error("note")}
      <label className="library-label" htmlFor={`${id}-tag`}>
        {t("editor.tags")}
      </label>
      {tags.length > 0 && (
        <ul className="library-tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="library-tag library-tag-removable"
                aria-label={t("editor.tagRemove", { tag })}
                onClick={() => setTags(tags.filter((other) => other !== tag))}
              >
                {tag} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="library-tag-entry">
        <input
          id={`${id}-tag`}
          className="library-tag-input"
          value={typed}
          placeholder={t("editor.tagPlaceholder")}
          enterKeyHint="done"
          aria-invalid={Boolean(errors.tags)}
          aria-describedby={errors.tags ? `${id}-tags-error` : `${id}-tags-hint`}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed or pasted ends a tag at once.
            setTyped(value);
            if (/[,，]/.test(value)) void takeTyped(value);
          }}
          onKeyDown={onTagKey}
        />
        <button type="button" className="button" onClick={() => void takeTyped(typed)}>
          {t("editor.tagAdd")}
        </button>
      </div>
      <p className="library-count" id={`${id}-tags-hint`}>
        {t("editor.tagsHint", { max: LIBRARY_LIMITS.tags, chars: LIBRARY_LIMITS.tagChars })}
      </p>
      {error("tags")}
      {error("item")}
      {error("_form")}
      <div className="library-editor-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t(saving ? "editor.saving" : "editor.submit")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("editor.cancel")}
        </button>
      </div>
    </form>
  );
}
