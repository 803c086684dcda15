import { readCached, writeStorage } from "../kit/browser";

/** This browser's recent searches, newest first; kept in local storage, never sent anywhere. */
const KEY = "searchHistory";
const MAX = 10;

export function readHistory(): string[] {
  const stored = readCached<unknown>(KEY);
  return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string").slice(0, MAX) : [];
}

export function remember(keyword: string): string[] {
  const next = [keyword, ...readHistory().filter((entry) => entry !== keyword)].slice(0, MAX);
  writeStorage(KEY, JSON.stringify(next));
  return next;
}

export function clearHistory(): void {
  writeStorage(KEY, null);
}
