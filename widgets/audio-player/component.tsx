import { useEffect, useRef, useState } from "react";
import { Art, artPlacement } from "../parts/art";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { AudioPlayerProps } from "@schemas/generated/page-config";
import "./audio-player.css";
import { usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import {
  $audioPlaying,
  $audioRate,
  $audioTimeMs,
  $sleepTimer,
  $track,
  type ChapterRef,
  lineAt,
  loadChapter,
  PLAYBACK_RATES,
  pause,
  play,
  seekTo,
  setRate,
  setSleepTimer,
  skip,
  SKIP_MS,
} from "../kit/audio";

interface BookDetail {
  id: number;
  title: string;
  author: string;
  cover: string;
  chapters: ChapterRef[];
  resume: { chapterId: number; positionMs: number } | null;
}

const SLEEP_CHOICES = ["off", "15", "30", "60", "chapterEnd"] as const;

/** m:ss, as players show it. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Writes the playing chapter into the address without a navigation (no page data is fetched again), keeping the
 * router's own history state, so a reload or a shared link opens the chapter that was playing.
 */
export function showChapterInUrl(chapterId: number): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get("chapterId") === String(chapterId)) return;
  url.searchParams.set("chapterId", String(chapterId));
  window.history.replaceState(window.history.state, "", url);
}

/** Which chapter the page means: the one asked for, else where the listener left off, else the first. */
export function chapterToPlay(book: Pick<BookDetail, "chapters" | "resume">, asked: number | null): number | null {
  if (asked && book.chapters.some((chapter) => chapter.id === asked)) return asked;
  return book.resume?.chapterId ?? book.chapters[0]?.id ?? null;
}

/**
 * Loads a chapter and shows whether it is locked. Only the latest ask's answer counts: the page's own chapter, still
 * loading while the listener taps a locked one, must not take the locked notice away when it arrives.
 */
function showChapter(id: number, latestAsk: { current: number }, setLocked: (locked: boolean) => void): void {
  const ask = ++latestAsk.current;
  void loadChapter(id, true).then((answer) => {
    if (ask === latestAsk.current) setLocked(answer.code === 403);
  });
}

export default function AudioPlayer({ props, data, nodeId }: WidgetRenderProps<AudioPlayerProps>) {
  const { t } = useTranslation("audio");
  const page = usePage();
  const book = data?.status === "ok" ? (data.value as BookDetail | null) : null;
  const track = useStore($track);
  const timeMs = useStore($audioTimeMs);
  const playing = useStore($audioPlaying);
  const rate = useStore($audioRate);
  const sleep = useStore($sleepTimer);
  const [locked, setLocked] = useState(false);
  const latestAsk = useRef(0);
  const activeLine = useRef<HTMLLIElement>(null);
  const asked = book ? chapterToPlay(book, Number(page.view.query.chapterId) || null) : null;
  // The page shows the chapter that plays: after 下一章, a tap in 目录 or auto-advance the track moves on, and so do the
  // title, the highlighted chapter, the time, the transcript and the URL.
  const current = track && book && track.book.id === book.id ? track : null;
  const chapterId = current?.chapter.id ?? asked;

  useEffect(() => {
    if (!asked || $track.get()?.chapter.id === asked) return;
    setLocked(false);
    showChapter(asked, latestAsk, setLocked);
  }, [asked]);

  const playingChapterId = current?.chapter.id;
  useEffect(() => {
    if (playingChapterId) showChapterInUrl(playingChapterId);
  }, [playingChapterId]);

  const line = current ? lineAt(current.transcript, timeMs) : -1;
  useEffect(() => {
    activeLine.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [line]);

  if (!book) return null;
  const chapter = current?.chapter ?? book.chapters.find((entry) => entry.id === chapterId);
  const duration = chapter?.durationMs ?? 0;
  const go = (id: number | null) => id && showChapter(id, latestAsk, setLocked);

  return (
    <section className="audio-player">
      <Art className="audio-cover" src={book.cover} alt="" shape="poster" placement={artPlacement(nodeId)} />
      <h1>{chapter?.title}</h1>
      <p className="audio-book-title">
        {book.title} · {book.author}
      </p>
      {locked ? (
        <div className="audio-locked">
          <h2>{t("lockedTitle")}</h2>
          <p>{t("lockedText", { count: book.chapters.length })}</p>
          <SmartLink to={`${props.unlockLink}?id=${book.id}`} className="button button-primary">
            {t("unlockNow")}
          </SmartLink>
        </div>
      ) : (
        <>
          <div className="audio-seek">
            <input
              type="range"
              min={0}
              max={duration}
              step={1000}
              value={Math.min(timeMs, duration)}
              aria-label={t("seek")}
              disabled={!current}
              onChange={(event) => seekTo(Number(event.target.value))}
            />
            <span>
              <time>{clock(current ? Math.min(timeMs, duration) : 0)}</time>
              <time>{clock(duration)}</time>
            </span>
          </div>
          <div className="audio-controls">
            <button type="button" aria-label={t("previous")} disabled={!current?.previousId} onClick={() => go(current?.previousId ?? null)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 5h2v14H6zM20 5v14L9 12z" fill="currentColor" />
              </svg>
            </button>
            <button type="button" aria-label={t("back15")} disabled={!current} onClick={() => skip(-SKIP_MS)}>
              −15
            </button>
            <button
              type="button"
              className="audio-play"
              aria-label={playing ? t("pause") : t("play")}
              disabled={!current}
              onClick={() => (playing ? pause() : void play())}
            >
              {playing ? "❚❚" : "▶"}
            </button>
            <button type="button" aria-label={t("forward15")} disabled={!current} onClick={() => skip(SKIP_MS)}>
              +15
            </button>
            <button type="button" aria-label={t("next")} disabled={!current?.nextId} onClick={() => go(current?.nextId ?? null)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M16 5h2v14h-2zM4 5v14l11-7z" fill="currentColor" />
              </svg>
            </button>
          </div>
          <div className="audio-options">
            <label>
              {t("speed")}
              <select value={rate} onChange={(event) => setRate(Number(event.target.value))}>
                {PLAYBACK_RATES.map((choice) => (
                  <option key={choice} value={choice}>
                    {`${choice}×`}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("sleep")}
              <select
                value={sleep === null ? "off" : sleep === "chapterEnd" ? "chapterEnd" : "set"}
                onChange={(event) => {
                  const value = event.target.value;
                  setSleepTimer(value === "off" ? null : value === "chapterEnd" ? "chapterEnd" : Number(value));
                }}
              >
                {typeof sleep === "number" && <option value="set">{clock(sleep - Date.now())}</option>}
                {SLEEP_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice === "off" ? t("sleepOff") : choice === "chapterEnd" ? t("sleepChapterEnd") : t("sleepMinutes", { count: Number(choice) })}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </>
      )}
      {current && (
        <>
          <h2 className="section-title">{t("transcript")}</h2>
          <ol className="audio-transcript">
            {current.transcript.map((entry, index) => (
              <li key={entry.startMs} ref={index === line ? activeLine : undefined} className={index === line ? "current" : undefined}>
                <button
                  type="button"
                  onClick={() => {
                    seekTo(entry.startMs);
                    void play();
                  }}
                >
                  {entry.text}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      <h2 className="section-title">{t("chapters")}</h2>
      <ol className="audio-chapters">
        {(current?.chapters ?? book.chapters).map((entry) => (
          <li key={entry.id} className={entry.id === chapterId ? "current" : undefined}>
            <button type="button" onClick={() => go(entry.id)}>
              <span>{entry.title}</span>
              <small>{entry.locked ? t("locked") : clock(entry.durationMs)}</small>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
