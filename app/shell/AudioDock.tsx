import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { useLocation } from "react-router";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import {
  $audioPlaying,
  $audioTimeMs,
  $sleepTimer,
  $track,
  attachAudioElement,
  loadChapter,
  pause,
  play,
  SAVE_EVERY_MS,
  saveListeningPosition,
  seekTo,
  skip,
  SKIP_MS,
  stopListening,
} from "~/audio/player";
import { showToast } from "~/stores/dialogs";

const PLAYER_PATH = "/bookAudioPlay";

/**
 * The shell's audio element and mini player: playback goes on across pages; the bar (hidden on the full player) shows
 * what plays and expands to it. Lock-screen and headset controls come through the Media Session API.
 */
export function AudioDock() {
  const { t } = useTranslation("audio");
  const location = useLocation();
  const audio = useRef<HTMLAudioElement>(null);
  const track = useStore($track);
  const playing = useStore($audioPlaying);
  const timeMs = useStore($audioTimeMs);
  const lastSaved = useRef(0);

  useEffect(() => {
    attachAudioElement(audio.current);
    const hide = () => {
      if (document.visibilityState === "hidden") saveListeningPosition(true);
    };
    const leave = () => saveListeningPosition(true);
    document.addEventListener("visibilitychange", hide);
    window.addEventListener("pagehide", leave);
    return () => {
      attachAudioElement(null);
      document.removeEventListener("visibilitychange", hide);
      window.removeEventListener("pagehide", leave);
    };
  }, []);

  useEffect(() => {
    if (!track || !("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.chapter.title,
      artist: track.book.author,
      album: track.book.title,
      artwork: [{ src: new URL(track.book.cover, window.location.href).href, sizes: "640x360", type: "image/svg+xml" }],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => void play()],
      ["pause", () => pause()],
      ["seekbackward", () => skip(-SKIP_MS)],
      ["seekforward", () => skip(SKIP_MS)],
      ["seekto", (details) => details.seekTime !== undefined && seekTo(details.seekTime * 1000)],
      ["previoustrack", track.previousId ? () => void loadChapter(track.previousId!, true) : null],
      ["nexttrack", track.nextId ? () => void loadChapter(track.nextId!, true) : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // A browser without this action: the others still work.
      }
    }
  }, [track]);

  const onTime = () => {
    const element = audio.current;
    if (!element) return;
    const ms = element.currentTime * 1000;
    $audioTimeMs.set(ms);
    const sleep = $sleepTimer.get();
    if (typeof sleep === "number" && Date.now() >= sleep) {
      $sleepTimer.set(null);
      element.pause();
    }
    if (!element.paused && Date.now() - lastSaved.current >= SAVE_EVERY_MS) {
      lastSaved.current = Date.now();
      saveListeningPosition();
    }
  };

  const onEnded = async () => {
    $audioPlaying.set(false);
    saveListeningPosition();
    const current = $track.get();
    if ($sleepTimer.get() === "chapterEnd") {
      $sleepTimer.set(null);
      return;
    }
    if (!current?.nextId) return;
    const next = await loadChapter(current.nextId, true);
    if (next.code !== 200) showToast(next.message || t("nextLocked"), "error");
  };

  const onPlayState = (playingNow: boolean) => {
    $audioPlaying.set(playingNow);
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = playingNow ? "playing" : "paused";
    if (!playingNow) saveListeningPosition();
  };

  const showBar = track && location.pathname !== PLAYER_PATH;
  const progress = track ? Math.min(100, (timeMs / track.chapter.durationMs) * 100) : 0;
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript on the player page is the caption of the spoken chapter */}
      <audio
        ref={audio}
        preload="none"
        onTimeUpdate={onTime}
        onPlay={() => onPlayState(true)}
        onPause={() => onPlayState(false)}
        onEnded={() => void onEnded()}
      />
      {showBar && (
        <aside className="audio-dock" aria-label={t("miniPlayer")}>
          <div className="audio-dock-progress" style={{ width: `${progress}%` }} />
          <Link to={`${PLAYER_PATH}?id=${track.book.id}&chapterId=${track.chapter.id}`} className="audio-dock-info">
            <img src={track.book.cover} alt="" width="48" height="27" />
            <span>
              <strong>{track.chapter.title}</strong>
              <small>{track.book.title}</small>
            </span>
          </Link>
          <button type="button" className="audio-dock-toggle" aria-label={playing ? t("pause") : t("play")} onClick={() => (playing ? pause() : void play())}>
            {playing ? "❚❚" : "▶"}
          </button>
          <button type="button" className="audio-dock-close" aria-label={t("closePlayer")} onClick={stopListening}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </aside>
      )}
    </>
  );
}
