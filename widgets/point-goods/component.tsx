import { useTranslation } from "react-i18next";
import { Art } from "../parts/art";
import type { PointGoodsProps } from "@schemas/generated/page-config";
import "./point-goods.css";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import type { IntegralGoodsCenterDataAnswer } from "../kit/contracts";

export type PointGoods = IntegralGoodsCenterDataAnswer["list"][number];

/** The points mall's front: balance and goods. Prices are points; stock is the server's. */
export default function PointGoodsGrid({ props, data }: WidgetRenderProps<PointGoodsProps>) {
  const { t } = useTranslation("points");
  const mall = data?.status === "ok" ? (data.value as { balance: number | null; list: PointGoods[] } | null) : null;
  return (
    <section className="point-goods">
      <div className="point-balance">
        <div>
          <small>{t("balance")}</small>
          <strong data-testid="points-balance">{mall?.balance ?? "—"}</strong>
          {mall && mall.balance === null && <p>{t("mall.loginToSee")}</p>}
        </div>
        <nav>
          {props.links.map((link) => (
            <SmartLink key={link.to} to={link.to}>
              {asText(link.label)}
            </SmartLink>
          ))}
        </nav>
      </div>
      <ul className="point-grid">
        {(mall?.list ?? []).map((goods) => (
          <li key={goods.id}>
            <SmartLink to={`${props.detailLink}?id=${goods.id}`}>
              <Art src={goods.cover} alt="" shape="poster" span="half" box={{ width: 320, height: 180 }} placement="below" />
              <h3>{goods.title}</h3>
              <p className="point-price">{t("points", { count: goods.points })}</p>
              <small>{goods.stock > 0 ? t("mall.stock", { count: goods.stock }) : t("mall.soldOut")}</small>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
