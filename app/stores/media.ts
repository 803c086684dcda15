import { atom } from "nanostores";
import { isLiveViewPath } from "~/routing/routing";

/** Audio/video state shared across pages (spec §4): playback flag ("1" while a replay plays) and play status. */
export const $playbackFlag = atom<"0" | "1" | "">("");
export const $playStatus = atom<number>(0);
/** Seconds the page's playing media lasts, once its player knows (0 until then): a task's step never asks for more. */
export const $playDuration = atom<number>(0);

/** On every path change: live-view paths reset the playback flag to 0, others to empty; play status to 0. */
export function resetPlayFlags(pathname: string): void {
  $playbackFlag.set(isLiveViewPath(pathname) ? "0" : "");
  $playStatus.set(0);
  $playDuration.set(0);
}
