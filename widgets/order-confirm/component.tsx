import { useEffect, useRef, useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { OrderConfirmProps } from "@schemas/generated/page-config";
import "./order-confirm.css";
import { usePage, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, refusalOf, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { showToast } from "../kit/session";
import { formatFen } from "../kit/format";
import { cashierUrl, randomToken } from "../kit/browser";
import { AddressChooser, type Coupon, QuantityRow, useChosenAddress } from "../parts/shop-parts";
import { AgreementCheck } from "../parts/agreement-check";

interface Product {
  id: number;
  productId: number;
  kind: "course" | "goods";
  title: string;
  titleEn: string;
  cover: string;
  priceFen: number;
  stock: number | null;
  bought: boolean;
}

interface Quote {
  subtotalFen: number;
  discountFen: number;
  totalFen: number;
}

type UsableCoupon = Coupon & { userCouponId: number; discountFen: number };

/**
 * The order confirmation: every figure comes from the server (/order/caculatePrice) for the choices made here, and one
 * submission key per visit makes a double tap or a retried request one order and one charge (ADR 018).
 */
export default function OrderConfirm({ props, data }: WidgetRenderProps<OrderConfirmProps>) {
  const { t } = useTranslation("order");
  const { t: tSpec } = useTranslation("spec");
  const lang = useLang();
  const page = usePage();
  const product = data?.status === "ok" ? (data.value as Product | null) : null;
  const [quantity, setQuantity] = useState(1);
  const [coupons, setCoupons] = useState<UsableCoupon[]>([]);
  const [couponId, setCouponId] = useState<number | null>(null);
  const chosen = useRef(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submissionKey] = useState(() => randomToken(24));
  const address = useChosenAddress(Boolean(props.addressListLink));
  const [agreed, setAgreed] = useState(false);
  const [agreementProblem, setAgreementProblem] = useState<string | null>(null);
  const productId = product?.productId;

  useEffect(() => {
    if (!productId) return;
    void callApi(orderCalls.placeOrderInfo, { productId, quantity }).then((answer) => {
      const usable = answer.code === 200 && answer.data ? answer.data.coupons.usable : [];
      const best = answer.data?.coupons.bestUserCouponId ?? null;
      setCoupons(usable);
      // The server's best coupon until the buyer chooses (ADR 080); a choice stays while it still applies.
      setCouponId((current) => (chosen.current && usable.some((coupon) => coupon.userCouponId === current) ? current : chosen.current ? null : best));
    });
  }, [productId, quantity]);

  useEffect(() => {
    if (!productId) return;
    const params = { productId, quantity, ...(couponId ? { userCouponId: couponId } : {}) };
    void callApi(orderCalls.quote, params).then((answer) => {
      if (answer.code === 200 && answer.data) setQuote(answer.data);
      else showFailure(answer);
    });
  }, [productId, quantity, couponId]);

  if (!product) return null;
  const en = lang === "en";
  const maxQuantity = Math.min(99, product.stock ?? 99);
  const here = `${page.view.path}?id=${product.id}`;
  // Spec §5: a course is bought with the agreement accepted, as an event is signed up to; the server holds it too.
  const needsAgreement = product.kind === "course" && !product.bought;

  const submit = async () => {
    if (props.addressListLink && !address) {
      showToast(t("confirm.needAddress"), "error");
      return;
    }
    if (needsAgreement && !agreed) {
      setAgreementProblem(tSpec("signUp.errors.agreeRequired"));
      return;
    }
    setSubmitting(true);
    const answer = await callApi(orderCalls.confirmPay, {
      productId: product.productId,
      quantity,
      idempotencyKey: submissionKey,
      ...(couponId ? { userCouponId: couponId } : {}),
      ...(address ? { addressId: address.id } : {}),
      ...(needsAgreement ? { agree: true } : {}),
    });
    if (answer.code !== 200 || !answer.data) {
      setSubmitting(false);
      if (refusalOf(answer).fields?.agree) setAgreementProblem(answer.message ?? "");
      else showFailure(answer);
      return;
    }
    const statusPage = `${props.payStatusLink}?orderNo=${answer.data.orderNo}`;
    // Replaced, not added: Back from the cashier or the result never returns to this spent confirmation.
    window.location.replace(answer.data.status === "created" ? cashierUrl(answer.data, statusPage) : statusPage);
  };

  return (
    <section className="order-confirm">
      <h1 className="section-title">{t("confirm.title")}</h1>
      {props.addressListLink && <AddressChooser address={address} listLink={props.addressListLink} here={here} />}
      <div className="confirm-product">
        <Art src={product.cover} alt="" shape="poster" span="thumb" box={{ width: 120, height: 68 }} placement="visible" />
        <div>
          <h2>{en ? product.titleEn : product.title}</h2>
          <p>{formatFen(product.priceFen)}</p>
        </div>
      </div>
      {props.quantity && <QuantityRow label={t("confirm.quantity")} value={quantity} most={maxQuantity} onChange={setQuantity} />}
      <label className="confirm-row">
        <span>
          {t("confirm.coupon")} {coupons.length > 0 && <small>{t("confirm.couponsAvailable", { count: coupons.length })}</small>}
        </span>
        <select
          value={couponId ?? ""}
          onChange={(event) => {
            chosen.current = true;
            setCouponId(Number(event.target.value) || null);
          }}
        >
          <option value="">{t("confirm.noCoupon")}</option>
          {coupons.map((coupon) => (
            <option key={coupon.userCouponId} value={coupon.userCouponId}>
              {coupon.title} (−{formatFen(coupon.discountFen)})
            </option>
          ))}
        </select>
      </label>
      {quote && (
        <dl className="confirm-sum">
          <dt>{t("confirm.subtotal")}</dt>
          <dd>{formatFen(quote.subtotalFen)}</dd>
          <dt>{t("confirm.discount")}</dt>
          <dd>{formatFen(-quote.discountFen)}</dd>
        </dl>
      )}
      {needsAgreement && (
        <div className="confirm-agreement">
          <AgreementCheck
            id="order-agree"
            checked={agreed}
            onChange={(checked) => {
              setAgreed(checked);
              setAgreementProblem(null);
            }}
            agreementLink={props.agreementLink ?? "/agreement"}
            privacyLink={props.privacyLink ?? "/privacy"}
          />
          {agreementProblem && (
            <p className="field-error" role="alert">
              {agreementProblem}
            </p>
          )}
        </div>
      )}
      <div className="confirm-pay" data-layer="action-bar">
        <span>
          {t("confirm.total")} <strong>{quote ? formatFen(quote.totalFen) : "…"}</strong>
        </span>
        <button type="button" className="button button-primary" disabled={submitting || !quote || product.bought} onClick={() => void submit()}>
          {product.bought ? t("confirm.bought") : submitting ? t("confirm.submitting") : t("confirm.submit")}
        </button>
      </div>
    </section>
  );
}
