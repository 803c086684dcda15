import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LibrarySaveProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { libraryCalls } from "../kit/calls/library";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { Link } from "../kit/links";
import { keepForOffline } from "../kit/offline";
import { LibraryEntryEditor, parseItemRef, type LibraryEntry } from "../parts/library";

const BOOKMARK = "M6 3.5h12v17l-6-4.2-6 4.2z";

/**
 * "Add to library" for the item a detail page shows. The server renders it unsaved for everyone (the page may be
 * cached for visitors); the viewer's own state arrives in the browser. Saving opens the note-and-tags editor.
 */
export default function LibrarySave({ props }: WidgetRenderProps<LibrarySaveProps>) {
  const reference = parseItemRef(`${asText(props.kind)}:${asText(props.itemId)}`);
  const viewerId = useViewer()?.id ?? 0;
  if (!reference) return null;
  const item = `${reference.kind}:${reference.id}`;
  return <SaveButton key={`${viewerId}:${item}`} item={item} viewerId={viewerId} libraryLink={props.libraryLink} />;
}

function SaveButton({ item, viewerId, libraryLink }: { item: string; viewerId: number | string; libraryLink: string }) {
  const { t } = useTranslation("library");
  const hydrated = useHydrated();
  const [entry, setEntry] = useState<LibraryEntry | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hydrated || !viewerId) return;
    void callApi(libraryCalls.libraryStatus, { item }).then((answer) => {
      if (isSuccess(answer) && answer.data?.saved) setEntry(answer.data.entry ?? null);
    });
  }, [hydrated, viewerId, item]);

  const save = async () => {
    setBusy(true);
    const answer = await callApi(libraryCalls.librarySave, { item });
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    setEntry(answer.data.entry);
    setEditing(true);
    showToast(t("save.added"), "success");
    // A saved paper is readable at the venue without a network (ADR 046).
    keepForOffline([answer.data.entry.link]);
  };

  const unsave = async () => {
    // A note or tags would go with the entry: ask first. A bare entry is one tap to save again.
    if ((entry?.note || entry?.tags.length) && !window.confirm(t("save.removeConfirm"))) return;
    setBusy(true);
    const answer = await callApi(libraryCalls.libraryRemove, { item });
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer)) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    setEntry(null);
    setEditing(false);
    showToast(t("save.removed"), "success");
  };

  const toggle = () => {
    if (!requireLogin() || busy) return;
    void (entry ? unsave() : save());
  };

  return (
    <section className="library-save">
      <div className="library-save-row">
        <button
          type="button"
          className={entry ? "library-save-button on" : "library-save-button"}
          aria-pressed={Boolean(entry)}
          disabled={busy}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d={BOOKMARK} fill={entry ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          <span>{t(entry ? "save.saved" : "save.add")}</span>
        </button>
        {entry && !editing && (
          <button type="button" className="library-save-edit" aria-expanded={false} onClick={() => setEditing(true)}>
            {t("save.edit")}
          </button>
        )}
        {entry && (
          <Link to={libraryLink} className="library-save-open">
            {t("save.open")}
          </Link>
        )}
      </div>
      {entry && !editing && (entry.note || entry.tags.length > 0) && (
        <div className="library-save-summary">
          {entry.note && <p className="library-save-note">{entry.note}</p>}
          {entry.tags.length > 0 && (
            <ul className="library-tags">
              {entry.tags.map((tag) => (
                <li key={tag} className="library-tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {entry && editing && (
        <LibraryEntryEditor
          entry={entry}
          onSaved={(saved) => {
            setEntry(saved);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}
