import { useState } from "react";
import { Art } from "../parts/art";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { UserHomeProps } from "@schemas/generated/page-config";
import "./user-home.css";
import { useHydrated, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type ApiAnswers, callApi, isSuccess, type NamedCall } from "../kit/api";
import { socialCalls } from "../kit/calls/social";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { formatCount } from "../kit/format";
import { SmartLink } from "../kit/links";
import { ConfirmBox } from "../parts/confirm-box";
import type { FollowUserStatusAnswer } from "../kit/contracts";

/** The calls this card makes about the person shown, each sent the person's userId. */
type PersonCallPath = (typeof socialCalls)["follow" | "block" | "unblock"]["path"];

type Person = FollowUserStatusAnswer;

/**
 * A person's card. Following and blocking change what the page shows (a block hides their posts, and ends following
 * both ways), so after each the page's data is read again from the platform rather than guessed here.
 */
export default function UserHome({ props, data }: WidgetRenderProps<UserHomeProps>) {
  const { t } = useTranslation("personCenter");
  const lang = useLang();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const person = data?.status === "ok" ? (data.value as Person | null) : null;
  if (!person) return null;

  const act = async <P extends PersonCallPath>(call: NamedCall<P>, done: (answer: ApiAnswers[P]) => string) => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(call, { userId: person.userId });
    setBusy(false);
    setConfirming(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    showToast(done(answer.data), "success");
    // Going to the same address runs the page's loader again: the person and their posts as the platform now answers.
    navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="user-home" data-testid="user-home">
      <Art className="user-home-avatar" src={person.portraitUrl || "/avatar.svg"} alt="" shape="portrait" box={{ width: 72, height: 72 }} placement="visible" />
      <h1 className="user-home-name">{person.userName}</h1>
      <p className="user-home-counts">
        <span>{t("userHome.followers", { count: person.followerCount, shown: formatCount(person.followerCount, lang) })}</span>
        <span>{t("userHome.following", { count: formatCount(person.followingCount, lang) })}</span>
        {person.followsMe && !person.self && <span className="user-home-badge">{t("userHome.followsMe")}</span>}
      </p>
      {person.self ? (
        <p className="user-home-self">
          {t("userHome.self")}
          {props.blackListLink && (
            <>
              {" · "}
              <SmartLink to={props.blackListLink}>{t("blackList.title")}</SmartLink>
            </>
          )}
        </p>
      ) : person.blocked ? (
        <div className="user-home-actions">
          <p className="user-home-blocked">{t("userHome.blockedNote")}</p>
          <button
            type="button"
            className="button"
            disabled={!hydrated || busy}
            onClick={() => void act(socialCalls.unblock, () => t("blackList.unblocked", { name: person.userName }))}
          >
            {t("blackList.unblock")}
          </button>
        </div>
      ) : (
        <div className="user-home-actions">
          <button
            type="button"
            className={person.followed ? "button" : "button button-primary"}
            aria-pressed={person.followed}
            disabled={!hydrated || busy}
            onClick={() => void act(socialCalls.follow, (answer) => (answer.followed ? t("userHome.followedNow") : t("userHome.unfollowedNow")))}
          >
            {person.followed ? t("userHome.unfollow") : t("userHome.follow")}
          </button>
          <button type="button" className="button" disabled={!hydrated || busy} onClick={() => requireLogin() && setConfirming(true)}>
            {t("userHome.block")}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmBox
          label={t("userHome.block")}
          question={t("userHome.blockConfirm", { name: person.userName })}
          yes={t("userHome.blockYes")}
          no={t("userHome.cancel")}
          busy={busy}
          onYes={() => void act(socialCalls.block, () => t("userHome.blockedNow", { name: person.userName }))}
          onNo={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
