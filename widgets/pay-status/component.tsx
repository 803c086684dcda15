import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PayStatusProps } from "@schemas/generated/page-config";
import "./pay-status.css";
import { NOT_FOUND_CODE, usePage } from "../kit/page";
import { AnswerFailed } from "../parts/answer-state";
import type { WidgetRenderProps } from "../kit/types";
import { type AnswerOf, callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { cashierUrl, randomToken } from "../kit/browser";
import { SmartLink } from "../kit/links";
import { formatFen } from "../kit/format";

/** How often the result is asked for, and how long before the page says it has none yet. */
export const POLL = { everyMs: 2_000, giveUpMs: 60_000 } as const;

/** What the page shows of /order/getPaystatus; refundedFen is money that reached the platform and went back (ADR 040). */
type PayState = Pick<AnswerOf<typeof orderCalls.payStatus>, "status" | "paymentStatus" | "kind" | "itemId" | "refundedFen">;

/** What a paid order of each kind gives, in a sentence. */
const PAID_TEXT: Record<PayState["kind"], string> = {
  course: "pay.paidCourse",
  goods: "pay.paidGoods",
  membership: "pay.paidMember",
  gift: "pay.paidGift",
};

type Shown = "checking" | "paid" | "declined" | "ended" | "refunded" | "timeout";

export function shownState(state: PayState | null, timedOut: boolean): Shown {
  if (state && (state.status === "paid" || state.status === "fulfilled")) return "paid";
  // A refunded order was paid and its money went back: it did not close unpaid (ADR 080).
  if (state?.status === "refunded") return "refunded";
  if (state && state.status !== "created") return "ended";
  if (state?.paymentStatus === "declined") return "declined";
  return timedOut ? "timeout" : "checking";
}

/** The heading and sentence of each state, as catalogue keys. */
export function wording(shown: Shown, kind: PayState["kind"]): { title: string; text: string } {
  const title = {
    checking: "pay.checking",
    paid: "pay.paid",
    declined: "pay.declined",
    ended: "pay.ended",
    refunded: "pay.refundedTitle",
    timeout: "pay.timeout",
  };
  const text = {
    checking: "pay.checkingText",
    paid: PAID_TEXT[kind],
    declined: "pay.declinedText",
    ended: "pay.endedText",
    refunded: "pay.refundedText",
    timeout: "pay.timeoutText",
  };
  return { title: title[shown], text: text[shown] };
}

/**
 * The page the cashier sends the buyer back to. The payment's notice may reach the platform before or after the
 * buyer does, so the page asks until the order is settled, and says so plainly when no answer comes in a minute.
 */
export default function PayStatus({ props }: WidgetRenderProps<PayStatusProps>) {
  const { t } = useTranslation("order");
  const page = usePage();
  const orderNo = String(page.view.query.orderNo ?? "");
  const [state, setState] = useState<PayState | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [missing, setMissing] = useState(false);
  const shown = shownState(state, timedOut);

  useEffect(() => {
    if (shown !== "checking") return;
    let stopped = false;
    let timer = 0;
    const started = Date.now();
    const ask = async () => {
      const answer = await callApi(orderCalls.payStatus, { orderNo });
      if (stopped) return;
      // No such order (a mistyped or foreign link): asking again cannot change that.
      if (answer.code === NOT_FOUND_CODE) return setMissing(true);
      if (answer.code === 200 && answer.data) setState(answer.data);
      const settled = answer.data && shownState(answer.data, false) !== "checking";
      if (settled) return;
      if (Date.now() - started >= POLL.giveUpMs) setTimedOut(true);
      else timer = window.setTimeout(() => void ask(), POLL.everyMs);
    };
    timer = window.setTimeout(() => void ask(), 0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [orderNo, round]);

  const refresh = () => {
    setMissing(false);
    setTimedOut(false);
    setRound(round + 1);
  };

  const payAgain = async () => {
    setRetrying(true);
    const answer = await callApi(orderCalls.confirmPay, { orderNo, idempotencyKey: randomToken(24) });
    if (answer.code !== 200 || !answer.data) {
      setRetrying(false);
      showFailure(answer);
      return;
    }
    window.location.assign(cashierUrl(answer.data, `${page.view.path}?orderNo=${orderNo}`));
  };

  if (missing) return <AnswerFailed failure={{ code: NOT_FOUND_CODE }} onRetry={refresh} />;
  const orderLink = `${props.orderLink}?orderNo=${orderNo}`;
  const { title, text } = wording(shown, state?.kind ?? "goods");
  const next =
    shown === "paid" && state?.kind === "course" ? (
      <SmartLink to={`${props.courseLink}?id=${state.itemId}`} className="button button-primary">
        {t("pay.startLearning")}
      </SmartLink>
    ) : shown === "paid" && state?.kind === "membership" && props.memberLink ? (
      <SmartLink to={props.memberLink} className="button button-primary">
        {t("pay.toMember")}
      </SmartLink>
    ) : shown === "paid" && state?.kind === "gift" && props.giftLink ? (
      <SmartLink to={props.giftLink} className="button button-primary">
        {t("pay.toGifts")}
      </SmartLink>
    ) : shown === "paid" || shown === "ended" || shown === "refunded" ? (
      <SmartLink to={props.shopLink} className="button button-primary">
        {t("pay.backToShop")}
      </SmartLink>
    ) : shown === "declined" ? (
      <button type="button" className="button button-primary" disabled={retrying} onClick={() => void payAgain()}>
        {t("pay.retry")}
      </button>
    ) : (
      <button type="button" className="button button-primary" onClick={refresh}>
        {t("pay.refresh")}
      </button>
    );
  return (
    <section className={`pay-status pay-${shown}`} aria-live="polite">
      <div className="pay-icon" aria-hidden="true" />
      <h1>{t(title)}</h1>
      <p>{t(text, { amount: formatFen(state?.refundedFen ?? 0) })}</p>
      {shown !== "refunded" && state && state.refundedFen > 0 && <p>{t("pay.refunded", { amount: formatFen(state.refundedFen) })}</p>}
      {shown !== "checking" && (
        <div className="pay-actions">
          <SmartLink to={orderLink} className="button">
            {t("pay.viewOrder")}
          </SmartLink>
          {next}
        </div>
      )}
    </section>
  );
}
