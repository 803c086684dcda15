import { useTranslation } from "react-i18next";
import type { OrderCountsProps } from "@schemas/generated/page-config";
import "./order-counts.css";
import type { WidgetRenderProps } from "../kit/types";
import type { AnswerOf } from "../kit/api";
import type { orderCalls } from "../kit/calls/order";
import { SmartLink } from "../kit/links";

type Counts = AnswerOf<typeof orderCalls.statusCounts>;

/** Each state the personal centre shows, with its tab of the order list (page-configs/myOrder.json) and its icon. */
export const ORDER_STATES: { key: keyof Counts; tab: number; icon: string }[] = [
  { key: "created", tab: 1, icon: "M4 7h16v12H4z M4 11h16 M8 15h3" },
  { key: "paid", tab: 2, icon: "M3 7h11v9H3z M14 10h4l3 3v3h-7z M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" },
  { key: "fulfilled", tab: 3, icon: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M8 12l3 3 5-6" },
  { key: "afterSales", tab: 4, icon: "M4 12a8 8 0 1 0 2.3-5.6 M4 4v4h4 M12 8v4l3 2" },
];

/** The viewer's orders by state, as the shops' personal centres show them: a row of entries with counts. */
export default function OrderCounts({ props, data }: WidgetRenderProps<OrderCountsProps>) {
  const { t } = useTranslation("order");
  const counts = data?.status === "ok" ? (data.value as Counts | null) : null;
  return (
    <nav className="order-counts" aria-labelledby="order-counts-title">
      <div className="order-counts-head">
        <h2 id="order-counts-title" className="section-title">
          {t("counts.title")}
        </h2>
        <SmartLink to={props.listLink} className="order-counts-all">
          {t("counts.all")} ›
        </SmartLink>
      </div>
      <ul>
        {ORDER_STATES.map((state) => {
          const count = Number(counts?.[state.key] ?? 0);
          return (
            <li key={state.key}>
              <SmartLink to={`${props.listLink}?state=${state.tab}`} className="order-state">
                <span className="order-state-icon">
                  <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                    <path d={state.icon} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
                  </svg>
                  {count > 0 && <span className="order-state-count">{count > 99 ? "99+" : count}</span>}
                </span>
                <span>{t(`counts.${state.key}`)}</span>
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
