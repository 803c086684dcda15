import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CouponListProps } from "@schemas/generated/page-config";
import "./coupon-list.css";
import { asText, readPath, refreshPageData, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { requireLogin, showToast } from "../kit/session";
import { dayKey, formatFen } from "../kit/format";
import { SmartLink } from "../kit/links";
import type { Coupon } from "../parts/shop-parts";

/** The big figure of a coupon: the amount off, or the discount as the Chinese 折 (85 → 8.5折) or "15% off". */
export function couponValue(coupon: Pick<Coupon, "kind" | "amountFen" | "percent">, lang: "zh" | "en"): string {
  if (coupon.kind === "amount") return formatFen(coupon.amountFen);
  return lang === "zh" ? `${coupon.percent / 10}折` : `${100 - coupon.percent}% off`;
}

interface Newcomer {
  available: boolean;
  coupon?: { title: string };
}

/** The welcome gift of a member who has never ordered (/firstEven/firstEvenCoupon: a GET checks, a POST with receive gives). */
function NewcomerGift() {
  const { t } = useTranslation("order");
  const viewer = useViewer();
  const [gift, setGift] = useState<Newcomer | null>(null);
  useEffect(() => {
    if (!viewer) return;
    void callApi(orderCalls.newcomerCoupon).then((answer) => setGift(answer.code === 200 ? (answer.data ?? null) : null));
  }, [viewer?.id]);
  if (!gift?.available || !gift.coupon) return null;
  const receive = async () => {
    const answer = await callApi(orderCalls.receiveNewcomerCoupon, { receive: true });
    if (answer.code !== 200) return showFailure(answer);
    setGift({ available: false });
    showToast(t("newcomer.received"), "success");
    void refreshPageData();
  };
  return (
    <div className="newcomer-gift">
      <div>
        <strong>{t("newcomer.title")}</strong>
        <p>{t("newcomer.text", { title: gift.coupon.title })}</p>
      </div>
      <button type="button" className="button button-light" onClick={() => void receive()}>
        {t("newcomer.receive")}
      </button>
    </div>
  );
}

/** Coupons as tickets: value, rule, scope and validity; in the centre a claim button, in "mine" the coupon's state. */
export default function CouponList({ props, data }: WidgetRenderProps<CouponListProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const [claimed, setClaimed] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const value = data?.status === "ok" ? readPath(data.value, props.listField.split(".")) : null;
  const coupons = Array.isArray(value) ? (value as Coupon[]) : [];

  const claim = async (couponId: number) => {
    if (!requireLogin()) return;
    setBusy(couponId);
    const answer = await callApi(orderCalls.claimCoupon, { couponId });
    setBusy(null);
    if (answer.code !== 200) {
      showFailure(answer);
      return;
    }
    setClaimed((current) => new Set(current).add(couponId));
    void refreshPageData();
    showToast(t("coupon.claimedToast"), "success");
  };

  const gift = props.mode === "centre" && <NewcomerGift />;
  if (!coupons.length)
    return (
      <div className="empty-state coupon-empty">
        {gift}
        <p>{asText(props.emptyText)}</p>
        {props.emptyLink && (
          <SmartLink to={props.emptyLink} className="button button-primary">
            {asText(props.emptyLinkText)}
          </SmartLink>
        )}
      </div>
    );

  const expired = props.listField === "expired";
  return (
    <>
      {gift}
      <ul className="coupon-list">
        {coupons.map((coupon) => {
          const id = coupon.couponId ?? coupon.userCouponId ?? 0;
          const isClaimed = coupon.claimed || claimed.has(id);
          const state = expired ? "expired" : (coupon.status ?? "usable");
          return (
            <li key={id} className={`coupon coupon-${props.mode === "mine" ? state : "centre"}`}>
              <div className="coupon-value">
                <strong>{couponValue(coupon, lang)}</strong>
                <small>{coupon.thresholdFen ? t("coupon.threshold", { amount: formatFen(coupon.thresholdFen) }) : t("coupon.noThreshold")}</small>
              </div>
              <div className="coupon-body">
                <h3>{coupon.title}</h3>
                <p>{t(`coupon.scope.${coupon.scope}`)}</p>
                <p className="coupon-until">{t("coupon.until", { date: dayKey(coupon.validUntil) })}</p>
              </div>
              <div className="coupon-action">
                {props.mode === "centre" ? (
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={isClaimed || coupon.remaining === 0 || busy === id}
                    onClick={() => void claim(id)}
                  >
                    {isClaimed ? t("coupon.claimed") : coupon.remaining === 0 ? t("coupon.soldOut") : t("coupon.claim")}
                  </button>
                ) : (
                  <span className="coupon-state">{t(`coupon.status.${state}`)}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
