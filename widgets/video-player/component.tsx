import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VideoPlayerProps } from "@schemas/generated/page-config";
import { attachHls, isHlsSource } from "./hls";
import "./styles.css";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { $playDuration, $playStatus } from "../kit/browser";
import { artPlacement, preloadLeadArt } from "../parts/art";

/** Play status for the shared media state (spec §4): 1 while the video plays, 0 otherwise. */
const PLAYING = 1;
const STOPPED = 0;

/** A stream's length is Infinity until it ends: unknown (0) to a task's step. */
const knowDuration = (element: HTMLVideoElement) => $playDuration.set(Number.isFinite(element.duration) ? element.duration : 0);

export default function VideoPlayer({ props, nodeId }: WidgetRenderProps<VideoPlayerProps>) {
  const { t } = useTranslation("video");
  const video = useRef<HTMLVideoElement>(null);
  const src = asText(props.src);
  const hls = isHlsSource(src);
  const speeds = props.speeds;
  // At the top of a page the poster is what the viewer sees first (and what Lighthouse counts as the LCP).
  if (artPlacement(nodeId) === "lead") preloadLeadArt(asText(props.poster));
  const [rate, setRate] = useState(1);
  const [problem, setProblem] = useState<"unsupported" | "failed" | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !hls) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    void attachHls(element, src, () => setProblem("failed")).then((attachment) => {
      if (attachment === "unsupported") setProblem("unsupported");
      else if (cancelled) attachment.detach();
      else detach = attachment.detach;
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [src, hls]);

  // The length may be known before hydration attached onLoadedMetadata.
  useEffect(() => {
    if (video.current && video.current.readyState > 0) knowDuration(video.current);
    return () => {
      $playStatus.set(STOPPED);
      $playDuration.set(0);
    };
  }, []);

  const choose = (speed: number) => {
    const element = video.current;
    if (element) {
      element.defaultPlaybackRate = speed;
      element.playbackRate = speed;
    }
    setRate(speed);
  };

  if (!src) return null;
  return (
    <figure className="video-player">
      {/* biome-ignore lint/a11y/useMediaCaption: the platform's play info carries no caption tracks to offer */}
      <video
        ref={video}
        className="video-element"
        src={hls ? undefined : src}
        poster={asText(props.poster) || undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={asText(props.title) || undefined}
        onPlay={() => $playStatus.set(PLAYING)}
        onPause={() => $playStatus.set(STOPPED)}
        onEnded={() => $playStatus.set(STOPPED)}
        onLoadedMetadata={(event) => knowDuration(event.currentTarget)}
        onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
        onError={() => setProblem("failed")}
        onLoadedData={() => setProblem(null)}
      />
      {problem && (
        <p className="video-problem" role="alert">
          {t(`player.${problem}`)}
        </p>
      )}
      <figcaption className="video-speeds" role="group" aria-label={t("player.speed")}>
        <span className="video-speeds-label">{t("player.speed")}</span>
        {speeds.map((speed) => (
          <button key={speed} type="button" className={speed === rate ? "speed active" : "speed"} aria-pressed={speed === rate} onClick={() => choose(speed)}>
            {`${speed}x`}
          </button>
        ))}
      </figcaption>
    </figure>
  );
}
