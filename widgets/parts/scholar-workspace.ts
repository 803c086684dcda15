/**
 * What the scholar's workspace and the verification page share (ADR 060): the profile form's check (its
 * precompiled validator, no form runtime) and the JEL classification, fetched as its own chunk when a picker opens.
 */
import type { FormCheck } from "../kit/form-check";

export type { ScholarProfileForm } from "@schemas/generated/forms";

export const scholarProfileCheck: FormCheck = {
  id: "scholar-profile",
  loadValidators: () => import("@schemas/generated/forms/scholar-profile.validators.js"),
};

export interface JelEntry {
  code: string;
  zh: string;
  en: string;
}

/** The JEL classification (contracts/jel-codes.json, about 10 KB): loaded once, when a picker first needs it. */
export async function loadJelCodes(): Promise<JelEntry[]> {
  return (await import("@contracts/jel-codes.json")).default as JelEntry[];
}

/** Entries whose code starts with the text or whose name in either language contains it. */
export function matchJel(entries: readonly JelEntry[], text: string): JelEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return entries.filter((entry) => entry.code.length === 1);
  return entries.filter((entry) => entry.code.toLowerCase().startsWith(needle) || entry.zh.includes(needle) || entry.en.toLowerCase().includes(needle));
}

export type { ScholarDocumentForm } from "@schemas/generated/forms";

/** A scholar's document form (ADR 082), checked as the platform checks it, the PDF's type and size from its bytes. */
export const scholarDocumentCheck: FormCheck = {
  id: "scholar-document",
  loadValidators: () => import("@schemas/generated/forms/scholar-document.validators.js"),
};
