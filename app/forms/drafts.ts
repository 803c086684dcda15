import { map } from "nanostores";

/** What the user typed in each form, kept for the session so nothing is lost on errors or re-renders. */
export const $drafts = map<Record<string, unknown>>({});

export function saveDraft(key: string, value: unknown): void {
  $drafts.setKey(key, value);
}

export function clearDraft(key: string): void {
  $drafts.setKey(key, undefined);
}
