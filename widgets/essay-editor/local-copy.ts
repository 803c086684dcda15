/**
 * The copy of an article kept on this device while it is written, so nothing typed is lost to a reload, a crashed tab or
 * a server that is down: written on every change, dropped once the platform has the same text released.
 */

export type Visibility = "public" | "self" | "followers" | "mutual";

export interface EssayFields {
  title: string;
  intro: string;
  content: string;
  cover: string;
  visibility: Visibility;
}

export interface LocalCopy {
  fields: EssayFields;
  /** Changes the platform has not confirmed saving yet. Decided by the save's answer, not by clocks, which differ. */
  pending: boolean;
}

export const EMPTY_FIELDS: EssayFields = { title: "", intro: "", content: "", cover: "", visibility: "public" };

/** Per signed-in user (a shared device never shows one person's draft to another) and per article ("new" before its first save). */
export function copyKey(userId: number, essayId: number | null): string {
  return `essayDraft:${userId}:${essayId ?? "new"}`;
}

export function readCopy(key: string): LocalCopy | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as LocalCopy | null;
    return stored && typeof stored.pending === "boolean" && stored.fields ? { ...stored, fields: { ...EMPTY_FIELDS, ...stored.fields } } : null;
  } catch {
    return null;
  }
}

export function writeCopy(key: string, fields: EssayFields, pending: boolean): void {
  try {
    localStorage.setItem(key, JSON.stringify({ fields, pending } satisfies LocalCopy));
  } catch {
    // Storage full or disabled (private mode): the autosave to the platform still keeps the draft.
  }
}

export function dropCopy(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

export function sameFields(a: EssayFields, b: EssayFields): boolean {
  return a.title === b.title && a.intro === b.intro && a.content === b.content && a.cover === b.cover && a.visibility === b.visibility;
}

/**
 * What the editor starts from: the device's copy when it holds changes the platform has not confirmed (restored, to be
 * saved again), else the platform's text; when the platform cannot be read, the device's last copy.
 */
export function startingFields(server: EssayFields | null, local: LocalCopy | null): { fields: EssayFields; restored: boolean } {
  if (local?.pending && (!server || !sameFields(local.fields, server))) return { fields: local.fields, restored: true };
  return { fields: server ?? local?.fields ?? EMPTY_FIELDS, restored: false };
}
