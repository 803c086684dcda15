import { useTranslation } from "react-i18next";
import { Link } from "../kit/links";
import type { ProfileCardProps } from "@schemas/generated/page-config";
import "./profile-card.css";
import { useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";

/** A name to show: the nickname, else the account name without its wx:/email: marker. */
export function displayName(user: { nickname?: string; userName: string }): string {
  return user.nickname || user.userName.replace(/^(wx|email):/, "");
}

/** The personal centre's header: who is signed in, and whether they are a verified scholar (spec §6). */
export default function ProfileCard({ props }: WidgetRenderProps<ProfileCardProps>) {
  const { t } = useTranslation("personCenter");
  const user = useViewer();
  if (!user) return null;
  const verified = Boolean(user.authorCode);
  return (
    <section className="profile-card">
      <img className="profile-avatar" src={user.portraitUrl || "/avatar.svg"} alt="" width="64" height="64" />
      <div className="profile-body">
        <h1>{displayName(user)}</h1>
        {verified ? (
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
    </section>
  );
}
