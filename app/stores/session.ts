import { atom, computed } from "nanostores";
import type { SessionUser } from "@contracts/gate";
import { readStorage, setCookie, STORAGE_KEYS, writeStorage } from "~/browser/storage";

export const $token = atom<string | null>(null);
export const $user = atom<SessionUser | null>(null);
export const $isLoggedIn = computed([$token, $user], (token, user) => Boolean(token && user));

/** Starts from what the server rendered, then adopts what this browser has stored. */
export function hydrateSession(serverUser: SessionUser | null): void {
  const token = readStorage(STORAGE_KEYS.token);
  const stored = readStorage(STORAGE_KEYS.user);
  let user: SessionUser | null = serverUser;
  if (stored) {
    try {
      user = JSON.parse(stored) as SessionUser;
    } catch {
      user = null;
    }
  }
  $token.set(token);
  $user.set(token ? user : null);
}

export function storeSession(token: string, user: SessionUser): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  setCookie(STORAGE_KEYS.token, token);
  $token.set(token);
  $user.set(user);
}

export function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, null);
  setCookie(STORAGE_KEYS.token, null);
  $token.set(null);
  $user.set(null);
}
