import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContentListProps } from "@schemas/generated/page-config";
import { readPath, resolveBindings } from "~/lib/bindings";
import { browserApi } from "~/lib/browser-api";
import { formatCount } from "~/lib/format";
import { usePage } from "~/renderer/page-context";
import { sourceParams } from "~/pipeline/source-params";
import { SUCCESS_CODES } from "~/pipeline/data-state";
import { keepWidgetState, keptWidgetState } from "~/stores/keep-alive";
import type { WidgetRenderProps } from "../types";
import { SmartLink, asText } from "../shared";

type Item = Record<string, unknown>;
interface ListState {
  items: Item[];
  page: number;
  total: number;
}

function readList(value: unknown, props: ContentListProps): { items: Item[]; total: number } {
  const list = readPath(value, (props.listField ?? "list").split("."));
  const items = Array.isArray(list) ? (list as Item[]) : [];
  const total = Number(readPath(value, (props.totalField ?? "total").split("."))) || items.length;
  return { items, total };
}

/** A list of items from its data source; paged lists load the next page as their end scrolls into view. */
export default function ContentList({ props, data, nodeId, sourceName }: WidgetRenderProps<ContentListProps>) {
  const { t } = useTranslation("common");
  const page = usePage();
  const first = readList(data?.status === "ok" ? data.value : null, props);
  const keepAlive = Boolean(page.view.config.keepAlive);
  const [state, setState] = useState<ListState>(
    () => (keepAlive && keptWidgetState<ListState>(page.pageKey, nodeId)) || { items: first.items, page: 1, total: first.total },
  );
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = Boolean(props.paged && sourceName && state.items.length < state.total);

  useEffect(() => {
    if (keepAlive) keepWidgetState(page.pageKey, nodeId, state);
  }, [keepAlive, page.pageKey, nodeId, state]);

  const loadMore = async () => {
    const source = sourceName ? page.view.config.data?.[sourceName] : undefined;
    if (!source || loading) return;
    setLoading(true);
    setFailed(false);
    const envelope = await browserApi.request(source.api, {
      method: source.method ?? "POST",
      params: { ...sourceParams(source, page.view.query), pageNum: state.page + 1 },
    });
    setLoading(false);
    if (!SUCCESS_CODES.has(envelope.code)) {
      setFailed(true);
      return;
    }
    const next = readList(envelope.data, props);
    setState((current) => ({ items: [...current.items, ...next.items], page: current.page + 1, total: next.total }));
  };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || failed) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  });

  const shown = props.limit ? state.items.slice(0, props.limit) : state.items;
  const variant = props.variant ?? "row";
  const title = asText(props.title);

  return (
    <section className={`content-list variant-${variant}`}>
      {(title || props.moreLink) && (
        <header className="section-header">
          {title && <h2 className="section-title">{title}</h2>}
          {props.moreLink && (
            <SmartLink to={props.moreLink} className="section-more">
              {t("widget.more")}
            </SmartLink>
          )}
        </header>
      )}
      {shown.length === 0 ? (
        <p className="list-empty">{asText(props.emptyText) || t("widget.empty")}</p>
      ) : (
        <ul className="list-items">
          {shown.map((item, index) => {
            const view = resolveBindings(props.item, { ...page.scope, item }) as Record<string, unknown>;
            const badgeValue = asText(view.badge);
            const badge = asText((view.badgeLabels as Record<string, unknown> | undefined)?.[badgeValue]) || badgeValue;
            const meta = Array.isArray(view.meta) ? (view.meta as unknown[]).map(asText).filter(Boolean) : [];
            return (
              <li key={asText(item.id) || index} className="list-item">
                <SmartLink to={asText(view.link)} className="list-link">
                  {asText(view.image) && <img className="list-image" src={asText(view.image)} alt="" loading={index < 2 ? "eager" : "lazy"} />}
                  <div className="list-body">
                    {badge && <span className={`badge tone-${asText(view.badgeTone) || badgeValue || "default"}`}>{badge}</span>}
                    <h3 className="list-title">{asText(view.title)}</h3>
                    {asText(view.subtitle) && <p className="list-subtitle">{asText(view.subtitle)}</p>}
                    <p className="list-meta">
                      {meta.map((entry) => (
                        <span key={entry}>{entry}</span>
                      ))}
                      {view.count !== undefined && asText(view.count) !== "" && (
                        <span className="list-count">
                          {formatCount(asText(view.count), page.scope.lang ?? "zh")} {asText(view.countLabel)}
                        </span>
                      )}
                    </p>
                  </div>
                </SmartLink>
              </li>
            );
          })}
        </ul>
      )}
      {props.paged && (
        <div ref={sentinel} className="list-footer">
          {hasMore ? (
            <button type="button" className="button load-more" disabled={loading} onClick={() => void loadMore()}>
              {loading ? t("widget.loading") : failed ? t("widget.retry") : t("widget.loadMore")}
            </button>
          ) : (
            shown.length > 0 && <span className="no-more">{t("widget.noMore")}</span>
          )}
        </div>
      )}
    </section>
  );
}
