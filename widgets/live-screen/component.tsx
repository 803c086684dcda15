import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveScreenProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callLiveRoom, isSuccess, showFailure } from "../kit/api";
import { liveRoomCalls } from "../kit/calls/live-room";
import { requireLogin } from "../kit/session";
import { useScreenFeed } from "../parts/screen-feed";
import { PushCard } from "../parts/screen-parts";
import { Link } from "../kit/links";
import { Questionnaire } from "./questionnaire";

const PLAN_ID = /^[1-9][0-9]{0,11}$/;

/** The room's sign-in: once per person, decided by the platform; the count comes live from the screen socket. */
function SignIn({ planId, count }: { planId: string; count: number | null }) {
  const { t } = useTranslation("screen");
  const user = useViewer();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    if (!user) return;
    void callLiveRoom(liveRoomCalls.canSignIn, { planId }).then((answer) => {
      if (isSuccess(answer) && answer.data) setSignedIn(!answer.data.canAdd);
    });
  }, [planId, user]);
  const signIn = async () => {
    if (!requireLogin()) return;
    const answer = await callLiveRoom(liveRoomCalls.signIn, { planId });
    if (isSuccess(answer)) setSignedIn(true);
    else showFailure(answer);
  };
  return (
    <div className="room-screen-signin">
      {count !== null && <span>{t("signIn.count", { count })}</span>}
      <button type="button" className="button" disabled={signedIn} onClick={() => void signIn()}>
        {signedIn ? t("signIn.done") : t("signIn.action")}
      </button>
    </div>
  );
}

/**
 * What the host pushes to every viewer (ADR 062): the latest announcement, slide, lottery or "we start soon", and the
 * latest pushed questionnaire; shown at once, and what was missed while the socket was down is replayed on reconnect.
 */
export default function LiveScreen({ props }: WidgetRenderProps<LiveScreenProps>) {
  const { t } = useTranslation("screen");
  const lang = useLang();
  const hydrated = useHydrated();
  const planId = asText(props.planId);
  const { feed, status } = useScreenFeed(planId, hydrated && PLAN_ID.test(planId));
  const [hiddenSeq, setHiddenSeq] = useState(0);
  const latest = [...feed.pushes].reverse().find((push) => push.kind !== "questionnaire");
  const questionnaire = [...feed.pushes].reverse().find((push) => push.kind === "questionnaire");
  const statusText = status === "reconnecting" ? t("reconnecting") : status === "unsupported" ? t("common:websocket.unsupported") : "";

  return (
    <section className="room-screen" data-screen-status={status} aria-label={t("title")}>
      <div className="room-screen-bar">
        <SignIn planId={planId} count={feed.signIns} />
        <Link to={`${asText(props.venueLink) || "/venueScreen"}?id=${planId}`} className="room-screen-venue">
          {t("venue.open")}
        </Link>
      </div>
      {statusText && (
        <p className="room-screen-status" role="status">
          {statusText}
        </p>
      )}
      <div role="status" aria-live="polite">
        {latest && latest.seq > hiddenSeq && (
          <div className="room-screen-push">
            <PushCard push={latest} lang={lang} className="room-screen-card" />
            <button type="button" className="room-screen-dismiss" onClick={() => setHiddenSeq(latest.seq)}>
              {t("dismiss")}
            </button>
          </div>
        )}
      </div>
      {questionnaire?.kind === "questionnaire" && (
        <Questionnaire
          key={questionnaire.questionId}
          planId={planId}
          questionId={questionnaire.questionId}
          sharedResults={feed.results[questionnaire.questionId]}
          lang={lang}
        />
      )}
    </section>
  );
}
