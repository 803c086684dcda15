import { useTranslation } from "react-i18next";
import { Art } from "../parts/art";
import type { ExchangeDetailProps } from "@schemas/generated/page-config";
import "./exchange-detail.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { formatMoment } from "../kit/format";
import { useLang } from "../kit/page";

interface Exchange {
  exchangeNo: string;
  title: string;
  cover: string;
  kind: "physical" | "coupon";
  quantity: number;
  points: number;
  status: "placed" | "shipped" | "delivered";
  address: { receiver: string; phone: string; region: string; detail: string } | null;
  createTime: string;
}

/** A points exchange as the mall keeps it: its state, what it was, the points, and where it goes; styled by its own sheet. */
export default function ExchangeDetail({ props, data }: WidgetRenderProps<ExchangeDetailProps>) {
  const { t } = useTranslation("points");
  const lang = useLang();
  const exchange = data?.status === "ok" ? (data.value as Exchange | null) : null;
  if (!exchange) return null;
  return (
    <section className="exchange-detail" data-status={exchange.status}>
      <h1>{t(`exchange.status.${exchange.status}`)}</h1>
      <div className="exchange-item">
        <Art src={exchange.cover} alt="" shape="poster" span="thumb" box={{ width: 120, height: 68 }} placement="visible" />
        <div>
          <h2>
            {exchange.title} × {exchange.quantity}
          </h2>
          <p>{t("points", { count: exchange.points })}</p>
        </div>
      </div>
      <dl className="exchange-facts">
        <dt>{t("exchange.no")}</dt>
        <dd>{exchange.exchangeNo}</dd>
        <dt>{t("exchange.time")}</dt>
        <dd>{formatMoment(exchange.createTime, lang)}</dd>
        {exchange.address && (
          <>
            <dt>{t("exchange.address")}</dt>
            <dd>
              {exchange.address.receiver} {exchange.address.phone}
              <br />
              {exchange.address.region} {exchange.address.detail}
            </dd>
          </>
        )}
      </dl>
      <div className="exchange-actions">
        {exchange.kind === "coupon" && (
          <SmartLink to={props.couponsLink} className="button button-primary">
            {t("exchange.toCoupons")}
          </SmartLink>
        )}
        <SmartLink to={props.mallLink} className="button">
          {t("exchange.backToMall")}
        </SmartLink>
      </div>
    </section>
  );
}
