import { useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ExchangeConfirmProps } from "@schemas/generated/page-config";
import "./exchange-confirm.css";
import { usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { pointCalls } from "../kit/calls/point";
import { randomToken } from "../kit/browser";
import { AddressChooser, QuantityRow, useChosenAddress } from "../parts/shop-parts";
import type { IntegralGoodsDetailAnswer } from "../kit/contracts";

type Detail = IntegralGoodsDetailAnswer;

/** The exchange is decided by the server in one transaction (points, stock, limit); this page shows the cost and submits once. */
export default function ExchangeConfirm({ props, data }: WidgetRenderProps<ExchangeConfirmProps>) {
  const { t } = useTranslation("points");
  const page = usePage();
  const navigate = useNavigate();
  const detail = data?.status === "ok" ? (data.value as Detail | null) : null;
  const [quantity, setQuantity] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const [submissionKey] = useState(() => randomToken(24));
  const address = useChosenAddress(detail?.kind === "physical");
  if (!detail) return null;
  const most = Math.max(1, Math.min(detail.perUserLimit - detail.exchanged, detail.stock));
  const cost = detail.points * quantity;
  const left = (detail.balance ?? 0) - cost;
  const needsAddress = detail.kind === "physical";

  const submit = async () => {
    setSubmitting(true);
    const answer = await callApi(pointCalls.exchange, {
      goodsId: detail.id,
      quantity,
      idempotencyKey: submissionKey,
      ...(address ? { addressId: address.id } : {}),
    });
    if (answer.code !== 200 || !answer.data) {
      setSubmitting(false);
      showFailure(answer);
      return;
    }
    void navigate(`${props.resultLink}?exchangeNo=${answer.data.exchangeNo}`, { replace: true });
  };

  return (
    <section className="exchange-confirm">
      <h1 className="section-title">{t("confirm.title")}</h1>
      {needsAddress && <AddressChooser address={address} listLink={props.addressListLink} here={`${page.view.path}?id=${detail.id}`} />}
      <div className="confirm-product">
        <Art src={detail.cover} alt="" shape="poster" span="thumb" box={{ width: 120, height: 68 }} placement="visible" />
        <div>
          <h2>{detail.title}</h2>
          <p>{t("points", { count: detail.points })}</p>
        </div>
      </div>
      {most > 1 && <QuantityRow label={t("confirm.quantity")} value={quantity} most={most} onChange={setQuantity} />}
      <dl className="confirm-sum">
        <dt>{t("balance")}</dt>
        <dd>{detail.balance ?? 0}</dd>
        <dt>{t("confirm.cost")}</dt>
        <dd>{`−${cost}`}</dd>
        <dt>{t("confirm.after")}</dt>
        <dd className={left < 0 ? "short" : undefined}>{left}</dd>
      </dl>
      <div className="confirm-pay" data-layer="action-bar">
        <span>
          {t("confirm.cost")} <strong>{cost}</strong>
        </span>
        <button type="button" className="button button-primary" disabled={submitting || left < 0 || (needsAddress && !address)} onClick={() => void submit()}>
          {left < 0 ? t("mall.notEnough") : submitting ? t("confirm.submitting") : t("confirm.submit")}
        </button>
      </div>
    </section>
  );
}
