import type { ScholarProfileForm } from "@schemas/generated/forms.ts";
import jelCodes from "@contracts/jel-codes.json";
import type { Db } from "../kernel/db.server.ts";
import { publicName, type UserRow } from "../accounts/index.server.ts";
import { notify } from "../notices/index.server.ts";
import * as queries from "./queries.server.ts";
import type { ScholarRow } from "./queries.server.ts";

/** What the sections column holds: the profile form's fields that have no column of their own (ADR 060). */
export type ProfileSections = Partial<Pick<ScholarProfileForm, "workHistory" | "education" | "jelCodes" | "homepage" | "orcid" | "repec" | "googleScholar">>;

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

/** A scholar as every list and card shows one, with the viewer's follow. */
export function toScholar(row: ScholarRow, followed = false) {
  return {
    authorCode: row.author_code,
    authorName: row.name,
    authorNameEn: row.name_en,
    orgName: row.org_name,
    orgNameEn: row.org_name_en,
    researchField: row.field,
    researchFieldEn: row.field_en,
    introduction: row.introduction,
    introductionEn: row.introduction_en,
    verified: row.verified === 1,
    followerCount: row.follower_count,
    portraitUrl: row.portrait,
    followed,
    ...sectionsView(readSections(row.sections)),
    link: `/person?authorCode=${row.author_code}`,
  };
}

/**
 * Follows a scholar, or stops following: the follower count moves with it, and the profile's owner (another person)
 * hears of a new follower. Answers whether the person follows now.
 */
export function toggleScholarFollow(db: Db, user: UserRow, authorCode: string, now: Date): boolean {
  if (queries.isFollowing(db, user.id, authorCode)) {
    queries.removeFollow(db, user.id, authorCode);
    return false;
  }
  queries.addFollow(db, user.id, authorCode, now.toISOString());
  const scholarUser = queries.ownerOf(db, authorCode);
  const name = publicName(user);
  if (scholarUser && scholarUser !== user.id)
    notify(db, scholarUser, { kind: "follow", title: `${name} 关注了你`, titleEn: `${name} followed you`, link: `/userHome?userId=${user.id}` }, now);
  queries.countFollower(db, authorCode);
  return true;
}
