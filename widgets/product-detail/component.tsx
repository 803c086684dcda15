import { useTranslation } from "react-i18next";
import type { ProductDetailProps } from "@schemas/generated/page-config";
import "./product-detail.css";
import { useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { formatFen } from "../kit/format";
import { SmartLink } from "../kit/links";
import { type Lesson, LessonList } from "../parts/shop-parts";
import { Art, artPlacement } from "../parts/art";

export interface Product {
  id: number;
  kind: "course" | "goods";
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  cover: string;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  priceFen: number;
  stock: number | null;
  onSale: boolean;
  bought: boolean;
  lessons?: Lesson[];
  minutes?: number;
}

/** A course or goods page: what it is, what it costs, and one way on: buy it, or (bought) start learning. */
export default function ProductDetail({ props, data, nodeId }: WidgetRenderProps<ProductDetailProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  if (data?.status !== "ok" || !data.value) return null;
  const product = data.value as Product;
  const en = lang === "en";
  const teacher = [en ? product.authorNameEn : product.authorName, en ? product.orgNameEn : product.orgName].filter(Boolean).join(" · ");
  const soldOut = product.stock === 0 || !product.onSale;
  const firstLesson = product.lessons?.[0];
  return (
    <article className="product-detail">
      <Art className="product-cover" src={product.cover} alt="" shape="poster" placement={artPlacement(nodeId)} />
      <div className="product-head">
        <h1>{en ? product.titleEn : product.title}</h1>
        {teacher && <p className="product-teacher">{`${t("product.by")} ${teacher}`}</p>}
        <p className="product-price">
          <strong>{formatFen(product.priceFen)}</strong>
          {product.lessons && <span>{t("product.lessonCount", { count: product.lessons.length, minutes: product.minutes })}</span>}
          {product.stock !== null && !soldOut && <span>{t("product.stock", { count: product.stock })}</span>}
        </p>
        <p className="product-summary">{en ? product.summaryEn : product.summary}</p>
      </div>
      {product.lessons && (
        <section className="product-lessons">
          <h2>{t("product.lessons")}</h2>
          <LessonList lessons={product.lessons} />
        </section>
      )}
      <div className="product-buy" data-layer="action-bar">
        {product.bought ? (
          firstLesson && (
            <SmartLink to={firstLesson.link} className="button button-primary">
              {t("product.startLearning")}
            </SmartLink>
          )
        ) : soldOut ? (
          <button type="button" className="button" disabled>
            {t("product.soldOut")}
          </button>
        ) : (
          <SmartLink to={`${props.confirmLink}?id=${product.id}`} className="button button-primary">
            {t("product.buy")} · {formatFen(product.priceFen)}
          </SmartLink>
        )}
        {product.bought && <span className="product-bought">{t("product.bought")}</span>}
      </div>
    </article>
  );
}
