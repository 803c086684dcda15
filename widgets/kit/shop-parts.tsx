import "./shop-parts.css";
import { useTranslation } from "react-i18next";
import { SmartLink } from "./links";
import { useLang } from "./page";

/** A coupon as the coupon centre and My coupons give it. */
export interface Coupon {
  couponId?: number;
  userCouponId?: number;
  title: string;
  kind: "amount" | "discount";
  amountFen: number;
  percent: number;
  thresholdFen: number;
  scope: "all" | "course" | "goods";
  validUntil: string;
  remaining?: number;
  claimed?: boolean;
  status?: "usable" | "locked" | "used";
}

/** A delivery address as the address book gives it. */
export interface Address {
  id: number;
  receiver: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  provinceName: string;
  cityName: string;
  districtName: string;
  detail: string;
  isDefault: boolean;
}

/** Where an address is, as written on a parcel: a municipality's name once, then the district and the street. */
export function placeOf(address: Address): string {
  const city = address.cityName === address.provinceName ? "" : address.cityName;
  return `${address.provinceName}${city}${address.districtName} ${address.detail}`;
}

/** A lesson of a course as /course/detail and /courseDetail/lesson give it. */
export interface Lesson {
  id: number;
  position: number;
  kind: "video" | "doc";
  title: string;
  titleEn: string;
  minutes: number;
  preview: boolean;
  locked: boolean;
  link: string;
}

/** The lesson rows of a course, each open (a link) or locked (saying so); shared with the lesson page. */
export function LessonList({ lessons, currentId }: { lessons: Lesson[]; currentId?: number }) {
  const { t } = useTranslation("order");
  const lang = useLang();
  return (
    <ol className="lesson-list">
      {lessons.map((lesson) => (
        <li key={lesson.id} className={lesson.id === currentId ? "lesson-current" : undefined}>
          <SmartLink to={lesson.link} className="lesson-row" aria-current={lesson.id === currentId ? "page" : undefined}>
            <span className={`lesson-kind lesson-${lesson.kind}`}>{t(`product.${lesson.kind}`)}</span>
            <span className="lesson-title">{lang === "en" ? lesson.titleEn : lesson.title}</span>
            <span className="lesson-meta">
              {lesson.preview && !lesson.locked ? t("product.preview") : lesson.locked ? t("product.locked") : t("product.minutes", { count: lesson.minutes })}
            </span>
          </SmartLink>
        </li>
      ))}
    </ol>
  );
}
