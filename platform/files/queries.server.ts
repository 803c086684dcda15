import type { Db } from "../kernel/db.server.ts";

/** A person's own profile fields (/userInfo/info); an undefined field stays as it is. */
export function updateProfile(db: Db, userId: number, profile: { nickname?: string; portraitUrl?: string }): void {
  if (profile.nickname !== undefined) db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run(profile.nickname, userId);
  if (profile.portraitUrl !== undefined) db.prepare("UPDATE users SET portrait_url = ? WHERE id = ?").run(profile.portraitUrl, userId);
}
