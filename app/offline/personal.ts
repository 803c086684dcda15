/**
 * The person's own offline copies (ADR 046): pages they keep for reading offline (a reading list's saved papers), in
 * the service worker's personal cache, which is emptied at logout and when another person signs in on this device.
 */
import { readStorage, writeStorage } from "~/browser/storage";
import { $user } from "~/stores/session";
import { CACHE_NAMES, OFFLINE_MESSAGES, type OfflineMessage } from "./cache-rules";

/** Whose pages the personal cache holds (a user id); not one of spec §3's keys, so kept beside its only reader. */
const OWNER_KEY = "offlineOwner";

function postToWorker(message: OfflineMessage): boolean {
  const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
  worker?.postMessage(message);
  return Boolean(worker);
}

/**
 * Asks the worker to keep these pages of the site (paths such as "/docDetail?id=12"), with their scripts, styles and
 * pictures, for reading offline. False when no worker controls the page yet (first visit, or a browser without workers):
 * nothing was kept.
 */
export function keepForOffline(paths: readonly string[]): boolean {
  const urls = paths.filter((path) => path.startsWith("/") && !path.startsWith("//"));
  if (urls.length === 0) return false;
  return postToWorker({ type: OFFLINE_MESSAGES.keepOffline, urls });
}

/**
 * Empties the personal cache: through the worker (which also drops its expiry records) and directly, so that a page
 * no worker controls (a forced reload) still leaves nothing of the person behind.
 */
export function forgetPersonalOffline(): void {
  writeStorage(OWNER_KEY, null);
  postToWorker({ type: OFFLINE_MESSAGES.forgetPersonal });
  if (typeof caches !== "undefined") void caches.delete(CACHE_NAMES.personal).catch(() => undefined);
}

/**
 * Called with every signed-in person the page learns of: the personal cache belongs to the first one, and a different
 * person signing in on this device starts from an empty one. Signing out is handled by the logout itself (and by the
 * worker, which empties the cache when the session ends), never by a page that merely renders nobody.
 */
export function notePersonalOwner(userId: number | string): void {
  const owner = readStorage(OWNER_KEY);
  if (owner !== null && owner !== String(userId)) forgetPersonalOffline();
  writeStorage(OWNER_KEY, String(userId));
}

/** Notes the owner whenever the signed-in person changes; returns the unsubscribe. */
export function watchPersonalOwner(): () => void {
  return $user.subscribe((user) => {
    if (user) notePersonalOwner(user.id);
  });
}
