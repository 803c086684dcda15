/**
 * A scholar's own profile (ADR 060), the queries and rules: the sections an owner keeps beside the columns every list
 * reads, who owns a profile, and the review of an edit to a verified profile. The routes are scholar-workspace.server.ts.
 */
import type { ScholarProfileForm } from "@schemas/generated/forms.ts";
import jelCodes from "@contracts/jel-codes.json";
import type { Db } from "./kernel/db.server.ts";

/** Review states of a profile change. */
export const CHANGE = { waiting: 0, declined: 1, approved: 2 } as const;

/** What the sections column holds: the form's fields that have no column of their own. */
export type ProfileSections = Partial<Pick<ScholarProfileForm, "workHistory" | "education" | "jelCodes" | "homepage" | "orcid" | "repec" | "googleScholar">>;

export interface ProfileChange {
  status: number;
  reason: string;
  profile: ScholarProfileForm;
  createdAt: string;
}

const JEL = new Map(jelCodes.map((entry) => [entry.code, entry]));

/** JEL codes of the classification only, in their order there: a code the platform does not know is not stored. */
export function knownJelCodes(codes: readonly string[]): string[] {
  return codes.filter((code) => JEL.has(code));
}

/** A JEL code with both names, for tags a page shows in either language. */
export function jelTag(code: string): { code: string; name: string; nameEn: string } {
  const entry = JEL.get(code);
  return { code, name: entry?.zh ?? code, nameEn: entry?.en ?? code };
}

/** The classification searched by code or by a word of either name (case-insensitive), at most `limit` entries. */
export function searchJel(keyword: string, limit = 30): { code: string; name: string; nameEn: string }[] {
  const needle = keyword.trim().toLowerCase();
  const matches = needle
    ? jelCodes.filter((entry) => entry.code.toLowerCase().startsWith(needle) || entry.zh.includes(needle) || entry.en.toLowerCase().includes(needle))
    : jelCodes;
  return matches.slice(0, limit).map((entry) => jelTag(entry.code));
}

export function readSections(json: string | null | undefined): ProfileSections {
  try {
    const parsed = JSON.parse(json ?? "{}") as ProfileSections;
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/** The public shape of a profile's sections: JEL codes become tags with both names, links are full URLs. */
export function sectionsView(sections: ProfileSections) {
  return {
    workHistory: sections.workHistory ?? [],
    education: sections.education ?? [],
    researchFields: (sections.jelCodes ?? []).map(jelTag),
    links: {
      homepage: sections.homepage ?? "",
      orcid: sections.orcid ? `https://orcid.org/${sections.orcid}` : "",
      repec: sections.repec ? `https://ideas.repec.org/e/${sections.repec}.html` : "",
      googleScholar: sections.googleScholar ? `https://scholar.google.com/citations?user=${sections.googleScholar}` : "",
    },
  };
}

/** The user who owns a profile (approved claim), or null. */
export function ownerOf(db: Db, authorCode: string): number | null {
  return (db.prepare("SELECT id FROM users WHERE author_code = ?").pluck().get(authorCode) as number | undefined) ?? null;
}

/** The latest change of a profile (waiting or decided), or null. */
export function latestChange(db: Db, authorCode: string): ProfileChange | null {
  const row = db
    .prepare("SELECT status, reason, profile, created_at FROM scholar_profile_changes WHERE author_code = ? ORDER BY id DESC LIMIT 1")
    .get(authorCode) as { status: number; reason: string; profile: string; created_at: string } | undefined;
  return row ? { status: row.status, reason: row.reason, profile: JSON.parse(row.profile) as ScholarProfileForm, createdAt: row.created_at } : null;
}

/** Keeps an owner's edit for review; one waiting change per profile, so a newer edit replaces the waiting one. */
export function submitChange(db: Db, authorCode: string, userId: number, profile: ScholarProfileForm, at: string): void {
  const stored = JSON.stringify({ ...profile, jelCodes: knownJelCodes(profile.jelCodes) });
  db.prepare(
    `INSERT INTO scholar_profile_changes (author_code, user_id, profile, status, created_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (author_code) WHERE status = 0 DO UPDATE SET profile = excluded.profile, user_id = excluded.user_id, created_at = excluded.created_at`,
  ).run(authorCode, userId, stored, at);
}

/** The profile's columns and sections as the change asks; the English name and institution follow when they were the same. */
function applyProfile(db: Db, authorCode: string, profile: ScholarProfileForm): void {
  const { authorName, orgName, introduction, portraitUrl, ...rest } = profile;
  const sections: ProfileSections = {
    workHistory: rest.workHistory,
    education: rest.education,
    jelCodes: rest.jelCodes,
    homepage: rest.homepage,
    orcid: rest.orcid,
    repec: rest.repec,
    googleScholar: rest.googleScholar,
  };
  const fields = rest.jelCodes.map((code) => jelTag(code));
  db.prepare(
    `UPDATE scholars SET name = @name, name_en = CASE WHEN name_en = name THEN @name ELSE name_en END,
       org_name = @org, org_name_en = CASE WHEN org_name_en = org_name THEN @org ELSE org_name_en END,
       introduction = @intro, introduction_en = CASE WHEN introduction_en = introduction THEN @intro ELSE introduction_en END,
       field = @field, field_en = @fieldEn, portrait = COALESCE(@portrait, portrait), sections = @sections
     WHERE author_code = @code`,
  ).run({
    code: authorCode,
    name: authorName,
    org: orgName,
    intro: introduction ?? "",
    field: fields.map((tag) => tag.name).join("、"),
    fieldEn: fields.map((tag) => tag.nameEn).join("; "),
    portrait: portraitUrl ?? null,
    sections: JSON.stringify(sections),
  });
}

/** The review an administrator makes (the developer tools stand in): approve applies the waiting change, decline keeps the reason. */
export function reviewProfileChange(db: Db, authorCode: string, decision: "approve" | "decline", reason: string, now: Date): boolean {
  return db.transaction(() => {
    const waiting = db.prepare("SELECT id, profile FROM scholar_profile_changes WHERE author_code = ? AND status = 0").get(authorCode) as
      | { id: number; profile: string }
      | undefined;
    if (!waiting) return false;
    if (decision === "approve") applyProfile(db, authorCode, JSON.parse(waiting.profile) as ScholarProfileForm);
    db.prepare("UPDATE scholar_profile_changes SET status = ?, reason = ?, decided_at = ? WHERE id = ?").run(
      decision === "approve" ? CHANGE.approved : CHANGE.declined,
      decision === "decline" ? reason || "资料有误 / Please check the details" : "",
      now.toISOString(),
      waiting.id,
    );
    return true;
  })();
}

/** Profiles waiting for review, for the developer tools' page. */
export function waitingChanges(db: Db): { authorCode: string; userId: number; profile: string; createdAt: string }[] {
  return db
    .prepare("SELECT author_code AS authorCode, user_id AS userId, profile, created_at AS createdAt FROM scholar_profile_changes WHERE status = 0 ORDER BY id")
    .all() as { authorCode: string; userId: number; profile: string; createdAt: string }[];
}
