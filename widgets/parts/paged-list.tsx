import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataState, keepWidgetState, keptWidgetState, readPath, useLang, usePage } from "../kit/page";
import { readSource } from "../kit/sources";

export type Item = Record<string, unknown>;

interface ListState {
  items: Item[];
  page: number;
  total: number;
}

export interface PagedListOptions {
  data?: DataState;
  nodeId: string;
  sourceName?: string;
  listField?: string;
  totalField?: string;
  paged?: boolean;
}

function readList(value: unknown, options: PagedListOptions): { items: Item[]; total: number } {
  const list = readPath(value, (options.listField ?? "list").split("."));
  const items = Array.isArray(list) ? (list as Item[]) : [];
  const total = Number(readPath(value, (options.totalField ?? "total").split("."))) || items.length;
  return { items, total };
}

/**
 * The items of a list widget's source and, for paged lists, the next pages: loaded through the API client with
 * the source's own params and the next pageNum when the list's end (the sentinel) scrolls into view. On kept-alive
 * pages the loaded pages survive leaving and coming back; a new answer from the source (other query values, a
 * filter) starts the list again from its first page.
 */
export function usePagedList(options: PagedListOptions) {
  const page = usePage();
  const lang = useLang();
  const value = options.data?.status === "ok" ? options.data.value : null;
  const keepAlive = Boolean(page.view.config.keepAlive);
  const fresh = (): ListState => {
    const first = readList(value, options);
    return { items: first.items, page: 1, total: first.total };
  };
  const [state, setState] = useState<ListState>(() => (keepAlive && keptWidgetState<ListState>(page.pageKey, options.nodeId)) || fresh());
  const [shownValue, setShownValue] = useState(value);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  /** The source answer the shown list started from: a next page asked for before it changed is not added to it. */
  const shownSince = useRef(value);
  useEffect(() => {
    shownSince.current = value;
  }, [value]);
  if (shownValue !== value) {
    setShownValue(value);
    setState(fresh());
    setFailed(false);
  }
  const hasMore = Boolean(options.paged && options.sourceName && state.items.length < state.total);

  useEffect(() => {
    if (keepAlive) keepWidgetState(page.pageKey, options.nodeId, state);
  }, [keepAlive, page.pageKey, options.nodeId, state]);

  const loadMore = async () => {
    const source = options.sourceName ? page.view.config.data?.[options.sourceName] : undefined;
    if (!source || loading) return;
    setLoading(true);
    setFailed(false);
    const askedFor = value;
    const answer = await readSource(source, page.view.query, {
      lang,
      extraParams: { pageNum: state.page + 1 },
    });
    setLoading(false);
    // A search or filter started the list again meanwhile: this page belongs to the list it replaced.
    if (shownSince.current !== askedFor) return;
    if (answer.status !== "ok") {
      setFailed(true);
      return;
    }
    const next = readList(answer.value, options);
    setState((current) => ({ items: [...current.items, ...next.items], page: current.page + 1, total: next.total }));
  };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  });

  return { items: state.items, total: state.total, hasMore, loading, failed, loadMore, sentinel };
}

export type PagedList = ReturnType<typeof usePagedList>;

/**
 * The end of a paged list: "load more" (also pulled in as it scrolls into view), "loading", "retry" after a failure,
 * and, when `endNotice` is on, "no more" once every page is shown.
 */
export function LoadMoreFooter({ list, endNotice = true }: { list: PagedList; endNotice?: boolean }) {
  const { t } = useTranslation("common");
  if (!list.hasMore && !(endNotice && list.items.length > 0)) return null;
  return (
    <div ref={list.sentinel} className="list-footer">
      {list.hasMore ? (
        <button type="button" className="button load-more" disabled={list.loading} onClick={() => void list.loadMore()}>
          {list.loading ? t("widget.loading") : list.failed ? t("widget.retry") : t("widget.loadMore")}
        </button>
      ) : (
        <span className="no-more">{t("widget.noMore")}</span>
      )}
    </div>
  );
}
