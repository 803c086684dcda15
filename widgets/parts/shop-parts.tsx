import "./shop-parts.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { encodeQueryText, SmartLink } from "../kit/links";
import { useLang, usePage } from "../kit/page";
import { callApi } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import type { UserAddressListAnswer } from "../kit/contracts";

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

export type Address = UserAddressListAnswer[number];

/** Where an address is, as written on a parcel: a municipality's name once, then the district and the street. */
export function placeOf(address: Address): string {
  const city = address.cityName === address.provinceName ? "" : address.cityName;
  return `${address.provinceName}${city}${address.districtName} ${address.detail}`;
}

/**
 * The delivery address of an order being confirmed: the one chosen on the address list (it comes back with
 * ?addressId=), else the default, else the first; null while there is none or when the order needs none.
 */
export function useChosenAddress(needed: boolean): Address | null {
  const page = usePage();
  const [address, setAddress] = useState<Address | null>(null);
  const chosenId = Number(page.view.query.addressId) || null;
  useEffect(() => {
    if (!needed) return;
    void callApi(orderCalls.addresses).then((answer) => {
      const list = answer.code === 200 && Array.isArray(answer.data) ? answer.data : [];
      setAddress(list.find((entry) => entry.id === chosenId) ?? list.find((entry) => entry.isDefault) ?? list[0] ?? null);
    });
  }, [needed, chosenId]);
  return address;
}

/** The address row of a confirmation page: it leads to the address list, which returns to `here` with the choice. */
export function AddressChooser({ address, listLink, here }: { address: Address | null; listLink: string; here: string }) {
  const { t } = useTranslation("order");
  return (
    <SmartLink to={`${listLink}?prePage=${encodeQueryText(here)}`} className="confirm-address">
      {address ? (
        <>
          <strong>
            {address.receiver} {address.phone}
          </strong>
          <span>{placeOf(address)}</span>
        </>
      ) : (
        <strong>{t("confirm.addAddress")}</strong>
      )}
      <span className="confirm-chevron" aria-hidden="true">
        ›
      </span>
    </SmartLink>
  );
}

/** A quantity row of a confirmation page: − and + within 1..most. */
export function QuantityRow({ label, value, most, onChange }: { label: string; value: number; most: number; onChange: (value: number) => void }) {
  return (
    <div className="confirm-row">
      <span>{label}</span>
      <span className="quantity">
        <button type="button" aria-label="-" disabled={value <= 1} onClick={() => onChange(value - 1)}>
          −
        </button>
        <output aria-live="polite">{value}</output>
        <button type="button" aria-label="+" disabled={value >= most} onClick={() => onChange(value + 1)}>
          +
        </button>
      </span>
    </div>
  );
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
