import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderDetailProps } from "@schemas/generated/page-config";
import "./order-detail.css";
import { refreshPageData, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, orderCalls, showFailure } from "../kit/api";
import { showToast } from "../kit/session";
import { formatFen, formatMoment } from "../kit/format";
import { randomToken } from "../kit/browser";
import { SmartLink } from "../kit/links";

export interface OrderDetails {
  orderNo: string;
  status: "created" | "paid" | "fulfilled" | "cancelled" | "expired" | "refunded";
  title: string;
  quantity: number;
  unitPriceFen: number;
  discountFen: number;
  totalFen: number;
  createTime: string;
  expiresAt: string;
  paidAt: string | null;
  /** Money that reached the platform for this order and went back, each refund with why (ADR 040). */
  refundedFen: number;
  refunds: { paymentNo: string; amountFen: number; reason: "orderEnded" | "orderPaid" | "courseOwned" | "operator" }[];
  events: { to_status: OrderDetails["status"]; at: string }[];
}

/**
 * An order as the engine keeps it (ADR 018). Paying sends one submission key per attempt, so a double tap or a
 * retried request never opens two payments; the payment page brings the buyer back here.
 */
export default function OrderDetail({ props, data }: WidgetRenderProps<OrderDetailProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const [changed, setChanged] = useState<Partial<OrderDetails> | null>(null);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const [payKey] = useState(() => randomToken(24));
  if (data?.status !== "ok" || !data.value) return null;
  const order = { ...(data.value as OrderDetails), ...changed };

  const pay = async () => {
    setBusy("pay");
    const answer = await callApi(orderCalls.confirmPay, { orderNo: order.orderNo, idempotencyKey: payKey });
    if (answer.code !== 200 || !answer.data) {
      setBusy(null);
      showFailure(answer);
      return;
    }
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`${answer.data.payUrl}&returnTo=${encodeURIComponent(back)}`);
  };

  const cancel = async () => {
    setBusy("cancel");
    const answer = await callApi(orderCalls.cancel, { orderNo: order.orderNo });
    setBusy(null);
    if (answer.code !== 200 || !answer.data) {
      showFailure(answer);
      return;
    }
    setChanged({ ...answer.data, events: [...order.events, { to_status: "cancelled", at: new Date().toISOString() }] });
    showToast(t("order.cancelled"), "success");
    void refreshPageData();
  };

  return (
    <section className="order-detail">
      <header className={`order-banner order-${order.status}`}>
        <h1>{t(`order.status.${order.status}`)}</h1>
        {order.status === "created" && <p>{t("order.payBefore", { time: formatMoment(order.expiresAt, lang) })}</p>}
        {order.refunds.map((refund) => (
          <p key={refund.paymentNo}>{t(`order.refundReason.${refund.reason}`, { amount: formatFen(refund.amountFen) })}</p>
        ))}
      </header>
      <div className="order-lines">
        <h2>{order.title}</h2>
        <dl>
          <dt>{t("order.unitPrice")}</dt>
          <dd>{formatFen(order.unitPriceFen)}</dd>
          <dt>{t("order.quantity")}</dt>
          <dd>×{order.quantity}</dd>
          {order.discountFen > 0 && (
            <>
              <dt>{t("order.discount")}</dt>
              <dd>{formatFen(-order.discountFen)}</dd>
            </>
          )}
          <dt>{t("order.total")}</dt>
          <dd className="order-total">{formatFen(order.totalFen)}</dd>
          {order.refundedFen > 0 && (
            <>
              <dt>{t("order.refundTotal")}</dt>
              <dd>{formatFen(order.refundedFen)}</dd>
            </>
          )}
          <dt>{t("order.no")}</dt>
          <dd>{order.orderNo}</dd>
          <dt>{t("order.created")}</dt>
          <dd>{formatMoment(order.createTime, lang)}</dd>
          {order.paidAt && (
            <>
              <dt>{t("order.paid")}</dt>
              <dd>{formatMoment(order.paidAt, lang)}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="order-history">
        <h2>{t("order.history")}</h2>
        <ol>
          {order.events.map((event) => (
            <li key={`${event.to_status}-${event.at}`}>
              <span>{t(`order.event.${event.to_status}`)}</span>
              <time dateTime={event.at}>{formatMoment(event.at, lang)}</time>
            </li>
          ))}
        </ol>
      </div>
      <div className="order-actions">
        {order.status === "created" && (
          <>
            <button type="button" className="button" disabled={busy !== null} onClick={() => void cancel()}>
              {busy === "cancel" ? t("order.cancelling") : t("order.cancel")}
            </button>
            <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void pay()}>
              {busy === "pay" ? t("order.paying") : t("order.pay")}
            </button>
          </>
        )}
        {props.listLink && order.status !== "created" && (
          <SmartLink to={props.listLink} className="button">
            {t("order.history")}
          </SmartLink>
        )}
      </div>
    </section>
  );
}
