import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LibraryListProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { libraryCalls } from "../kit/calls/library";
import { askedToLogIn, showToast } from "../kit/session";
import { encodeQueryText, Link, SmartLink } from "../kit/links";
import { formatMoment } from "../kit/format";
import { keepForOffline } from "../kit/offline";
import {
  LIBRARY_KINDS,
  LibraryEntryEditor,
  citationExportHref,
  isLibraryKind,
  type LibraryEntry,
  type LibraryKind,
  type LibraryList as ListAnswer,
} from "../parts/library";

const PAGE_SIZE = 20;

interface Filters {
  kind: LibraryKind | null;
  tag: string | null;
}

/** The address of the list with these filters (the tag as base64url, spec §2). */
function filterHref(listLink: string, filters: Filters): string {
  const query = new URLSearchParams();
  if (filters.kind) query.set("kind", filters.kind);
  if (filters.tag) query.set("tag", encodeQueryText(filters.tag));
  const text = query.toString();
  return text ? `${listLink}?${text}` : listLink;
}

/**
 * The viewer's reading list: loads in the browser (the answer is the viewer's own), pages with "load more", and reads
 * again after an edit or a removal so the counts, tags and export links stay the platform's.
 */
export default function LibraryList({ props }: WidgetRenderProps<LibraryListProps>) {
  const kindValue = asText(props.kind);
  const filters: Filters = { kind: isLibraryKind(kindValue) ? kindValue : null, tag: asText(props.tag) || null };
  const viewerId = useViewer()?.id ?? 0;
  return (
    <Entries key={`${viewerId}:${filters.kind}:${filters.tag}`} filters={filters} viewerId={viewerId} listLink={props.listLink} browseLink={props.browseLink} />
  );
}

function Entries({ filters, viewerId, listLink, browseLink }: { filters: Filters; viewerId: number | string; listLink: string; browseLink: string }) {
  const { t } = useTranslation("library");
  const lang = useLang();
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<ListAnswer | null>(null);
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [more, setMore] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const latest = useRef(0);

  const read = useCallback(
    async (pageNum: number, pageSize = PAGE_SIZE) => {
      const request = ++latest.current;
      const params = { pageNum, pageSize, ...(filters.kind ? { kind: filters.kind } : {}), ...(filters.tag ? { tag: filters.tag } : {}) };
      const reply = await callApi(libraryCalls.libraryList, params);
      if (request !== latest.current) return null;
      if (askedToLogIn(reply)) return null;
      if (!isSuccess(reply) || !reply.data) {
        setState("failed");
        return null;
      }
      setAnswer(reply.data);
      setState("ready");
      return reply.data;
    },
    [filters.kind, filters.tag],
  );

  /** Reads the entries shown so far again, in one call (the platform pages by at most 50). */
  const reload = useCallback(
    async (shown: number) => {
      const fresh = await read(1, Math.min(50, Math.max(PAGE_SIZE, shown)));
      if (fresh) setEntries(fresh.list);
    },
    [read],
  );

  useEffect(() => {
    if (!hydrated || !viewerId) return;
    void read(1, PAGE_SIZE).then((fresh) => {
      if (!fresh) return;
      setEntries(fresh.list);
      // The list and every saved item's page, readable offline (ADR 046); `paths` names all of them when no filter is set.
      keepForOffline(["/myLibrary", ...fresh.paths]);
    });
  }, [hydrated, viewerId, read]);

  const loadMore = async () => {
    setMore(true);
    const next = await read(Math.floor(entries.length / PAGE_SIZE) + 1);
    setMore(false);
    if (next) setEntries((current) => [...current, ...next.list.filter((entry) => !current.some((shown) => shown.item === entry.item))]);
  };

  const remove = async (entry: LibraryEntry) => {
    if ((entry.note || entry.tags.length) && !window.confirm(t("save.removeConfirm"))) return;
    const reply = await callApi(libraryCalls.libraryRemove, { item: entry.item });
    if (askedToLogIn(reply)) return;
    if (!isSuccess(reply)) {
      showToast(reply.message || t("common:actions.failed"), "error");
      return;
    }
    showToast(t("save.removed"), "success");
    setEntries((current) => current.filter((shown) => shown.item !== entry.item));
    void reload(entries.length - 1);
  };

  if (state === "failed")
    return (
      <div className="error-state library-failed">
        <p>{t("list.failed")}</p>
        <button type="button" className="button" onClick={() => void reload(entries.length)}>
          {t("list.retry")}
        </button>
      </div>
    );
  if (!answer) return <p className="list-empty">{t("list.loading")}</p>;

  const filtered = Boolean(filters.kind || filters.tag);
  const bib = citationExportHref("bib", answer.refs);
  const ris = citationExportHref("ris", answer.refs);

  return (
    <section className="library-list" aria-labelledby="library-list-title">
      <header className="library-head">
        <h1 id="library-list-title">{t("title")}</h1>
        <p className="library-total">{t("list.count", { count: answer.count, limit: answer.limit })}</p>
      </header>

      {/* Filters choose among saved items: an empty list has none to choose from. */}
      {answer.count > 0 && (
        <nav className="library-filters" aria-label={t("list.kinds")}>
          <Link to={filterHref(listLink, { kind: null, tag: filters.tag })} className="library-chip" aria-current={filters.kind === null ? "page" : undefined}>
            {t("list.allKinds")}
          </Link>
          {LIBRARY_KINDS.map((kind) => (
            <Link
              key={kind}
              to={filterHref(listLink, { kind, tag: filters.tag })}
              className="library-chip"
              aria-current={filters.kind === kind ? "page" : undefined}
            >
              {t(`kind.${kind}`)}
            </Link>
          ))}
        </nav>
      )}
      {(answer.tags.length > 0 || filters.tag) && (
        <nav className="library-filters" aria-label={t("list.tagsFilter")}>
          <Link to={filterHref(listLink, { kind: filters.kind, tag: null })} className="library-chip" aria-current={filters.tag === null ? "page" : undefined}>
            {t("list.allTags")}
          </Link>
          {answer.tags.map(({ tag, count }) => (
            <Link
              key={tag}
              to={filterHref(listLink, { kind: filters.kind, tag })}
              className="library-chip"
              aria-current={filters.tag === tag ? "page" : undefined}
            >
              #{tag} <small>{count}</small>
            </Link>
          ))}
        </nav>
      )}

      {bib && ris && (
        <div className="library-export">
          <span className="library-export-label">{t("list.export")}</span>
          {/* Plain links: the export is a download the server answers, not a page of the app. */}
          <a href={bib} className="button" download rel="nofollow">
            {t("list.exportBib")}
          </a>
          <a href={ris} className="button" download rel="nofollow">
            {t("list.exportRis")}
          </a>
          <p className="library-count">{t("list.exportHint")}</p>
        </div>
      )}

      {entries.length === 0 ? (
        <div className="empty-state library-empty">
          <p>{t(filtered ? "list.emptyFiltered" : "list.empty")}</p>
          {filtered ? (
            <Link to={listLink} className="button">
              {t("list.clearFilters")}
            </Link>
          ) : (
            <SmartLink to={browseLink} className="button button-primary">
              {t("list.browse")}
            </SmartLink>
          )}
        </div>
      ) : (
        <ul className="library-entries">
          {entries.map((entry) => (
            <li key={entry.item} className="library-entry">
              <p className="library-entry-meta">
                <span className="badge">{t(`kind.${entry.kind}`)}</span>
                <time dateTime={entry.savedAt}>{t("list.savedOn", { date: formatMoment(entry.savedAt, lang) })}</time>
              </p>
              <SmartLink to={entry.link} className="library-entry-title">
                {asText(readPath(entry, ["title"], lang))}
              </SmartLink>
              {editing === entry.item ? (
                <LibraryEntryEditor
                  entry={entry}
                  onSaved={(saved) => {
                    setEntries((current) => current.map((shown) => (shown.item === saved.item ? saved : shown)));
                    setEditing(null);
                    void reload(entries.length);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  {entry.note && <p className="library-entry-note">{entry.note}</p>}
                  {entry.tags.length > 0 && (
                    <ul className="library-tags">
                      {entry.tags.map((tag) => (
                        <li key={tag}>
                          <Link to={filterHref(listLink, { kind: filters.kind, tag })} className="library-tag">
                            #{tag}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="library-entry-actions">
                    <button type="button" className="library-action" onClick={() => setEditing(entry.item)}>
                      {t("list.edit")}
                    </button>
                    <button type="button" className="library-action library-action-remove" onClick={() => void remove(entry)}>
                      {t("list.remove")}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {entries.length < answer.total && (
        <div className="list-footer">
          <button type="button" className="button" disabled={more} onClick={() => void loadMore()}>
            {t(more ? "list.loading" : "list.loadMore")}
          </button>
        </div>
      )}
    </section>
  );
}
