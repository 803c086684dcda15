import { useTranslation } from "react-i18next";
import type { MemberCenterProps } from "@schemas/generated/page-config";
import "./member-center.css";
import { asText, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { dayKey, formatFen } from "../kit/format";

export interface MemberCard {
  id: number;
  productId: number;
  title: string;
  summary: string;
  days: number;
  priceFen: number;
  dailyFen: number;
}

export interface Membership {
  isVip: boolean;
  expiresAt: string | null;
  daysLeft: number;
}

interface Centre {
  interests: { id: number; title: string; description: string; icon: string }[];
  cards: MemberCard[];
  membership: Membership | null;
}

/** The viewer's membership in one line: until when, ended when, or an invitation. */
function statusText(t: (key: string, options?: Record<string, unknown>) => string, membership: Membership | null): string {
  if (membership?.isVip && membership.expiresAt)
    return `${t("member.active", { date: dayKey(membership.expiresAt) })} · ${t("member.daysLeft", { count: membership.daysLeft })}`;
  if (membership?.expiresAt) return t("member.expired", { date: dayKey(membership.expiresAt) });
  return t("member.inactive");
}

export default function MemberCenter({ props, data }: WidgetRenderProps<MemberCenterProps>) {
  const { t } = useTranslation("points");
  useLang();
  const centre = data?.status === "ok" ? (data.value as Centre | null) : null;
  if (!centre) return null;
  const member = Boolean(centre.membership?.isVip);
  return (
    <section className="member-center">
      <div className={`member-card${member ? " is-member" : ""}`}>
        <h1>{t("member.title")}</h1>
        <p data-testid="member-status">{statusText(t, centre.membership)}</p>
        {props.links.length > 0 && (
          <nav>
            {props.links.map((link) => (
              <SmartLink key={link.to} to={link.to}>
                {asText(link.label)}
              </SmartLink>
            ))}
          </nav>
        )}
      </div>
      <h2 className="section-title">{t("member.cards")}</h2>
      <ul className="member-cards">
        {centre.cards.map((card) => (
          <li key={card.productId}>
            <SmartLink to={`${props.cardLink}?id=${card.id}`}>
              <strong>{card.title}</strong>
              <span className="member-price">{formatFen(card.priceFen)}</span>
              <small>{t("member.perDay", { amount: formatFen(card.dailyFen) })}</small>
              <span className="button button-primary">{member ? t("member.renew") : t("member.open")}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
      <h2 className="section-title">{t("member.interests")}</h2>
      <ul className="member-interests">
        {centre.interests.map((interest) => (
          <li key={interest.id} data-interest={interest.id}>
            <span className={`interest-icon icon-${interest.icon}`} aria-hidden="true" />
            <strong>{interest.title}</strong>
            <small>{interest.description}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
