import { useTranslation } from "react-i18next";
import { Art } from "../parts/art";
import { Link } from "../kit/links";
import type { ProfileCardProps } from "@schemas/generated/page-config";
import "./profile-card.css";
import { isStandIn, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { formatCount } from "../kit/format";

/** A name to show: the nickname, else the account name without its wx:/email: marker. */
export function displayName(user: { nickname?: string; userName: string }): string {
  return user.nickname || user.userName.replace(/^(wx|email):/, "");
}

/** The part of the membership answer the card shows. */
interface MembershipShown {
  isVip: boolean;
  daysLeft: number;
}

/**
 * The personal centre's header: who is signed in, whether they are a verified scholar (spec §6), their points and
 * their VIP status with its badge, each leading to its page, as shop apps show them.
 */
export default function ProfileCard({ props }: WidgetRenderProps<ProfileCardProps>) {
  const { t } = useTranslation("personCenter");
  const user = useViewer();
  const lang = useLang();
  if (!user) return null;
  // A render shared by everyone of the viewer's class (ADR 083) knows the class, not the person: the name and the
  // scholar profile's address come once this browser knows who it is.
  const known = !isStandIn(user);
  const verified = Boolean(user.authorCode);
  const membership = typeof props.membership === "object" && props.membership ? (props.membership as unknown as MembershipShown) : null;
  const isVip = membership?.isVip ?? Boolean(user.isVip);
  const points = typeof props.points === "number" ? props.points : null;
  return (
    <section className="profile-card">
      <div className="profile-head">
        <span className="profile-portrait">
          <Art className="profile-avatar" src={user.portraitUrl || "/avatar.svg"} alt="" shape="portrait" box={{ width: 64, height: 64 }} placement="visible" />
          {isVip && (
            <span className="vip-badge" data-vip="true">
              VIP
            </span>
          )}
        </span>
        <div className="profile-body">
          {known ? <h1>{displayName(user)}</h1> : <div className="profile-name-pending" aria-hidden="true" />}
          {verified && !known ? (
            <span className="scholar-mark verified" data-verified="true">
              {t("card.verified")}
            </span>
          ) : verified ? (
            <Link className="scholar-mark verified" to={`/person?authorCode=${encodeURIComponent(user.authorCode ?? "")}`} data-verified="true">
              {t("card.verified")}
            </Link>
          ) : (
            <Link className="scholar-mark" to={props.verifyLink} data-verified="false">
              {t("card.unverified")}
            </Link>
          )}
        </div>
        <Link className="profile-settings" to={props.settingsLink} aria-label={t("card.settings")}>
          {t("card.settings")}
        </Link>
      </div>
      {(points !== null || membership) && (
        <div className="profile-stats">
          {points !== null && (
            <Link className="profile-stat" to={props.pointsLink}>
              <strong>{formatCount(points, lang)}</strong>
              <span>{t("card.points")}</span>
            </Link>
          )}
          {membership && (
            <Link className={isVip ? "profile-stat profile-vip" : "profile-stat"} to={props.vipLink}>
              <strong>{isVip ? t("card.vip") : t("card.notVip")}</strong>
              {isVip && <span>{t("card.vipDays", { count: membership.daysLeft })}</span>}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
