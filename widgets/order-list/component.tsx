import { useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { OrderListProps } from "@schemas/generated/page-config";
import "./order-list.css";
import { asText, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { formatFen, formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { type AnswerOf, callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { cashierUrl, randomToken } from "../kit/browser";

export type OrderSummary = AnswerOf<typeof orderCalls.list>["list"][number];

/** The word on an order's card: a refund request that waits or was declined speaks before the order's own state. */
export function cardStatus(order: Pick<OrderSummary, "status" | "refundRequest">): { key: string; tone: string } {
  const request = order.refundRequest?.status;
  if (order.status !== "refunded" && (request === "requested" || request === "declined"))
    return { key: `order.refundStatus.${request}`, tone: `refund-${request}` };
  return { key: `order.status.${order.status}`, tone: order.status };
}

/** The viewer's orders as cards: picture, what was bought, its state, the sum, when; unpaid ones can be paid from here. */
export default function OrderList({ props, data, nodeId, sourceName }: WidgetRenderProps<OrderListProps>) {
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const orders = list.items as unknown as OrderSummary[];
  if (!orders.length) return <StateNotice kind="empty" className="order-empty" text={asText(props.emptyText)} />;
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <OrderCard key={order.orderNo} order={order} detailLink={props.detailLink} />
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}

function OrderCard({ order, detailLink }: { order: OrderSummary; detailLink: string }) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const [paying, setPaying] = useState(false);
  const [payKey] = useState(() => randomToken(24));
  const detail = `${detailLink}?orderNo=${order.orderNo}`;
  const status = cardStatus(order);
  const unpaid = order.status === "created";

  const pay = async () => {
    setPaying(true);
    const answer = await callApi(orderCalls.confirmPay, { orderNo: order.orderNo, idempotencyKey: payKey });
    if (answer.code !== 200 || !answer.data) {
      setPaying(false);
      showFailure(answer);
      return;
    }
    window.location.assign(cashierUrl(answer.data, detail));
  };

  return (
    <li className="order-card">
      <SmartLink to={detail} className="order-card-link">
        <span className="order-head">
          <span className="order-no">
            {t("order.no")} {order.orderNo}
          </span>
          <span className={`order-status order-${status.tone}`}>{t(status.key)}</span>
        </span>
        <span className="order-body">
          {order.cover && (
            <Art className="order-thumb" src={order.cover} alt="" shape="poster" span="thumb" box={{ width: 72, height: 72 }} placement="below" />
          )}
          <strong className="order-title">{order.title}</strong>
        </span>
        <span className="order-foot">
          <span>{formatMoment(order.createTime, lang)}</span>
          <span>
            ×{order.quantity} · {unpaid ? t("order.totalDue") : t("order.total")} <b>{formatFen(order.totalFen)}</b>
          </span>
        </span>
        {order.refundedFen > 0 && <span className="order-refunded">{t("order.refundedAmount", { amount: formatFen(order.refundedFen) })}</span>}
      </SmartLink>
      {unpaid && (
        <div className="order-card-actions">
          <button type="button" className="button button-primary" disabled={paying} onClick={() => void pay()}>
            {paying ? t("order.paying") : t("order.pay")}
          </button>
        </div>
      )}
    </li>
  );
}
