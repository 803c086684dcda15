/**
 * The scholar's workspace routes (ADR 060, spec §7 /author/*, /scholar/*, /mpAuthor/search): a profile read with its
 * sections, the owner's edits (reviewed, scholar-profiles.server.ts), the similar-author search before a claim, a
 * claim's supplement, and the lookups the editors use (JEL codes, co-authors).
 */
import { scholarClaimSchema, scholarClaimValidators, scholarProfileSchema, scholarProfileValidators } from "@schemas/generated/form-kits.ts";
import type { ScholarClaimForm, ScholarProfileForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts, UserRow } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { CLAIM } from "./scholars.server.ts";
import { latestChange, readSections, searchJel, sectionsView, submitChange } from "./scholar-profiles.server.ts";
import { isStoredImageUrl } from "./files.server.ts";

interface ProfileRow {
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  introduction: string;
  introduction_en: string;
  verified: number;
  follower_count: number;
  portrait: string;
  sections: string;
}

const keywordOf = (context: ApiContext, field = "keyword") =>
  typeof context.params[field] === "string" ? (context.params[field] as string).trim().slice(0, 50).replace(/[%_]/g, "") : "";

/** The form as the owner last saved it, from the profile's columns and sections: what the editor starts from. */
function editableProfile(row: ProfileRow): ScholarProfileForm {
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

export function scholarWorkspaceRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const profileRow = db.prepare("SELECT * FROM scholars WHERE author_code = ?");
  const claimOf = (userId: number) =>
    db.prepare("SELECT is_pass, reason, email, details FROM scholar_claims WHERE user_id = ?").get(userId) as
      | { is_pass: number; reason: string; email: string; details: string }
      | undefined;

  /** Public profile with its sections; its owner also gets the editable form and the latest change's review. */
  const getProfile = (context: ApiContext) => {
    const row = profileRow.get(String(context.params.authorCode ?? "")) as ProfileRow | undefined;
    if (!row) return fail(404, say(context, "学者不存在", "No such scholar"));
    const who = accounts.current(context);
    const mine = "user" in who && who.user.author_code === row.author_code;
    const view = {
      authorCode: row.author_code,
      authorName: row.name,
      authorNameEn: row.name_en,
      orgName: row.org_name,
      orgNameEn: row.org_name_en,
      introduction: row.introduction,
      introductionEn: row.introduction_en,
      portraitUrl: row.portrait,
      verified: row.verified === 1,
      followerCount: row.follower_count,
      ...sectionsView(readSections(row.sections)),
      mine,
    };
    return ok(mine ? { ...view, editable: editableProfile(row), change: latestChange(db, row.author_code) } : view);
  };

  const editProfile = (context: ApiContext, user: UserRow) => {
    if (!user.author_code) return fail(0, say(context, "请先完成学者认证", "please complete person verification first"), { verifyAt: "/authentication" });
    const body = validateBody<ScholarProfileForm>(context, formKit(scholarProfileSchema, scholarProfileValidators));
    if (!body.ok) return body.envelope;
    if (body.value.portraitUrl && !isStoredImageUrl(uploadsDir, body.value.portraitUrl)) {
      return fail(400, say(context, "请重新上传照片", "Please upload the photo again"), { fields: { portraitUrl: "scholarWorkspace:errors.photoInvalid" } });
    }
    submitChange(db, user.author_code, user.id, body.value, context.now().toISOString());
    return ok(latestChange(db, user.author_code), say(context, "修改已提交，审核通过后生效", "Submitted. Your changes appear once reviewed"));
  };

  /** More details for a claim not yet approved; a declined claim goes back to review, an unconfirmed email stays so. */
  const supplementClaim = (context: ApiContext, user: UserRow) => {
    const claim = claimOf(user.id);
    if (user.author_code || !claim || claim.is_pass === CLAIM.approved)
      return fail(0, say(context, "没有待补充的认证申请", "There is no application to add to"));
    const body = validateBody<ScholarClaimForm>(
      { ...context, params: { ...context.params, email: claim.email } },
      formKit(scholarClaimSchema, scholarClaimValidators),
    );
    if (!body.ok) return body.envelope;
    const earlier = JSON.parse(claim.details) as { authorCode?: string };
    const isPass = claim.is_pass === CLAIM.declined ? CLAIM.pending : claim.is_pass;
    db.prepare("UPDATE scholar_claims SET details = ?, is_pass = ?, reason = '', updated_at = ? WHERE user_id = ?").run(
      JSON.stringify({ ...body.value, authorCode: earlier.authorCode }),
      isPass,
      context.now().toISOString(),
      user.id,
    );
    return ok({ isPass, email: claim.email }, say(context, "补充材料已提交", "Your additions were submitted"));
  };

  /** Unowned profiles whose name is like the one given: claim one of them, or create a new profile when none is yours. */
  const similarAuthors = (context: ApiContext) => {
    const name = keywordOf(context, "name");
    if (!name) return fail(400, say(context, "请输入姓名", "Please enter a name"), { fields: { name: "verify:errors.realNameRequired" } });
    const rows = db
      .prepare(
        `SELECT * FROM scholars s WHERE (name LIKE @like OR name_en LIKE @like)
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.author_code = s.author_code) ORDER BY follower_count DESC LIMIT 10`,
      )
      .all({ like: `%${name}%` }) as ProfileRow[];
    return ok({
      list: rows.map((row) => ({
        authorCode: row.author_code,
        authorName: row.name,
        authorNameEn: row.name_en,
        orgName: row.org_name,
        orgNameEn: row.org_name_en,
      })),
    });
  };

  const certification = (_context: ApiContext, user: UserRow) => {
    const claim = claimOf(user.id);
    const isPass = user.author_code ? CLAIM.approved : (claim?.is_pass ?? -1);
    const details = claim && !user.author_code ? (JSON.parse(claim.details) as ScholarClaimForm) : null;
    return ok({
      isPass,
      reason: claim?.reason ?? "",
      email: claim?.email ?? "",
      authorCode: user.author_code,
      details,
      change: user.author_code ? latestChange(db, user.author_code) : null,
    });
  };

  /** Co-authors for a document's author list: scholars by name or institution, lightest shape. */
  const coauthors = (context: ApiContext) => {
    const keyword = keywordOf(context);
    if (!keyword) return ok({ list: [] });
    const rows = db
      .prepare(
        "SELECT author_code, name, name_en, org_name, org_name_en FROM scholars WHERE name LIKE @like OR name_en LIKE @like ORDER BY verified DESC, follower_count DESC LIMIT 10",
      )
      .all({ like: `%${keyword}%` }) as ProfileRow[];
    return ok({
      list: rows.map((row) => ({
        authorCode: row.author_code,
        authorName: row.name,
        authorNameEn: row.name_en,
        orgName: row.org_name,
        orgNameEn: row.org_name_en,
      })),
    });
  };

  return [
    { method: "ANY", path: "/author/get", handler: getProfile },
    { method: "POST", path: "/author/edit", handler: accounts.withUser(editProfile) },
    { method: "POST", path: "/author/supplement", handler: accounts.withUser(supplementClaim) },
    { method: "ANY", path: "/author/querySimilarAuthor", handler: accounts.withUser((context) => similarAuthors(context)) },
    { method: "ANY", path: "/author/certification", handler: accounts.withUser(certification) },
    {
      method: "ANY",
      path: "/author/userInformation",
      handler: accounts.withUser((_context, user) =>
        ok({ ...accounts.toUserObj(user), isPass: user.author_code ? CLAIM.approved : (claimOf(user.id)?.is_pass ?? -1) }),
      ),
    },
    {
      method: "ANY",
      path: "/author/checkMobileEmailAudit",
      handler: accounts.withUser((_context, user) =>
        ok({
          mobileBound: user.is_bind_phone === 1,
          isPass: user.author_code ? CLAIM.approved : (claimOf(user.id)?.is_pass ?? -1),
          authorCode: user.author_code,
        }),
      ),
    },
    { method: "ANY", path: "/scholar/jelCodes", handler: (context) => ok({ list: searchJel(keywordOf(context)) }) },
    { method: "ANY", path: "/mpAuthor/search", handler: coauthors },
  ];
}
