/**
 * The one audio player of the app (issue 14): one <audio> element owned by the shell (AudioDock), so a chapter keeps
 * playing while the listener moves between pages. Widgets drive it through these functions and read its state from
 * the stores; the platform decides what may play (/booksPlay) and keeps where the listener is
 * (/booksHistory/updatePlaysTimes, each report carrying the moment it was measured).
 */
import { atom } from "nanostores";
import type { ApiEnvelope } from "@contracts/envelope";
import { callApi } from "~/api/calls";
import { audioCalls } from "~/api/groups/audio";

export interface TranscriptLine {
  startMs: number;
  endMs: number;
  text: string;
}

export interface ChapterRef {
  id: number;
  position: number;
  title: string;
  durationMs: number;
  free: boolean;
  locked: boolean;
}

export interface AudioTrack {
  book: { id: number; title: string; author: string; narrator: string; cover: string };
  chapter: ChapterRef;
  chapters: ChapterRef[];
  audioUrl: string;
  transcript: TranscriptLine[];
  previousId: number | null;
  nextId: number | null;
  resumeMs: number;
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export const SKIP_MS = 15_000;
/** How often a playing chapter's position is saved; it is also saved on pause, on chapter change and on page hide. */
export const SAVE_EVERY_MS = 10_000;

export const $track = atom<AudioTrack | null>(null);
export const $audioTimeMs = atom(0);
export const $audioPlaying = atom(false);
export const $audioRate = atom<number>(1);
/** When the sleep timer stops playback: a moment (ms since epoch), the end of the chapter, or off. */
export const $sleepTimer = atom<number | "chapterEnd" | null>(null);

let element: HTMLAudioElement | null = null;
let waitingForElement: ((audio: HTMLAudioElement) => void)[] = [];

/** The shell hands its element over once it is mounted. */
export function attachAudioElement(audio: HTMLAudioElement | null): void {
  element = audio;
  if (!audio) return;
  for (const resolve of waitingForElement) resolve(audio);
  waitingForElement = [];
}

/** The shell mounts its player just after hydration (ADR 028); a chapter a page asks for sooner waits for it. */
function audioElement(): Promise<HTMLAudioElement> {
  return element ? Promise.resolve(element) : new Promise((resolve) => waitingForElement.push(resolve));
}

/** Chapters asked for so far: only the latest ask loads its chapter, so a slow earlier answer never undoes a later choice. */
let chapterAsks = 0;

/**
 * Loads a chapter the platform says may play; answers the platform's envelope (a locked chapter answers 403). A chapter
 * asked for while this one was on its way is the one that plays: this answer is then returned without loading it.
 */
export async function loadChapter(chapterId: number, autoplay: boolean): Promise<ApiEnvelope<AudioTrack>> {
  const ask = ++chapterAsks;
  const current = $track.get();
  if (current && current.chapter.id !== chapterId) saveListeningPosition();
  const answer = await callApi(audioCalls.play, { chapterId });
  if (answer.code !== 200 || !answer.data) return answer;
  const audio = await audioElement();
  if (ask !== chapterAsks) return answer;
  const track = answer.data;
  $track.set(track);
  $audioTimeMs.set(track.resumeMs);
  audio.src = track.audioUrl;
  audio.currentTime = track.resumeMs / 1000;
  audio.playbackRate = $audioRate.get();
  if (autoplay) await play();
  return answer;
}

export async function play(): Promise<boolean> {
  if (!element) return false;
  try {
    await element.play();
    return true;
  } catch {
    // Browsers refuse to start sound without a gesture (a reload): the play button is there for the listener.
    return false;
  }
}

export function pause(): void {
  element?.pause();
}

/** The mini player's close: where the listener is is saved, the sound stops and nothing is loaded any more. */
export function stopListening(): void {
  saveListeningPosition();
  element?.pause();
  element?.removeAttribute("src");
  $track.set(null);
  $audioTimeMs.set(0);
  $sleepTimer.set(null);
}

export function seekTo(ms: number): void {
  const track = $track.get();
  if (!element || !track) return;
  const clamped = Math.max(0, Math.min(ms, track.chapter.durationMs));
  element.currentTime = clamped / 1000;
  $audioTimeMs.set(clamped);
}

export function skip(deltaMs: number): void {
  seekTo($audioTimeMs.get() + deltaMs);
}

export function setRate(rate: number): void {
  $audioRate.set(rate);
  if (element) element.playbackRate = rate;
}

export function setSleepTimer(minutes: number | "chapterEnd" | null): void {
  $sleepTimer.set(typeof minutes === "number" ? Date.now() + minutes * 60_000 : minutes);
}

/** Reports where the listener is; on page hide as a beacon, which the browser delivers after the page is gone. */
export function saveListeningPosition(asBeacon = false): void {
  const track = $track.get();
  if (!track) return;
  const report = { chapterId: track.chapter.id, positionMs: Math.round($audioTimeMs.get()), takenAt: new Date().toISOString() };
  if (asBeacon && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon(`/api${audioCalls.savePosition.path}`, new Blob([JSON.stringify(report)], { type: "application/json" }));
    return;
  }
  void callApi(audioCalls.savePosition, report);
}

/** The transcript line being spoken at a moment, or -1 between lines. */
export function lineAt(transcript: TranscriptLine[], ms: number): number {
  return transcript.findIndex((line) => ms >= line.startMs && ms < line.endMs);
}
