import { randomBytes } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import * as queries from "./queries.server.ts";

/** People a list shows: the latest; the count is always the whole. */
export const PEOPLE_SHOWN = 50;

/** One person's invite code for one room, made on first ask and the same ever after. */
export function inviteCode(db: Db, planId: number, userId: number, at: Date): string {
  return db
    .transaction(() => {
      const known = queries.inviteCodeOf(db, planId, userId);
      if (known) return known;
      const code = randomBytes(9).toString("base64url");
      queries.insertInvite(db, code, planId, userId, at.toISOString());
      return code;
    })
    .immediate();
}

/**
 * A person comes to a room, perhaps through someone's invite: counted once per person and room (the primary key, in
 * one transaction), credited to the first invite they came with; one's own link credits nobody.
 */
export function joinAudience(db: Db, planId: number, userId: number, invite: string | null, at: Date): { joined: boolean; invited: boolean } {
  return db
    .transaction(() => {
      const inviter = invite ? queries.inviterOf(db, invite, planId) : undefined;
      const invitedBy = inviter !== undefined && inviter !== userId ? inviter : null;
      const joined = queries.insertAudience(db, planId, userId, invitedBy, at.toISOString());
      return { joined, invited: joined && invitedBy !== null };
    })
    .immediate();
}

/** A person as lists show them: the scholar's name, else the nickname; never the account name (a phone or email). */
export function personOf(row: queries.PersonRow): { name: string; nameEn: string; joinTime: string } {
  const name = row.name || row.nickname || "";
  return { name, nameEn: row.name_en || name, joinTime: row.joined_at };
}
