/**
 * The owner's unsent profile edit, kept on this device on every change so nothing typed is lost to a reload, a failed
 * submit or a platform that is down; dropped once the platform has taken the edit for review.
 */
import type { AnswerOf } from "../kit/api";
import type { scholarCalls } from "../kit/calls/scholar";

/** What the editor holds: the form with years still as typed (a half-typed year is not lost to a number). */
export interface ProfileDraft {
  authorName: string;
  orgName: string;
  introduction: string;
  portraitUrl: string;
  homepage: string;
  orcid: string;
  repec: string;
  googleScholar: string;
  jelCodes: string[];
  workHistory: { organization: string; position: string; startYear: string; endYear: string }[];
  education: { institution: string; degree: string; year: string }[];
}

/** Per signed-in user and profile: a shared device never shows one person's draft to another. */
export function draftKey(userId: number, authorCode: string): string {
  return `scholarProfileDraft:${userId}:${authorCode}`;
}

export function readDraft(key: string): ProfileDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as ProfileDraft | null;
    return stored && typeof stored.authorName === "string" && Array.isArray(stored.jelCodes) ? stored : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: ProfileDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled (private mode): the draft stays in the editor's memory until submitted.
  }
}

export function dropDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

const year = (value: unknown) => (typeof value === "number" ? String(value) : "");

/** The platform's editable profile (/author/get), or the waiting change's. */
type OwnProfile = AnswerOf<typeof scholarCalls.getAuthor>;
type ProfileAnswer = Partial<NonNullable<OwnProfile["editable"]>> | Partial<NonNullable<OwnProfile["change"]>["profile"]>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The editor's form from the platform's editable profile. */
export function toDraft(profile: ProfileAnswer): ProfileDraft {
  return {
    authorName: text(profile.authorName),
    orgName: text(profile.orgName),
    introduction: text(profile.introduction),
    portraitUrl: text(profile.portraitUrl),
    homepage: text(profile.homepage),
    orcid: text(profile.orcid),
    repec: text(profile.repec),
    googleScholar: text(profile.googleScholar),
    jelCodes: [...(profile.jelCodes ?? [])],
    workHistory: (profile.workHistory ?? []).map((entry) => ({ ...entry, startYear: year(entry.startYear), endYear: year(entry.endYear) })),
    education: (profile.education ?? []).map((entry) => ({ ...entry, year: year(entry.year) })),
  };
}

/** A typed year as the schema reads it: digits become a number, anything else stays text the check refuses. */
function yearValue(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The body /author/edit takes: strings trimmed and blank optional fields left out, as the platform reads them. */
export function toBody(draft: ProfileDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    jelCodes: draft.jelCodes,
    workHistory: draft.workHistory.map((entry) =>
      dropBlank({
        organization: entry.organization.trim(),
        position: entry.position.trim(),
        startYear: yearValue(entry.startYear),
        endYear: yearValue(entry.endYear),
      }),
    ),
    education: draft.education.map((entry) => dropBlank({ institution: entry.institution.trim(), degree: entry.degree.trim(), year: yearValue(entry.year) })),
  };
  for (const name of ["authorName", "orgName", "introduction", "portraitUrl", "homepage", "orcid", "repec", "googleScholar"] as const) {
    const value = draft[name].trim();
    if (value) body[name] = value;
  }
  return body;
}

function dropBlank(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined && value !== ""));
}
