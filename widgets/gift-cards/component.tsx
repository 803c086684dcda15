import { useTranslation } from "react-i18next";
import type { GiftCardsProps } from "@schemas/generated/page-config";
import "./gift-cards.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { dayKey, formatFen } from "../kit/format";
import { copyText } from "../kit/browser";
import { showToast } from "../kit/session";
import { StateNotice } from "../kit/page";
import type { MembersFriendCardsAnswer } from "../kit/contracts";

type Gift = MembersFriendCardsAnswer["list"][number];

type Card = MembersFriendCardsAnswer["cards"][number];

export default function GiftCards({ props, data }: WidgetRenderProps<GiftCardsProps>) {
  const { t } = useTranslation("points");
  const value = data?.status === "ok" ? (data.value as { list: Gift[]; cards: Card[] } | null) : null;
  if (!value) return null;

  const copyLink = async (gift: Gift) => {
    const link = `${window.location.origin}${props.receiveLink}?code=${gift.code.replaceAll("-", "")}`;
    const copied = await copyText(link);
    showToast(copied ? t("gift.copied") : t("gift.copyFailed"), copied ? "success" : "error");
  };

  return (
    <section className="gift-cards">
      <h1 className="section-title">{t("gift.buy")}</h1>
      <ul className="gift-offers">
        {value.cards.map((card) => (
          <li key={card.id}>
            <SmartLink to={`${props.cardLink}?id=${card.id}`}>
              <strong>{card.title}</strong>
              <small>{card.summary}</small>
              <span className="gift-price">{formatFen(card.priceFen)}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
      <h2 className="section-title">{t("gift.mine")}</h2>
      {value.list.length === 0 ? (
        <StateNotice kind="empty" className="list-empty" text={t("gift.none")} />
      ) : (
        <ul className="gift-list">
          {value.list.map((gift) => (
            <li key={gift.code} className={`gift gift-${gift.status}`}>
              <div>
                <strong>{gift.title}</strong>
                <p>
                  {t("gift.code")} <code>{gift.code}</code>
                </p>
                <small>
                  {gift.status === "waiting"
                    ? t("gift.validUntil", { date: dayKey(gift.validUntil) })
                    : t(`gift.status.${gift.status}`, { name: gift.receiverName })}
                </small>
              </div>
              {gift.status === "waiting" && (
                <button type="button" className="button button-light" onClick={() => void copyLink(gift)}>
                  {t("gift.copyLink")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
