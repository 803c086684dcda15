import { useTranslation } from "react-i18next";
import type { PointGoodsDetailProps } from "@schemas/generated/page-config";
import "./point-goods-detail.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { Art, artPlacement } from "../parts/art";
import type { IntegralGoodsDetailAnswer } from "../kit/contracts";

type Detail = IntegralGoodsDetailAnswer;

/** Why a good cannot be exchanged now, in the order a shopper would want to know it; null when it can. */
export function exchangeBlocker(
  detail: Pick<Detail, "stock" | "points" | "balance" | "exchanged" | "perUserLimit">,
): "soldOut" | "exchanged" | "notEnough" | null {
  if (detail.stock <= 0) return "soldOut";
  if (detail.exchanged >= detail.perUserLimit) return "exchanged";
  if (detail.balance !== null && detail.balance < detail.points) return "notEnough";
  return null;
}

export default function PointGoodsDetail({ props, data, nodeId }: WidgetRenderProps<PointGoodsDetailProps>) {
  const { t } = useTranslation("points");
  const detail = data?.status === "ok" ? (data.value as Detail | null) : null;
  if (!detail) return null;
  const blocker = exchangeBlocker(detail);
  return (
    <article className="point-detail">
      <Art src={detail.cover} alt="" shape="poster" placement={artPlacement(nodeId)} />
      <div className="point-detail-body">
        <h1>{detail.title}</h1>
        <p className="point-detail-price">{t("points", { count: detail.points })}</p>
        <p className="point-facts">
          <span>{t(detail.kind === "physical" ? "mall.physical" : "mall.coupon")}</span>
          <span>{t("mall.stock", { count: detail.stock })}</span>
          <span>{t("mall.limit", { count: detail.perUserLimit })}</span>
        </p>
        <p>{detail.description}</p>
      </div>
      <div className="point-detail-bar" data-layer="action-bar">
        {detail.balance !== null && (
          <span>
            {t("balance")} <strong>{detail.balance}</strong>
          </span>
        )}
        {blocker ? (
          <>
            {blocker === "notEnough" && props.earnLink && <SmartLink to={props.earnLink}>{t("tasks.title")}</SmartLink>}
            <button type="button" className="button button-primary" disabled>
              {t(`mall.${blocker}`)}
            </button>
          </>
        ) : (
          <SmartLink to={`${props.exchangeLink}?id=${detail.id}`} className="button button-primary">
            {t("mall.exchange")}
          </SmartLink>
        )}
      </div>
    </article>
  );
}
