import { scholarClaimSchema, scholarClaimValidators, scholarProfileSchema, scholarProfileValidators } from "@schemas/generated/form-kits.ts";
import type { ScholarClaimForm, ScholarProfileForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { isStoredImageUrl } from "../files/index.server.ts";
import { readSections, searchJel, sectionsView } from "../scholars/index.server.ts";
import * as queries from "./queries.server.ts";
import { CLAIM, claimableProfile, claimStateOf, editableProfile, latestChange, startClaim, submitChange, supplementClaim } from "./rules.server.ts";

/** What the workspace's paths work with; publicOrigin builds the email's link, uploadsDir checks a profile's photo. */
interface WorkspaceContext {
  db: Db;
  accounts: Accounts;
  publicOrigin: string;
  uploadsDir: string;
}

type UserHandler = (workspace: WorkspaceContext, context: ApiContext, user: UserRow) => Envelope;

const keywordOf = (context: ApiContext, field = "keyword") =>
  typeof context.params[field] === "string" ? (context.params[field] as string).trim().slice(0, 50).replace(/[%_]/g, "") : "";

const claimForm = () => formKit(scholarClaimSchema, scholarClaimValidators);

const notVerified = (context: ApiContext) =>
  fail(0, say(context, "请先完成学者认证", "please complete person verification first"), { verifyAt: "/authentication" });

/** A profile's lightest shape, for the similar-author and co-author lookups. */
const nameCard = (row: queries.NameCardRow) => ({
  authorCode: row.author_code,
  authorName: row.name,
  authorNameEn: row.name_en,
  orgName: row.org_name,
  orgNameEn: row.org_name_en,
});

/**
 * A verification application: "claim" names an existing profile nobody owns (authorCode, from /author/querySimilarAuthor)
 * or none, "create" asks for a new profile. Approval links or creates it (reviewClaim). The institutional email's
 * confirmation link goes out like every other message (the outbox, and the console when the outbox page is off).
 */
const submitClaim =
  (mode: "claim" | "create"): UserHandler =>
  ({ db, accounts, publicOrigin }, context, user) => {
    if (user.author_code) return fail(0, say(context, "您已通过学者认证", "You are already a verified scholar"));
    const claimed = mode === "claim" && typeof context.params.authorCode === "string" ? context.params.authorCode.trim() : "";
    const { authorCode: _named, ...form } = context.params;
    const body = validateBody<ScholarClaimForm>({ ...context, params: form }, claimForm());
    if (!body.ok) return body.envelope;
    if (claimed && !claimableProfile(db, claimed))
      return fail(0, say(context, "该学者主页不存在或已被认领", "That profile does not exist or has been claimed"));
    const email = body.value.email.toLowerCase();
    const token = startClaim(db, user.id, email, { ...body.value, authorCode: claimed || undefined }, context.now().toISOString());
    const link = `${publicOrigin}/api/web/email?token=${token}`;
    accounts.sendMessage(
      context,
      "email",
      email,
      "",
      say(context, `请点击链接确认您的机构邮箱：${link}`, `Confirm your institutional email by opening: ${link}`),
    );
    return ok({ isPass: CLAIM.emailPending }, say(context, "认证申请已提交，请前往邮箱确认", "Submitted. Please confirm your email"));
  };

const claimStatus: UserHandler = ({ db }, _context, user) => {
  if (user.author_code) return ok({ isPass: CLAIM.approved, authorCode: user.author_code });
  const claim = queries.claimOf(db, user.id);
  if (!claim) return ok({ isPass: -1 });
  const answer = { isPass: claim.is_pass, reason: claim.reason, email: claim.email };
  // A declined application comes back with what was sent, so it is corrected rather than typed again.
  if (claim.is_pass !== CLAIM.declined) return ok(answer);
  const { authorCode: _claimed, ...sent } = JSON.parse(claim.details) as ScholarClaimForm & { authorCode?: string };
  return ok({ ...answer, sent });
};

/** Public profile with its sections; its owner also gets the editable form and the latest change's review. */
const getProfile = ({ db, accounts }: WorkspaceContext, context: ApiContext) => {
  const row = queries.profileByCode(db, String(context.params.authorCode ?? ""));
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

const editProfile: UserHandler = ({ db, uploadsDir }, context, user) => {
  if (!user.author_code) return notVerified(context);
  const body = validateBody<ScholarProfileForm>(context, formKit(scholarProfileSchema, scholarProfileValidators));
  if (!body.ok) return body.envelope;
  if (body.value.portraitUrl && !isStoredImageUrl(uploadsDir, body.value.portraitUrl)) {
    return fail(400, say(context, "请重新上传照片", "Please upload the photo again"), { fields: { portraitUrl: "scholarWorkspace:errors.photoInvalid" } });
  }
  submitChange(db, user.author_code, user.id, body.value, context.now().toISOString());
  return ok(latestChange(db, user.author_code), say(context, "修改已提交，审核通过后生效", "Submitted. Your changes appear once reviewed"));
};

/** More details for a claim not yet approved; a declined claim goes back to review, an unconfirmed email stays so. */
const supplement: UserHandler = ({ db }, context, user) => {
  const claim = queries.claimOf(db, user.id);
  if (user.author_code || !claim || claim.is_pass === CLAIM.approved) return fail(0, say(context, "没有待补充的认证申请", "There is no application to add to"));
  const body = validateBody<ScholarClaimForm>({ ...context, params: { ...context.params, email: claim.email } }, claimForm());
  if (!body.ok) return body.envelope;
  const isPass = supplementClaim(db, user.id, claim, body.value, context.now().toISOString());
  return ok({ isPass, email: claim.email }, say(context, "补充材料已提交", "Your additions were submitted"));
};

/** Unowned profiles whose name is like the one given: claim one of them, or create a new profile when none is yours. */
const similarAuthors: UserHandler = ({ db }, context) => {
  const name = keywordOf(context, "name");
  if (!name) return fail(400, say(context, "请输入姓名", "Please enter a name"), { fields: { name: "verify:errors.realNameRequired" } });
  return ok({ list: queries.unownedLike(db, name).map(nameCard) });
};

const certification: UserHandler = ({ db }, _context, user) => {
  const claim = queries.claimOf(db, user.id);
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

/** Co-authors for a document's author list: scholars by name, lightest shape. */
const coauthors = ({ db }: WorkspaceContext, context: ApiContext) => {
  const keyword = keywordOf(context);
  return ok({ list: keyword ? queries.scholarsNamedLike(db, keyword).map(nameCard) : [] });
};

const withUser = (workspace: WorkspaceContext, handler: UserHandler) => workspace.accounts.withUser((context, user) => handler(workspace, context, user));

/** The claim and its state: apply (claim or create), the email's and the review's progress, the owned profile's code. */
function claimRoutes(workspace: WorkspaceContext): RouteDefinition[] {
  return [
    { method: "POST", path: "/author/claim", handler: withUser(workspace, submitClaim("claim")) },
    { method: "POST", path: "/author/claimAndCreate", handler: withUser(workspace, submitClaim("create")) },
    { method: "ANY", path: "/author/checkEmailAudit", handler: withUser(workspace, claimStatus) },
    { method: "ANY", path: "/author/checkClaimStatus", handler: withUser(workspace, claimStatus) },
    {
      method: "GET",
      path: "/author/queryAuthorByUserId",
      handler: withUser(workspace, (_workspace, context, user) =>
        user.author_code ? { code: 1, message: "ok", data: { authorCode: user.author_code } } : notVerified(context),
      ),
    },
    { method: "POST", path: "/author/supplement", handler: withUser(workspace, supplement) },
    { method: "ANY", path: "/author/querySimilarAuthor", handler: withUser(workspace, similarAuthors) },
    { method: "ANY", path: "/author/certification", handler: withUser(workspace, certification) },
  ];
}

/** The owner's profile and the editors' lookups, and the person's state for the verification pages. */
function profileRoutes(workspace: WorkspaceContext): RouteDefinition[] {
  const { db, accounts } = workspace;
  return [
    { method: "ANY", path: "/author/get", handler: (context) => getProfile(workspace, context) },
    { method: "POST", path: "/author/edit", handler: withUser(workspace, editProfile) },
    {
      method: "ANY",
      path: "/author/userInformation",
      handler: withUser(workspace, (_workspace, _context, user) => ok({ ...accounts.toUserObj(user), isPass: claimStateOf(db, user) })),
    },
    {
      method: "ANY",
      path: "/author/checkMobileEmailAudit",
      handler: withUser(workspace, (_workspace, _context, user) =>
        ok({ mobileBound: user.is_bind_phone === 1, isPass: claimStateOf(db, user), authorCode: user.author_code }),
      ),
    },
    { method: "ANY", path: "/scholar/jelCodes", handler: (context) => ok({ list: searchJel(keywordOf(context)) }) },
    { method: "ANY", path: "/mpAuthor/search", handler: (context) => coauthors(workspace, context) },
  ];
}

/** The scholar's workspace (ADR 060): verification by claim, the owner's reviewed edits, the editors' lookups. */
export function scholarWorkspaceRoutes(workspace: WorkspaceContext): RouteDefinition[] {
  return [...claimRoutes(workspace), ...profileRoutes(workspace)];
}
