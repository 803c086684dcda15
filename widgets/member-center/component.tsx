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
            <InterestIcon name={interest.icon} />
            <strong>{interest.title}</strong>
            <small>{interest.description}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The platform names each benefit's icon; these are drawn here (a name without a drawing gets the star). */
const INTEREST_ICONS: Record<string, string> = {
  play: "M8 5.5v13l10.5-6.5z",
  doc: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6",
  course: "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5",
  live: "M3 7h13v10H3zM16 10.5l5-3v9l-5-3",
  points: "M12 3a9 9 0 1 0 0.01 0zM9 9h4.5a2 2 0 0 1 0 4H9V8.5M9 13v3.5",
  service: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z",
  badge: "M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8L3.5 9.2l5.9-.9z",
  gift: "M4 10h16v11H4zM2.5 6.5h19V10h-19zM12 6.5V21M12 6.5C10 2 6 3.5 7.5 6.5M12 6.5c2-4.5 6-3 4.5 0",
};

function InterestIcon({ name }: { name: string }) {
  return (
    <svg className={`interest-icon icon-${name}`} viewBox="0 0 24 24" aria-hidden="true">
      <path d={INTEREST_ICONS[name] ?? INTEREST_ICONS.badge} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
