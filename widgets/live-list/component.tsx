import { useTranslation } from "react-i18next";
import type { LiveListProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fields, readPath, useLang, type WidgetDataReads, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { formatCount, formatDateRange } from "../kit/format";
import { LoadMoreFooter, type Item, usePagedList } from "../parts/paged-list";
import { Art, artPlacement } from "../parts/art";

/** Of its source: each plan's (or series') fields shown below, and the total the paged list counts to. */
export const dataReads: WidgetDataReads<LiveListProps> = () => ({
  data: {
    list: fields("id", "status", "link", "cover", "title", "startTime", "endTime", "authorName", "orgName", "guestNames", "planCount", "viewCount"),
    total: true,
  },
});

/**
 * Live plans with what decides whether to open one: its state (a pulsing mark while it is live), when it runs and who
 * speaks; or live series with their guests and how many lives they hold. Paged lists load on as their end shows.
 */
export default function LiveList({ props, data, nodeId, sourceName }: WidgetRenderProps<LiveListProps>) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: props.paged });
  const kind = props.kind;
  const variant = props.variant;
  const items = props.limit ? list.items.slice(0, props.limit) : list.items;
  const title = asText(props.title);
  const text = (item: Item, field: string) => asText(readPath(item, [field], lang));

  return (
    <section className={`live-list variant-${variant} kind-${kind}`}>
      {(title || props.moreLink) && (
        <header className="section-header">
          {title && <h2 className="section-title">{title}</h2>}
          {props.moreLink && (
            <SmartLink to={props.moreLink} className="section-more">
              {t("common:widget.more")}
            </SmartLink>
          )}
        </header>
      )}
      {items.length === 0 ? (
        <StateNotice kind="empty" className="live-list-empty" text={asText(props.emptyText) || t(kind === "special" ? "special.empty" : "list.empty")} />
      ) : (
        <ul className="live-items">
          {items.map((item, index) => {
            const status = Number(item.status);
            const who = [text(item, "authorName"), text(item, "orgName")].filter(Boolean).join(" · ");
            const guests = text(item, "guestNames");
            return (
              <li key={asText(item.id) || index} className={`live-item state-${status}`} data-live-id={asText(item.id)} data-live-status={status}>
                <SmartLink to={asText(item.link)} className="live-link">
                  <div className="live-cover">
                    {asText(item.cover) && (
                      <Art
                        src={asText(item.cover)}
                        alt=""
                        shape="poster"
                        span={variant === "grid" ? "half" : "thumb"}
                        placement={artPlacement(nodeId, index)}
                      />
                    )}
                    {Number.isInteger(status) && <span className={`live-state state-${status}`}>{t(`status.${status}`)}</span>}
                  </div>
                  <div className="live-body">
                    <h3 className="live-title">{text(item, "title")}</h3>
                    <p className="live-when">{formatDateRange(item.startTime, item.endTime, lang)}</p>
                    {kind === "special" ? (
                      <>
                        {guests && <p className="live-guests">{guests}</p>}
                        <p className="live-count">{t("special.planCount", { count: Number(item.planCount) || 0 })}</p>
                      </>
                    ) : (
                      <>
                        {who && <p className="live-who">{who}</p>}
                        {item.viewCount !== undefined && (
                          <p className="live-count">
                            {formatCount(asText(item.viewCount), lang)} {t("player.views")}
                          </p>
                        )}
                      </>
                    )}
                  </div>
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
