import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LivePlayerProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useHydrated, useLang, usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { eventCalls } from "../kit/calls/event";
import { countdownParts, formatCount, formatDateRange } from "../kit/format";
import { $playbackFlag, $playStatus } from "../kit/browser";
import { Art, artPlacement, preloadLeadArt } from "../parts/art";
import { pollWhileShown } from "./poll";

/** Live states of ADR 007. */
const NOT_STARTED = 0;
const UPCOMING = 1;
const LIVING = 2;
const OVER = 3;
const REPLAY = 4;

/** Play status for the shared media state and the dwell-time heartbeat: 1 while playing, 0 otherwise. */
const PLAYING = 1;
const STOPPED = 0;

/** A plan that has not ended may change state while the page is open: it is asked again this often. */
const REFRESH_MS = 30_000;

interface PlayInfo {
  id: number;
  status: number;
  startTime: string | null;
  endTime: string | null;
  cover?: string;
  playUrl: string | null;
  isPlayback: boolean;
}

function isPlayInfo(value: unknown): value is PlayInfo {
  return Boolean(value) && typeof value === "object" && typeof (value as PlayInfo).status === "number";
}

export default function LivePlayer({ props, nodeId }: WidgetRenderProps<LivePlayerProps>) {
  const { t } = useTranslation("live");
  const page = usePage();
  const lang = useLang();
  const hydrated = useHydrated();
  // Bindings to whole objects: the schema types them as the binding strings they are written as.
  const boundPlan: unknown = props.plan;
  const boundPlay: unknown = props.play;
  const plan = boundPlan && typeof boundPlan === "object" ? (boundPlan as Record<string, unknown>) : {};
  const initial = isPlayInfo(boundPlay) ? boundPlay : null;
  const stillChanging = Boolean(initial && initial.status <= LIVING);

  const planId = initial?.id;
  const [refreshed, setRefreshed] = useState<PlayInfo | null>(null);
  useEffect(() => {
    if (!hydrated || planId === undefined || !stillChanging) return;
    return pollWhileShown(
      async () => {
        const envelope = await callApi(eventCalls.playInfo, { id: planId });
        return isSuccess(envelope) && isPlayInfo(envelope.data) ? envelope.data : undefined;
      },
      setRefreshed,
      REFRESH_MS,
    );
  }, [hydrated, planId, stillChanging]);
  // An answer for the plan shown before a navigation to another plan is not this plan's.
  const play = refreshed && refreshed.id === planId ? refreshed : initial;
  const status = play?.status ?? Number(plan.status);
  const playUrl = play?.playUrl && (status === LIVING || status === REPLAY) ? play.playUrl : null;
  const cover = asText(plan.cover) || asText(play?.cover);
  // The poster (of the video or of the waiting screen) is the first thing seen at the top of a page.
  if (artPlacement(nodeId) === "lead") preloadLeadArt(cover);
  const title = asText(readPath(plan, ["title"], lang));

  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [playUrl]);
  useEffect(() => () => $playStatus.set(STOPPED), []);
  useEffect(() => {
    const element = video.current;
    if (!element || status !== LIVING) return;
    // Browsers start a video by themselves only when it is muted: the viewer unmutes with the controls.
    element.muted = true;
    element.play().catch(() => {});
  }, [playUrl, status]);

  const onPlay = () => {
    $playStatus.set(PLAYING);
    $playbackFlag.set(status === REPLAY ? "1" : "0");
  };
  const onStop = () => $playStatus.set(STOPPED);

  const startTime = asText(play?.startTime ?? plan.startTime);
  const endTime = asText(play?.endTime ?? plan.endTime);
  const parts = startTime ? countdownParts(startTime, page.now) : null;
  const when = formatDateRange(startTime, endTime || undefined, lang);
  const speaker = [asText(readPath(plan, ["authorName"], lang)), asText(readPath(plan, ["orgName"], lang))].filter(Boolean).join(" · ");
  const statusLabel = Number.isInteger(status) ? t(`status.${status}`) : "";

  return (
    <section className={`live-player state-${status}`} data-live-status={status}>
      <div className="live-screen">
        {playUrl ? (
          <>
            <span className={`live-flag state-${status}`}>{status === LIVING ? t("player.liveBadge") : t("status.4")}</span>
            {/* biome-ignore lint/a11y/useMediaCaption: the platform's play info carries no caption tracks to offer */}
            <video
              ref={video}
              className="live-video"
              src={playUrl}
              poster={cover || undefined}
              controls
              playsInline
              preload="metadata"
              loop={status === LIVING}
              aria-label={title}
              onPlay={onPlay}
              onPause={onStop}
              onEnded={onStop}
              onError={() => setFailed(true)}
              onLoadedData={() => setFailed(false)}
            />
            {failed && (
              <p className="live-problem" role="alert">
                {t("player.unavailable")}
              </p>
            )}
          </>
        ) : (
          <>
            {cover && <Art className="live-poster" src={cover} alt="" shape="poster" placement="visible" />}
            <div className="live-overlay">
              {(status === NOT_STARTED || status === UPCOMING) && parts && !parts.ended && (
                <>
                  <p className="live-overlay-hint">{t("player.startsIn")}</p>
                  <p className="live-countdown" role="timer" aria-live="off">
                    <span>
                      <strong data-unit="days">{parts.days}</strong>
                      {t("common:countdown.days")}
                    </span>
                    <span>
                      <strong data-unit="hours">{String(parts.hours).padStart(2, "0")}</strong>
                      {t("common:countdown.hours")}
                    </span>
                    <span>
                      <strong data-unit="minutes">{String(parts.minutes).padStart(2, "0")}</strong>
                      {t("common:countdown.minutes")}
                    </span>
                  </p>
                </>
              )}
              {(status === NOT_STARTED || status === UPCOMING) && (!parts || parts.ended) && <p className="live-overlay-title">{t("player.startingSoon")}</p>}
              {status === OVER && (
                <>
                  <p className="live-overlay-title">{t("player.over")}</p>
                  <p className="live-overlay-hint">{t("player.overHint")}</p>
                </>
              )}
              {(status === LIVING || status === REPLAY) && <p className="live-overlay-title">{t("player.unavailable")}</p>}
            </div>
          </>
        )}
      </div>
      <div className="live-info">
        {statusLabel && <span className={`badge tone-${status}`}>{statusLabel}</span>}
        {title && <h1>{title}</h1>}
        <dl className="live-facts">
          {when && (
            <>
              <dt>{t("player.time")}</dt>
              <dd>{when}</dd>
            </>
          )}
          {speaker && (
            <>
              <dt>{t("player.speaker")}</dt>
              <dd>{speaker}</dd>
            </>
          )}
        </dl>
        {/* A room that has not started has had no viewers yet: a count there would be the seed's or the platform's guess. */}
        {plan.viewCount !== undefined && status >= LIVING && (
          <p className="live-views">
            {formatCount(asText(plan.viewCount), lang)} {t("player.views")}
          </p>
        )}
      </div>
    </section>
  );
}
