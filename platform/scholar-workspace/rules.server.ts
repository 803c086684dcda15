import type { ScholarClaimForm, ScholarProfileForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { UserRow } from "../accounts/index.server.ts";
import { newToken, sha256 } from "../kernel/secrets.server.ts";
import { notify } from "../notices/index.server.ts";
import { jelTag, knownJelCodes, readSections, type ProfileSections, type ScholarRow } from "../scholars/index.server.ts";
import * as queries from "./queries.server.ts";

/** Scholar verification states (isPass): 0 pending review, 1 declined, 2 approved, 3 email pending confirmation. */
export const CLAIM = { pending: 0, declined: 1, approved: 2, emailPending: 3 } as const;

/** Review states of a profile change. */
const CHANGE = { waiting: 0, declined: 1, approved: 2 } as const;

export interface ProfileChange {
  status: number;
  reason: string;
  profile: ScholarProfileForm;
  createdAt: string;
}

/** What a claim keeps of its form: the form, and the unowned profile it names (none: create a new one). */
type ClaimDetails = ScholarClaimForm & { authorCode?: string };

/** A profile that exists and no user owns yet: the only kind a claim may name. */
export function claimableProfile(db: Db, authorCode: string): boolean {
  return queries.isClaimable(db, authorCode);
}

/** A person's verification state: approved once they own a profile, else their application's, -1 for none. */
export function claimStateOf(db: Db, user: UserRow): number {
  return user.author_code ? CLAIM.approved : (queries.claimOf(db, user.id)?.is_pass ?? -1);
}

/**
 * Keeps an application (replacing an earlier one) until its institutional email is confirmed, and answers the token of
 * the email's one-time link.
 */
export function startClaim(db: Db, userId: number, email: string, details: ClaimDetails, at: string): string {
  const token = newToken();
  queries.insertClaimLink(db, sha256(token), userId, at);
  queries.upsertClaim(db, userId, CLAIM.emailPending, email, JSON.stringify(details), at);
  return token;
}

/** More details for an application: a declined one goes back to review, an unconfirmed email stays so. */
export function supplementClaim(db: Db, userId: number, claim: queries.ClaimRow, form: ScholarClaimForm, at: string): number {
  const earlier = JSON.parse(claim.details) as { authorCode?: string };
  const isPass = claim.is_pass === CLAIM.declined ? CLAIM.pending : claim.is_pass;
  queries.updateClaimDetails(db, userId, JSON.stringify({ ...form, authorCode: earlier.authorCode }), isPass, at);
  return isPass;
}

/** The review an administrator would make, for the developer outbox page: approve creates the scholar profile. */
export function reviewClaim(db: Db, userId: number, decision: "approve" | "decline", reason: string, now: Date): boolean {
  const claim = queries.waitingClaim(db, userId);
  if (!claim) return false;
  if (decision === "decline") {
    queries.declineClaim(db, userId, reason || "资料不完整 / Incomplete information", now.toISOString());
    notify(
      db,
      userId,
      { kind: "claim", title: "学者认领未通过", titleEn: "Your scholar claim was declined", body: reason, bodyEn: reason, link: "/authentication" },
      now,
    );
    return true;
  }
  const details = JSON.parse(claim.details) as ClaimDetails;
  const linked = details.authorCode && claimableProfile(db, details.authorCode) ? details.authorCode : null;
  const authorCode = linked ?? `A${String(200000 + userId)}`;
  db.transaction(() => {
    if (linked) queries.markVerified(db, linked);
    else
      queries.insertVerifiedProfile(db, {
        authorCode,
        name: details.realName,
        orgName: details.orgName,
        field: details.researchField,
        introduction: details.introduction ?? "",
      });
    queries.linkUser(db, userId, authorCode);
    queries.approveClaim(db, userId, now.toISOString());
    notify(db, userId, { kind: "claim", title: "学者认领已通过", titleEn: "Your scholar claim was approved", link: "/authentication" }, now);
  })();
  return true;
}

/** The form as the owner last saved it, from the profile's columns and sections: what the editor starts from. */
export function editableProfile(row: ScholarRow): ScholarProfileForm {
  const sections = readSections(row.sections);
  return {
    authorName: row.name,
    orgName: row.org_name,
    introduction: row.introduction || undefined,
    portraitUrl: row.portrait || undefined,
    workHistory: sections.workHistory ?? [],
    education: sections.education ?? [],
    // A profile made from a claim has no JEL codes yet: the form starts empty and asks for one.
    jelCodes: (sections.jelCodes ?? []) as ScholarProfileForm["jelCodes"],
    homepage: sections.homepage,
    orcid: sections.orcid,
    repec: sections.repec,
    googleScholar: sections.googleScholar,
  };
}

/** The latest change of a profile (waiting or decided), or null. */
export function latestChange(db: Db, authorCode: string): ProfileChange | null {
  const row = queries.latestChangeRow(db, authorCode);
  return row ? { status: row.status, reason: row.reason, profile: JSON.parse(row.profile) as ScholarProfileForm, createdAt: row.created_at } : null;
}

/** Keeps an owner's edit for review; one waiting change per profile, so a newer edit replaces the waiting one. */
export function submitChange(db: Db, authorCode: string, userId: number, profile: ScholarProfileForm, at: string): void {
  queries.upsertWaitingChange(db, authorCode, userId, JSON.stringify({ ...profile, jelCodes: knownJelCodes(profile.jelCodes) }), at);
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
  queries.updateProfile(db, {
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
    const waiting = queries.waitingChangeOf(db, authorCode);
    if (!waiting) return false;
    if (decision === "approve") applyProfile(db, authorCode, JSON.parse(waiting.profile) as ScholarProfileForm);
    queries.decideChange(
      db,
      waiting.id,
      decision === "approve" ? CHANGE.approved : CHANGE.declined,
      decision === "decline" ? reason || "资料有误 / Please check the details" : "",
      now.toISOString(),
    );
    return true;
  })();
}

/** Profiles waiting for review, for the developer tools' page. */
export function waitingChanges(db: Db) {
  return queries.waitingChanges(db);
}
