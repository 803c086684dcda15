import { scholarClaimSchema, scholarClaimValidators } from "@schemas/generated/form-kits.ts";
import type { ScholarClaimForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { toggleUserFollow } from "./community/rules.server.ts";
import { publicName, type Accounts, type UserRow } from "./accounts/index.server.ts";
import { readSections, sectionsView } from "./scholar-profiles.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { newToken, sha256 } from "./kernel/secrets.server.ts";
import { say } from "./kernel/language.server.ts";
import { notify } from "./notices.server.ts";

/** Scholar verification states (isPass): 0 pending review, 1 declined, 2 approved, 3 email pending confirmation. */
export const CLAIM = { pending: 0, declined: 1, approved: 2, emailPending: 3 } as const;

export interface ScholarRow {
  id: number;
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
  field_en: string;
  introduction: string;
  introduction_en: string;
  verified: number;
  recommended: number;
  follower_count: number;
  portrait: string;
  sections: string;
}

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

export function scholarRoutes(db: Db, accounts: Accounts, publicOrigin: string): RouteDefinition[] {
  const iso = (context: ApiContext) => context.now().toISOString();
  const followedBy = (context: ApiContext): Set<string> => {
    const who = accounts.current(context);
    if (!("user" in who)) return new Set();
    return new Set(db.prepare("SELECT author_code FROM follows WHERE user_id = ?").pluck().all(who.user.id) as string[]);
  };

  const list = (where: string) => (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params);
    const keyword = typeof context.params.keyword === "string" ? context.params.keyword.trim().slice(0, 50) : "";
    const filter = keyword ? " AND (name LIKE ? OR name_en LIKE ? OR org_name LIKE ? OR org_name_en LIKE ? OR field LIKE ? OR field_en LIKE ?)" : "";
    const args = keyword ? Array(6).fill(`%${keyword.replace(/[%_]/g, "")}%`) : [];
    const total = db
      .prepare(`SELECT COUNT(*) FROM scholars WHERE ${where}${filter}`)
      .pluck()
      .get(...args) as number;
    const rows = db
      .prepare(`SELECT * FROM scholars WHERE ${where}${filter} ORDER BY verified DESC, follower_count DESC, id LIMIT ? OFFSET ?`)
      .all(...args, pageSize, (pageNum - 1) * pageSize) as ScholarRow[];
    const followed = followedBy(context);
    return ok({ list: rows.map((row) => toScholar(row, followed.has(row.author_code))), total, pageNum, pageSize });
  };

  /**
   * A verification application: "claim" names an existing profile nobody owns (authorCode, from /author/querySimilarAuthor)
   * or none, "create" asks for a new profile. Approval links or creates it (reviewClaim). The institutional email's
   * confirmation link goes out like every other message (the outbox, and the console when the outbox page is off).
   */
  const submitClaim = (context: ApiContext, user: UserRow, mode: "claim" | "create") => {
    if (user.author_code) return fail(0, say(context, "您已通过学者认证", "You are already a verified scholar"));
    const claimed = mode === "claim" && typeof context.params.authorCode === "string" ? context.params.authorCode.trim() : "";
    const { authorCode: _named, ...form } = context.params;
    const body = validateBody<ScholarClaimForm>({ ...context, params: form }, formKit(scholarClaimSchema, scholarClaimValidators));
    if (!body.ok) return body.envelope;
    if (claimed && !claimableProfile(db, claimed))
      return fail(0, say(context, "该学者主页不存在或已被认领", "That profile does not exist or has been claimed"));
    const email = body.value.email.toLowerCase();
    const token = newToken();
    db.prepare("INSERT INTO email_links (token_hash, user_id, purpose, created_at) VALUES (?, ?, 'claim', ?)").run(sha256(token), user.id, iso(context));
    db.prepare(
      `INSERT INTO scholar_claims (user_id, is_pass, email, details, reason, updated_at) VALUES (?, ?, ?, ?, '', ?)
       ON CONFLICT(user_id) DO UPDATE SET is_pass = excluded.is_pass, email = excluded.email, details = excluded.details, reason = '', updated_at = excluded.updated_at`,
    ).run(user.id, CLAIM.emailPending, email, JSON.stringify({ ...body.value, authorCode: claimed || undefined }), iso(context));
    accounts.sendMessage(
      context,
      "email",
      email,
      "",
      say(
        context,
        `请点击链接确认您的机构邮箱：${publicOrigin}/api/web/email?token=${token}`,
        `Confirm your institutional email by opening: ${publicOrigin}/api/web/email?token=${token}`,
      ),
    );
    return ok({ isPass: CLAIM.emailPending }, say(context, "认证申请已提交，请前往邮箱确认", "Submitted. Please confirm your email"));
  };

  return [
    { method: "ANY", path: "/author/operationAuthorList", handler: list("1 = 1") },
    { method: "ANY", path: "/author/searAuthor", handler: list("1 = 1") },
    { method: "ANY", path: "/recommend/authorList", handler: list("recommended = 1") },
    {
      method: "ANY",
      path: "/author/query",
      handler: (context) => {
        const row = db.prepare("SELECT * FROM scholars WHERE author_code = ?").get(String(context.params.authorCode ?? "")) as ScholarRow | undefined;
        return row ? ok(toScholar(row, followedBy(context).has(row.author_code))) : fail(404, say(context, "学者不存在", "No such scholar"));
      },
    },
    {
      method: "POST",
      path: "/follow/doFollow",
      handler: accounts.withUser((context, user) => {
        if (context.params.userId !== undefined) return toggleUserFollow(db, context, user);
        const authorCode = String(context.params.authorCode ?? "");
        if (!db.prepare("SELECT 1 FROM scholars WHERE author_code = ?").get(authorCode)) return fail(404, say(context, "学者不存在", "No such scholar"));
        const following = db.prepare("SELECT 1 FROM follows WHERE user_id = ? AND author_code = ?").get(user.id, authorCode);
        if (following) {
          db.prepare("DELETE FROM follows WHERE user_id = ? AND author_code = ?").run(user.id, authorCode);
          db.prepare("UPDATE scholars SET follower_count = MAX(0, follower_count - 1) WHERE author_code = ?").run(authorCode);
        } else {
          db.prepare("INSERT INTO follows (user_id, author_code, created_at) VALUES (?, ?, ?)").run(user.id, authorCode, iso(context));
          const scholarUser = db.prepare("SELECT id FROM users WHERE author_code = ?").pluck().get(authorCode) as number | undefined;
          const name = publicName(user);
          if (scholarUser && scholarUser !== user.id)
            notify(
              db,
              scholarUser,
              { kind: "follow", title: `${name} 关注了你`, titleEn: `${name} followed you`, link: `/userHome?userId=${user.id}` },
              context.now(),
            );
          db.prepare("UPDATE scholars SET follower_count = follower_count + 1 WHERE author_code = ?").run(authorCode);
        }
        return ok({ followed: !following });
      }),
    },
    { method: "POST", path: "/author/claim", handler: accounts.withUser((context, user) => submitClaim(context, user, "claim")) },
    { method: "POST", path: "/author/claimAndCreate", handler: accounts.withUser((context, user) => submitClaim(context, user, "create")) },
    ...["/author/checkEmailAudit", "/author/checkClaimStatus"].map(
      (path): RouteDefinition => ({
        method: "ANY",
        path,
        handler: accounts.withUser((_context, user) => {
          if (user.author_code) return ok({ isPass: CLAIM.approved, authorCode: user.author_code });
          const claim = db.prepare("SELECT is_pass, reason, email, details FROM scholar_claims WHERE user_id = ?").get(user.id) as
            | { is_pass: number; reason: string; email: string; details: string }
            | undefined;
          if (!claim) return ok({ isPass: -1 });
          const answer = { isPass: claim.is_pass, reason: claim.reason, email: claim.email };
          // A declined application comes back with what was sent, so it is corrected rather than typed again.
          if (claim.is_pass !== CLAIM.declined) return ok(answer);
          const { authorCode: _claimed, ...sent } = JSON.parse(claim.details) as ScholarClaimForm & { authorCode?: string };
          return ok({ ...answer, sent });
        }),
      }),
    ),
    {
      method: "GET",
      path: "/author/queryAuthorByUserId",
      handler: accounts.withUser((context, user) =>
        user.author_code
          ? { code: 1, message: "ok", data: { authorCode: user.author_code } }
          : fail(0, say(context, "请先完成学者认证", "please complete person verification first"), { verifyAt: "/authentication" }),
      ),
    },
  ];
}

/** The review an administrator would make, for the developer outbox page: approve creates the scholar profile. */
export function reviewClaim(db: Db, userId: number, decision: "approve" | "decline", reason: string, now: Date): boolean {
  const claim = db.prepare("SELECT * FROM scholar_claims WHERE user_id = ? AND is_pass = 0").get(userId) as { details: string; email: string } | undefined;
  if (!claim) return false;
  if (decision === "decline") {
    db.prepare("UPDATE scholar_claims SET is_pass = 1, reason = ?, updated_at = ? WHERE user_id = ?").run(
      reason || "资料不完整 / Incomplete information",
      now.toISOString(),
      userId,
    );
    notify(
      db,
      userId,
      { kind: "claim", title: "学者认领未通过", titleEn: "Your scholar claim was declined", body: reason, bodyEn: reason, link: "/authentication" },
      now,
    );
    return true;
  }
  const details = JSON.parse(claim.details) as ScholarClaimForm & { authorCode?: string };
  const linked = details.authorCode && claimableProfile(db, details.authorCode) ? details.authorCode : null;
  const authorCode = linked ?? `A${String(200000 + userId)}`;
  db.transaction(() => {
    if (linked) db.prepare("UPDATE scholars SET verified = 1 WHERE author_code = ?").run(linked);
    else
      db.prepare(
        `INSERT OR IGNORE INTO scholars (author_code, name, name_en, org_name, org_name_en, field, field_en, introduction, introduction_en, verified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      ).run(
        authorCode,
        details.realName,
        details.realName,
        details.orgName,
        details.orgName,
        details.researchField,
        details.researchField,
        details.introduction ?? "",
        details.introduction ?? "",
      );
    db.prepare("UPDATE users SET author_code = ? WHERE id = ?").run(authorCode, userId);
    db.prepare("UPDATE scholar_claims SET is_pass = 2, updated_at = ? WHERE user_id = ?").run(now.toISOString(), userId);
    notify(db, userId, { kind: "claim", title: "学者认领已通过", titleEn: "Your scholar claim was approved", link: "/authentication" }, now);
  })();
  return true;
}

/** A profile that exists and no user owns yet: the only kind a claim may name. */
export function claimableProfile(db: Db, authorCode: string): boolean {
  return Boolean(
    db.prepare("SELECT 1 FROM scholars s WHERE author_code = ? AND NOT EXISTS (SELECT 1 FROM users u WHERE u.author_code = s.author_code)").get(authorCode),
  );
}
