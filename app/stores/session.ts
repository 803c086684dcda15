import { atom } from "nanostores";
import type { SessionUser } from "@contracts/gate";
import { readStorage, STORAGE_KEYS, writeStorage } from "~/browser/storage";

/**
 * Who is signed in. The session itself is an HttpOnly cookie the server sets when a login answer passes through it
 * and that no script can read (docs/decisions/016-session-cookie.md); this browser only knows the user the server last vouched for.
 */
export const $user = atom<SessionUser | null>(null);
/**
 * This browser had a user but the server no longer recognises its cookie: the login check then asks the platform why
 * (a login elsewhere answers 10001 and the offline notice says so; a suspended account answers 4).
 */
export const $sessionLost = atom(false);

/** Every page the server loads says who the cookie belongs to (or nobody): that is the session from then on. */
export function hydrateSession(serverUser: SessionUser | null): void {
  if (!serverUser && readStorage(STORAGE_KEYS.user)) $sessionLost.set(true);
  // Earlier versions kept the token itself in storage, where any script could read it.
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, serverUser ? JSON.stringify(serverUser) : null);
  $user.set(serverUser);
}

/** After a login or a profile change: the cookie was set by the answer itself, the user object is kept here. */
export function storeSession(user: SessionUser): void {
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  $user.set(user);
}

/** Forgets the user here and asks the server to drop the cookie (a script cannot). */
export function clearSession(): Promise<void> {
  writeStorage(STORAGE_KEYS.user, null);
  $user.set(null);
  return fetch("/session/end", { method: "POST", keepalive: true, credentials: "same-origin" }).then(
    () => undefined,
    () => undefined,
  );
}
