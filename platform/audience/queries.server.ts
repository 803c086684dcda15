import type { Db } from "../kernel/db.server.ts";

export interface PersonRow {
  user_id: number;
  nickname: string | null;
  name: string | null;
  name_en: string | null;
  joined_at: string;
}

export const inviteCodeOf = (db: Db, planId: number, userId: number) =>
  db.prepare("SELECT code FROM plan_invites WHERE plan_id = ? AND user_id = ?").pluck().get(planId, userId) as string | undefined;

export const insertInvite = (db: Db, code: string, planId: number, userId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO plan_invites (code, plan_id, user_id, created_at) VALUES (?, ?, ?, ?)").run(code, planId, userId, at);

export const inviterOf = (db: Db, code: string, planId: number) =>
  db.prepare("SELECT user_id FROM plan_invites WHERE code = ? AND plan_id = ?").pluck().get(code, planId) as number | undefined;

/** Adds a person to a room's audience; false when they had come before (the first visit's inviter stays). */
export const insertAudience = (db: Db, planId: number, userId: number, invitedBy: number | null, at: string) =>
  db.prepare("INSERT OR IGNORE INTO plan_audience (plan_id, user_id, invited_by, joined_at) VALUES (?, ?, ?, ?)").run(planId, userId, invitedBy, at).changes ===
  1;

export const audienceCount = (db: Db, planId: number) => db.prepare("SELECT COUNT(*) FROM plan_audience WHERE plan_id = ?").pluck().get(planId) as number;

export const invitedCount = (db: Db, planId: number, inviterId: number) =>
  db.prepare("SELECT COUNT(*) FROM plan_audience WHERE plan_id = ? AND invited_by = ?").pluck().get(planId, inviterId) as number;

const PEOPLE = `SELECT a.user_id, u.nickname, s.name, s.name_en, a.joined_at FROM plan_audience a JOIN users u ON u.id = a.user_id
  LEFT JOIN scholars s ON s.author_code = u.author_code`;

export const latestAudience = (db: Db, planId: number, limit: number) =>
  db.prepare(`${PEOPLE} WHERE a.plan_id = ? ORDER BY a.joined_at DESC, a.user_id DESC LIMIT ?`).all(planId, limit) as PersonRow[];

export const invitedPeople = (db: Db, planId: number, inviterId: number, limit: number) =>
  db
    .prepare(`${PEOPLE} WHERE a.plan_id = ? AND a.invited_by = ? ORDER BY a.joined_at DESC, a.user_id DESC LIMIT ?`)
    .all(planId, inviterId, limit) as PersonRow[];
