import { useTranslation } from "react-i18next";
import type { ContentListProps } from "@schemas/generated/page-config";
import { asText, fieldAt, itemFields, mergeUse, resolveBindings, useLang, usePage, type WidgetDataReads, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { Art, artPlacement } from "../parts/art";
import { formatCount, formatFen, formatMoment } from "../kit/format";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";

/** A ledger amount as people read it: +10, −800 (a real minus sign). */
export function signed(amount: number): string {
  return amount < 0 ? `−${-amount}` : `+${amount}`;
}

/** Of its source: the list's items as its item template binds them (and their id, the list's keys), and the total. */
export const dataReads: WidgetDataReads<ContentListProps> = (props) => ({
  data: mergeUse(fieldAt(props.listField, { id: true, ...itemFields(props.item) }), fieldAt(props.totalField, true)),
});

/** A list of items from its data source; paged lists load the next page as their end scrolls into view. */
export default function ContentList({ props, data, nodeId, sourceName }: WidgetRenderProps<ContentListProps>) {
  const { t } = useTranslation("common");
  const page = usePage();
  const lang = useLang();
  const list = usePagedList({
    data,
    nodeId,
    sourceName,
    listField: props.listField,
    totalField: props.totalField,
    paged: props.paged,
  });

  const shown = props.limit ? list.items.slice(0, props.limit) : list.items;
  const variant = props.variant;
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
        <StateNotice kind="empty" className="list-empty" text={asText(props.emptyText)} />
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
                  {asText(view.image) && (
                    <Art
                      className="list-image"
                      src={asText(view.image)}
                      alt=""
                      shape="poster"
                      span={variant === "grid" ? "half" : "thumb"}
                      placement={artPlacement(nodeId, index)}
                    />
                  )}
                  <div className="list-body">
                    {badge && <span className={`badge tone-${asText(view.badgeTone) || badgeValue || "default"}`}>{badge}</span>}
                    <h3 className="list-title">{asText(view.title)}</h3>
                    {asText(view.subtitle) && <p className="list-subtitle">{asText(view.subtitle)}</p>}
                    <p className="list-meta">
                      {meta.map((entry) => (
                        <span key={entry}>{entry}</span>
                      ))}
                      {asText(view.date) && <time dateTime={asText(view.date)}>{formatMoment(asText(view.date), lang)}</time>}
                      {asText(view.price) !== "" && Number.isInteger(Number(asText(view.price))) && (
                        <span className="list-price">{formatFen(Number(asText(view.price)))}</span>
                      )}
                      {view.count !== undefined && asText(view.count) !== "" && (
                        <span className="list-count">
                          {formatCount(asText(view.count), lang)}{" "}
                          {asText((view.countLabels as Record<string, unknown> | undefined)?.[badgeValue]) || asText(view.countLabel)}
                        </span>
                      )}
                    </p>
                  </div>
                  {asText(view.amount) !== "" && Number.isInteger(Number(asText(view.amount))) && (
                    <span className={`list-amount ${Number(asText(view.amount)) < 0 ? "amount-out" : "amount-in"}`}>
                      {`${signed(Number(asText(view.amount)))} ${asText(view.amountUnit)}`.trim()}
                    </span>
                  )}
                </SmartLink>
              </li>
            );
          })}
        </ul>
      )}
      {props.paged && <LoadMoreFooter list={list} />}
    </section>
  );
}
