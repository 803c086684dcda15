import "./scholar-parts.css";
import { Art } from "./art";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, isSuccess } from "../kit/api";
import { socialCalls } from "../kit/calls/social";
import { asText, readPath } from "../kit/page";
import type { Item } from "./paged-list";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";

/** Follow or unfollow a scholar (POST /follow/doFollow toggles); login-gated. Reports the new state to its owner. */
export function FollowButton({ authorCode, followed, onChange }: { authorCode: string; followed: boolean; onChange: (followed: boolean) => void }) {
  const { t } = useTranslation("person");
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!requireLogin() || busy) return;
    setBusy(true);
    const envelope = await callApi(socialCalls.follow, { authorCode });
    setBusy(false);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope) || !envelope.data) {
      showToast(envelope.message || t("followFailed"), "error");
      return;
    }
    onChange(envelope.data.followed);
    showToast(envelope.data.followed ? t("followed") : t("unfollowed"), "success");
  };

  return (
    <button
      type="button"
      className={followed ? "follow-button following" : "follow-button"}
      aria-pressed={followed}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {followed ? t("following") : `+ ${t("follow")}`}
    </button>
  );
}

/** The verified mark shown on scholar profiles and lists (spec §6). */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const { t } = useTranslation("person");
  return verified ? (
    <span className="verified-mark" title={t("verified")}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path
          d="M8 1l1.9 1.4 2.3-.1.7 2.2 1.9 1.4-.8 2.1.8 2.1-1.9 1.4-.7 2.2-2.3-.1L8 15l-1.9-1.4-2.3.1-.7-2.2-1.9-1.4.8-2.1-.8-2.1 1.9-1.4.7-2.2 2.3.1z"
          fill="currentColor"
        />
        <path d="M5.2 8.2l1.9 1.9 3.7-3.8" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t("verified")}
    </span>
  ) : (
    <span className="verified-mark unverified">{t("unverified")}</span>
  );
}

/** A scholar's portrait, or the first letter of their name where they have none. */
export function ScholarAvatar({ scholar, size, lang }: { scholar: Item; size: number; lang: "zh" | "en" }) {
  const portrait = asText(scholar.portraitUrl);
  const name = asText(readPath(scholar, ["authorName"], lang));
  const sizeClass = `avatar-${size}`;
  return portrait ? (
    <Art className={`scholar-avatar ${sizeClass}`} src={portrait} alt="" shape="portrait" box={{ width: size, height: size }} placement="below" />
  ) : (
    <span className={`scholar-initial ${sizeClass}`} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
