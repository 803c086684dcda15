import { useTranslation } from "react-i18next";
import type { OrderListProps } from "@schemas/generated/page-config";
import "./order-list.css";
import { asText, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { formatFen, formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";

export interface OrderSummary {
  orderNo: string;
  status: "created" | "paid" | "fulfilled" | "cancelled" | "expired" | "refunded";
  title: string;
  quantity: number;
  totalFen: number;
  /** Money that reached the platform for this order and went back to the buyer (ADR 040). */
  refundedFen: number;
  createTime: string;
}

/** The viewer's orders as cards: what was bought, its state, the total, when; each opens its details. */
export default function OrderList({ props, data, nodeId, sourceName }: WidgetRenderProps<OrderListProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const orders = list.items as unknown as OrderSummary[];
  if (!orders.length) return <StateNotice kind="empty" className="order-empty" text={asText(props.emptyText)} />;
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.orderNo}>
            <SmartLink to={`${props.detailLink}?orderNo=${order.orderNo}`} className="order-card">
              <span className="order-head">
                <span className="order-no">
                  {t("order.no")} {order.orderNo}
                </span>
                <span className={`order-status order-${order.status}`}>{t(`order.status.${order.status}`)}</span>
              </span>
              <strong className="order-title">{order.title}</strong>
              <span className="order-foot">
                <span>{formatMoment(order.createTime, lang)}</span>
                <span>
                  ×{order.quantity} · {t("order.total")} <b>{formatFen(order.totalFen)}</b>
                </span>
              </span>
              {order.refundedFen > 0 && <span className="order-refunded">{t("order.refundedAmount", { amount: formatFen(order.refundedFen) })}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}
