import type { Db } from "../kernel/db.server.ts";
import type { ScholarRow } from "../scholars/index.server.ts";

/** The columns a name card shows. */
export type NameCardRow = Pick<ScholarRow, "author_code" | "name" | "name_en" | "org_name" | "org_name_en">;

export interface ClaimRow {
  is_pass: number;
  reason: string;
  email: string;
  details: string;
}

export interface ChangeRow {
  status: number;
  reason: string;
  profile: string;
  created_at: string;
}

/** A new profile as an approved claim creates it: the zh texts stand for both languages until the owner edits. */
export interface NewProfile {
  authorCode: string;
  name: string;
  orgName: string;
  field: string;
  introduction: string;
}

/** The profile's columns an approved change writes; the English siblings follow when they were the same. */
export interface ProfileColumns {
  code: string;
  name: string;
  org: string;
  intro: string;
  field: string;
  fieldEn: string;
  portrait: string | null;
  sections: string;
}

export function profileByCode(db: Db, authorCode: string): ScholarRow | undefined {
  return db.prepare("SELECT * FROM scholars WHERE author_code = ?").get(authorCode) as ScholarRow | undefined;
}

/** Whether a profile exists and no user owns it yet. */
export function isClaimable(db: Db, authorCode: string): boolean {
  return Boolean(
    db.prepare("SELECT 1 FROM scholars s WHERE author_code = ? AND NOT EXISTS (SELECT 1 FROM users u WHERE u.author_code = s.author_code)").get(authorCode),
  );
}

/** Unowned profiles whose name (either language) holds `name`, most followed first. */
export function unownedLike(db: Db, name: string): ScholarRow[] {
  return db
    .prepare(
      `SELECT * FROM scholars s WHERE (name LIKE @like OR name_en LIKE @like)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.author_code = s.author_code) ORDER BY follower_count DESC LIMIT 10`,
    )
    .all({ like: `%${name}%` }) as ScholarRow[];
}

/** Scholars whose name (either language) holds `keyword`, lightest shape, verified and most followed first. */
export function scholarsNamedLike(db: Db, keyword: string): NameCardRow[] {
  return db
    .prepare(
      "SELECT author_code, name, name_en, org_name, org_name_en FROM scholars WHERE name LIKE @like OR name_en LIKE @like ORDER BY verified DESC, follower_count DESC LIMIT 10",
    )
    .all({ like: `%${keyword}%` }) as NameCardRow[];
}

export function claimOf(db: Db, userId: number): ClaimRow | undefined {
  return db.prepare("SELECT is_pass, reason, email, details FROM scholar_claims WHERE user_id = ?").get(userId) as ClaimRow | undefined;
}

/** The claim's one-time email link (answered by the accounts' GET /web/email). */
export function insertClaimLink(db: Db, tokenHash: string, userId: number, at: string): void {
  db.prepare("INSERT INTO email_links (token_hash, user_id, purpose, created_at) VALUES (?, ?, 'claim', ?)").run(tokenHash, userId, at);
}

/** A person's one application, new or replacing the earlier one. */
export function upsertClaim(db: Db, userId: number, isPass: number, email: string, details: string, at: string): void {
  db.prepare(
    `INSERT INTO scholar_claims (user_id, is_pass, email, details, reason, updated_at) VALUES (?, ?, ?, ?, '', ?)
     ON CONFLICT(user_id) DO UPDATE SET is_pass = excluded.is_pass, email = excluded.email, details = excluded.details, reason = '', updated_at = excluded.updated_at`,
  ).run(userId, isPass, email, details, at);
}

export function updateClaimDetails(db: Db, userId: number, details: string, isPass: number, at: string): void {
  db.prepare("UPDATE scholar_claims SET details = ?, is_pass = ?, reason = '', updated_at = ? WHERE user_id = ?").run(details, isPass, at, userId);
}

/** A claim waiting for review (its email confirmed). */
export function waitingClaim(db: Db, userId: number): { details: string; email: string } | undefined {
  return db.prepare("SELECT * FROM scholar_claims WHERE user_id = ? AND is_pass = 0").get(userId) as { details: string; email: string } | undefined;
}

export function declineClaim(db: Db, userId: number, reason: string, at: string): void {
  db.prepare("UPDATE scholar_claims SET is_pass = 1, reason = ?, updated_at = ? WHERE user_id = ?").run(reason, at, userId);
}

export function approveClaim(db: Db, userId: number, at: string): void {
  db.prepare("UPDATE scholar_claims SET is_pass = 2, updated_at = ? WHERE user_id = ?").run(at, userId);
}

export function markVerified(db: Db, authorCode: string): void {
  db.prepare("UPDATE scholars SET verified = 1 WHERE author_code = ?").run(authorCode);
}

export function insertVerifiedProfile(db: Db, profile: NewProfile): void {
  db.prepare(
    `INSERT OR IGNORE INTO scholars (author_code, name, name_en, org_name, org_name_en, field, field_en, introduction, introduction_en, verified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(
    profile.authorCode,
    profile.name,
    profile.name,
    profile.orgName,
    profile.orgName,
    profile.field,
    profile.field,
    profile.introduction,
    profile.introduction,
  );
}

export function linkUser(db: Db, userId: number, authorCode: string): void {
  db.prepare("UPDATE users SET author_code = ? WHERE id = ?").run(authorCode, userId);
}

export function latestChangeRow(db: Db, authorCode: string): ChangeRow | undefined {
  return db.prepare("SELECT status, reason, profile, created_at FROM scholar_profile_changes WHERE author_code = ? ORDER BY id DESC LIMIT 1").get(authorCode) as
    | ChangeRow
    | undefined;
}

/** One waiting change per profile: a newer edit replaces the waiting one. */
export function upsertWaitingChange(db: Db, authorCode: string, userId: number, profile: string, at: string): void {
  db.prepare(
    `INSERT INTO scholar_profile_changes (author_code, user_id, profile, status, created_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (author_code) WHERE status = 0 DO UPDATE SET profile = excluded.profile, user_id = excluded.user_id, created_at = excluded.created_at`,
  ).run(authorCode, userId, profile, at);
}

export function waitingChangeOf(db: Db, authorCode: string): { id: number; profile: string } | undefined {
  return db.prepare("SELECT id, profile FROM scholar_profile_changes WHERE author_code = ? AND status = 0").get(authorCode) as
    | { id: number; profile: string }
    | undefined;
}

export function decideChange(db: Db, id: number, status: number, reason: string, at: string): void {
  db.prepare("UPDATE scholar_profile_changes SET status = ?, reason = ?, decided_at = ? WHERE id = ?").run(status, reason, at, id);
}

export function waitingChanges(db: Db): { authorCode: string; userId: number; profile: string; createdAt: string }[] {
  return db
    .prepare("SELECT author_code AS authorCode, user_id AS userId, profile, created_at AS createdAt FROM scholar_profile_changes WHERE status = 0 ORDER BY id")
    .all() as { authorCode: string; userId: number; profile: string; createdAt: string }[];
}

export function updateProfile(db: Db, columns: ProfileColumns): void {
  db.prepare(
    `UPDATE scholars SET name = @name, name_en = CASE WHEN name_en = name THEN @name ELSE name_en END,
       org_name = @org, org_name_en = CASE WHEN org_name_en = org_name THEN @org ELSE org_name_en END,
       introduction = @intro, introduction_en = CASE WHEN introduction_en = introduction THEN @intro ELSE introduction_en END,
       field = @field, field_en = @fieldEn, portrait = COALESCE(@portrait, portrait), sections = @sections
     WHERE author_code = @code`,
  ).run(columns);
}
