import { lazy, Suspense, useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { OrderDetailProps } from "@schemas/generated/page-config";
import "./order-detail.css";
import { refreshPageData, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type AnswerOf, callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { showToast } from "../kit/session";
import { formatFen, formatMoment } from "../kit/format";
import { cashierUrl, randomToken } from "../kit/browser";
import { SmartLink } from "../kit/links";

const RefundForm = lazy(() => import("./RefundForm"));

export type OrderDetails = AnswerOf<typeof orderCalls.details>;

/** A paid order may be refunded unless a request waits for a decision or the money went back already. */
export const refundable = (order: Pick<OrderDetails, "status" | "refundRequest">) =>
  (order.status === "paid" || order.status === "fulfilled") && order.refundRequest?.status !== "requested";

/**
 * An order as the engine keeps it (ADR 018). Paying sends one submission key per attempt, so a double tap or a
 * retried request never opens two payments; cancelling asks first; a paid order can be asked to be refunded (ADR 080).
 */
export default function OrderDetail({ props, data }: WidgetRenderProps<OrderDetailProps>) {
  const { t } = useTranslation("order");
  const [changed, setChanged] = useState<Partial<OrderDetails> | null>(null);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const [asking, setAsking] = useState<"cancel" | "refund" | null>(null);
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
    window.location.assign(cashierUrl(answer.data, back));
  };

  const cancel = async () => {
    setBusy("cancel");
    const answer = await callApi(orderCalls.cancel, { orderNo: order.orderNo });
    setBusy(null);
    setAsking(null);
    if (answer.code !== 200 || !answer.data) {
      showFailure(answer);
      return;
    }
    setChanged({ ...answer.data, events: [...order.events, { from_status: "created", to_status: "cancelled", reason: "", at: new Date().toISOString() }] });
    showToast(t("order.cancelled"), "success");
    void refreshPageData();
  };

  const refunded = () => {
    setAsking(null);
    showToast(t("refund.done"), "success");
    void refreshPageData();
  };

  return (
    <section className="order-detail">
      <OrderBanner order={order} />
      <OrderLines order={order} />
      {order.address && (
        <div className="order-address">
          <h2>{t("order.address")}</h2>
          <p>
            <strong>{order.address.receiver}</strong> {order.address.phone}
          </p>
          <p>{`${order.address.region} ${order.address.detail}`}</p>
        </div>
      )}
      <OrderHistory events={order.events} />
      {asking === "refund" && (
        <Suspense fallback={null}>
          <RefundForm orderNo={order.orderNo} paidFen={order.totalFen - order.refundedFen} onDone={refunded} onClose={() => setAsking(null)} />
        </Suspense>
      )}
      {asking === "cancel" ? (
        <div className="order-ask" role="alertdialog" aria-labelledby="cancel-ask" aria-describedby="cancel-ask-text">
          <strong id="cancel-ask">{t("order.cancelAsk")}</strong>
          <p id="cancel-ask-text">{t("order.cancelAskText")}</p>
          <div className="order-actions">
            <button type="button" className="button" disabled={busy !== null} onClick={() => setAsking(null)}>
              {t("order.keep")}
            </button>
            <button type="button" className="button button-primary order-cancel-yes" disabled={busy !== null} onClick={() => void cancel()}>
              {busy === "cancel" ? t("order.cancelling") : t("order.confirmCancel")}
            </button>
          </div>
        </div>
      ) : (
        <div className="order-actions">
          {order.status === "created" && (
            <>
              <button type="button" className="button" disabled={busy !== null} onClick={() => setAsking("cancel")}>
                {t("order.cancel")}
              </button>
              <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void pay()}>
                {busy === "pay" ? t("order.paying") : t("order.pay")}
              </button>
            </>
          )}
          {refundable(order) && asking !== "refund" && (
            <button type="button" className="button" onClick={() => setAsking("refund")}>
              {t("refund.apply")}
            </button>
          )}
          {props.listLink && order.status !== "created" && (
            <SmartLink to={props.listLink} className="button">
              {t("order.history")}
            </SmartLink>
          )}
        </div>
      )}
    </section>
  );
}

/** The order's state in words, with what happened to its money and to a refund request. */
function OrderBanner({ order }: { order: OrderDetails }) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const request = order.refundRequest;
  const waiting = request?.status === "requested";
  return (
    <header className={`order-banner order-${waiting ? "refund-requested" : order.status}`}>
      <h1>{waiting ? t("order.refundStatus.requested") : t(`order.status.${order.status}`)}</h1>
      {order.status === "created" && <p>{t("order.payBefore", { time: formatMoment(order.expiresAt, lang) })}</p>}
      {waiting && <p>{t("refund.requestedText", { amount: formatFen(request.amountFen) })}</p>}
      {request?.status === "declined" && (
        <p>{request.declineReason ? t("refund.declinedText", { reason: request.declineReason }) : t("refund.declinedNoReason")}</p>
      )}
      {order.refunds.map((refund) => (
        <p key={refund.paymentNo}>{t(`order.refundReason.${refund.reason}`, { amount: formatFen(refund.amountFen) })}</p>
      ))}
    </header>
  );
}

/** What was bought and the figures: an unpaid order's sum is what is due (应付), a paid one's what was paid (实付). */
function OrderLines({ order }: { order: OrderDetails }) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const unpaid = order.status === "created" || order.paidAt === null;
  return (
    <div className="order-lines">
      <div className="order-item">
        {order.cover && <Art src={order.cover} alt="" shape="poster" span="thumb" box={{ width: 96, height: 54 }} placement="visible" />}
        <h2>{order.title}</h2>
      </div>
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
        <dt>{unpaid ? t("order.totalDue") : t("order.total")}</dt>
        <dd className={unpaid ? "order-due" : "order-total"}>{formatFen(order.totalFen)}</dd>
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
  );
}

function OrderHistory({ events }: { events: OrderDetails["events"] }) {
  const { t } = useTranslation("order");
  const lang = useLang();
  return (
    <div className="order-history">
      <h2>{t("order.history")}</h2>
      <ol>
        {events.map((event) => (
          <li key={`${event.to_status}-${event.at}`}>
            <span>{t(`order.event.${event.to_status}`)}</span>
            <time dateTime={event.at}>{formatMoment(event.at, lang)}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}
