import type { OpsPasswordLinkPurpose, OpsStaffMember, StaffRole } from "@contracts/ops.ts";
import { audit, ConsoleRefusal } from "./answers.server.ts";
import { hashPassword, newToken, sha256 } from "./credentials.server.ts";
import type { SqlEngine, SqlRunner } from "./sql-engine.server.ts";

/** How long a link to set a password works (ADR 078). */
export const PASSWORD_LINK_MS = 24 * 3_600_000;
export const STAFF_ROLES: readonly StaffRole[] = ["admin", "publisher", "editor"];
export const USERNAME = /^[a-z][a-z0-9_.-]{1,31}$/;
export const MIN_PASSWORD_LENGTH = 10;

/** A link made for a person: the token (shown once, to the admin and on the server's console) and when it expires. */
export interface PasswordLink {
  username: string;
  purpose: OpsPasswordLinkPurpose;
  token: string;
  expiresAt: string;
}

interface StaffRow {
  username: string;
  role: StaffRole;
  password_hash: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  link_expires_at: string | null;
}

/** A refusal the console shows at the field it names (the text is the catalogue key's last part, see ops.json staff.problems). */
const refuse = (code: number, problem: string, field?: string) => new ConsoleRefusal(code, problem, { problem, ...(field ? { field } : {}) });

const memberOf = (row: StaffRow, at: Date): OpsStaffMember => ({
  username: row.username,
  role: row.role,
  state: row.disabled_at ? "disabled" : row.password_hash ? "active" : "waiting",
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  disabledAt: row.disabled_at,
  linkExpiresAt: row.link_expires_at && row.link_expires_at > at.toISOString() ? row.link_expires_at : null,
});

/**
 * Staff managed in the console by an admin (ADR 078): added without a password, disabled and enabled again, reset; every
 * person sets their own password through a one-time link (the token's SHA-256 kept, 24 hours, used once). Every change
 * is audited in the transaction that makes it.
 */
export function createStaffAdmin(engine: SqlEngine) {
  const issueLink = async (tx: SqlRunner, username: string, purpose: OpsPasswordLinkPurpose, by: string, at: Date): Promise<PasswordLink> => {
    // A new link replaces any earlier one still unused: only the latest link sent works.
    await tx.run("DELETE FROM ops_password_links WHERE username = ? AND used_at IS NULL", [username]);
    const token = newToken();
    const expiresAt = new Date(at.getTime() + PASSWORD_LINK_MS).toISOString();
    await tx.run("INSERT INTO ops_password_links (token_hash, username, purpose, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)", [
      sha256(token),
      username,
      purpose,
      by,
      at.toISOString(),
      expiresAt,
    ]);
    return { username, purpose, token, expiresAt };
  };

  const rowOf = (tx: SqlRunner, username: string) =>
    tx.get<StaffRow>("SELECT username, role, password_hash, disabled_at, created_at, updated_at, NULL AS link_expires_at FROM ops_staff WHERE username = ?", [
      username,
    ]);

  /** The last admin who can sign in stays: nobody could manage staff without them. */
  const keepAnAdmin = async (tx: SqlRunner, username: string) => {
    const others = await tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM ops_staff WHERE role = 'admin' AND disabled_at IS NULL AND username <> ?", [
      username,
    ]);
    if (Number(others?.n ?? 0) === 0) throw refuse(409, "lastAdmin");
  };

  const list = async (at: Date): Promise<OpsStaffMember[]> => {
    const rows = await engine.all<StaffRow>(
      `SELECT s.username, s.role, s.password_hash, s.disabled_at, s.created_at, s.updated_at,
              (SELECT MAX(l.expires_at) FROM ops_password_links l WHERE l.username = s.username AND l.used_at IS NULL) AS link_expires_at
       FROM ops_staff s ORDER BY s.username`,
    );
    return rows.map((row) => memberOf(row, at));
  };

  const add = (by: string, username: string, role: StaffRole, at: Date): Promise<PasswordLink> => {
    if (!USERNAME.test(username)) throw refuse(400, "username", "username");
    if (!STAFF_ROLES.includes(role)) throw refuse(400, "role", "role");
    return engine.transaction(async (tx) => {
      if (await rowOf(tx, username)) throw refuse(409, "taken", "username");
      await tx.run("INSERT INTO ops_staff (username, role, password_hash, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)", [
        username,
        role,
        at.toISOString(),
        at.toISOString(),
      ]);
      await audit(tx, at, by, "staffAdded", { detail: `${username} ${role}` });
      return issueLink(tx, username, "invite", by, at);
    });
  };

  const existing = async (tx: SqlRunner, username: string): Promise<StaffRow> => {
    const row = await rowOf(tx, username);
    if (!row) throw refuse(404, "noSuchStaff");
    return row;
  };

  const changeRole = (by: string, username: string, role: StaffRole, at: Date): Promise<void> => {
    if (!STAFF_ROLES.includes(role)) throw refuse(400, "role", "role");
    return engine.transaction(async (tx) => {
      const row = await existing(tx, username);
      if (row.role === role) return;
      if (row.role === "admin") await keepAnAdmin(tx, username);
      await tx.run("UPDATE ops_staff SET role = ?, updated_at = ? WHERE username = ?", [role, at.toISOString(), username]);
      await audit(tx, at, by, "staffRoleChanged", { detail: `${username} ${row.role} ${role}` });
    });
  };

  /** Disabling ends the person's sessions in the same transaction: their next call is refused. */
  const setDisabled = (by: string, username: string, disabled: boolean, at: Date): Promise<void> =>
    engine.transaction(async (tx) => {
      const row = await existing(tx, username);
      if (disabled && username === by) throw refuse(409, "notYourself");
      if (disabled && row.role === "admin") await keepAnAdmin(tx, username);
      await tx.run("UPDATE ops_staff SET disabled_at = ?, updated_at = ? WHERE username = ?", [disabled ? at.toISOString() : null, at.toISOString(), username]);
      if (disabled) {
        await tx.run("DELETE FROM ops_sessions WHERE username = ?", [username]);
        await tx.run("DELETE FROM ops_password_links WHERE username = ? AND used_at IS NULL", [username]);
      }
      await audit(tx, at, by, disabled ? "staffDisabled" : "staffEnabled", { detail: username });
    });

  /** A reset takes the password away and ends the sessions at once (it may have leaked), and makes a link for a new one. */
  const reset = (by: string, username: string, at: Date): Promise<PasswordLink> =>
    engine.transaction(async (tx) => {
      const row = await existing(tx, username);
      if (row.disabled_at) throw refuse(409, "disabled");
      await tx.run("UPDATE ops_staff SET password_hash = NULL, updated_at = ? WHERE username = ?", [at.toISOString(), username]);
      await tx.run("DELETE FROM ops_sessions WHERE username = ?", [username]);
      await audit(tx, at, by, "staffReset", { detail: username });
      return issueLink(tx, username, "reset", by, at);
    });

  /** The store's very first admin, for the command line: refused once any admin exists (then admins add staff). */
  const firstAdmin = (username: string, at: Date): Promise<PasswordLink> => {
    if (!USERNAME.test(username)) throw refuse(400, "username", "username");
    return engine.transaction(async (tx) => {
      const admins = await tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM ops_staff WHERE role = 'admin'");
      if (Number(admins?.n ?? 0) > 0) throw refuse(409, "adminExists");
      const row = await rowOf(tx, username);
      if (row) await tx.run("UPDATE ops_staff SET role = 'admin', updated_at = ? WHERE username = ?", [at.toISOString(), username]);
      else
        await tx.run("INSERT INTO ops_staff (username, role, password_hash, created_at, updated_at) VALUES (?, 'admin', NULL, ?, ?)", [
          username,
          at.toISOString(),
          at.toISOString(),
        ]);
      await audit(tx, at, "setup", "staffAdded", { detail: `${username} admin` });
      return issueLink(tx, username, "setup", "setup", at);
    });
  };

  const linkOf = async (tx: SqlRunner, token: string, at: Date) => {
    const link = await tx.get<{ username: string; purpose: OpsPasswordLinkPurpose; expires_at: string; used_at: string | null; disabled_at: string | null }>(
      "SELECT l.username, l.purpose, l.expires_at, l.used_at, s.disabled_at FROM ops_password_links l JOIN ops_staff s ON s.username = l.username WHERE l.token_hash = ?",
      [sha256(token)],
    );
    if (!link || link.used_at || link.disabled_at || link.expires_at <= at.toISOString()) throw refuse(410, "linkGone");
    return link;
  };

  /** Who a link is for, before the person types a password (a used, expired or unknown link is 410). */
  const linkInfo = async (token: string, at: Date) => {
    const link = await linkOf(engine, token, at);
    return { username: link.username, purpose: link.purpose, expiresAt: link.expires_at };
  };

  /** The person's own password, through their link: used once, and every other session of theirs ends. */
  const setPassword = (token: string, password: string, ip: string | undefined, at: Date): Promise<{ username: string }> => {
    if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) throw refuse(400, "passwordLength", "password");
    return engine.transaction(async (tx) => {
      const link = await linkOf(tx, token, at);
      const used = await tx.run("UPDATE ops_password_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", [at.toISOString(), sha256(token)]);
      if (used !== 1) throw refuse(410, "linkGone");
      await tx.run("UPDATE ops_staff SET password_hash = ?, updated_at = ? WHERE username = ?", [hashPassword(password), at.toISOString(), link.username]);
      await tx.run("DELETE FROM ops_sessions WHERE username = ?", [link.username]);
      await audit(tx, at, link.username, "passwordSet", { detail: link.purpose, ip });
      return { username: link.username };
    });
  };

  return { list, add, changeRole, setDisabled, reset, firstAdmin, linkInfo, setPassword };
}

export type StaffAdmin = ReturnType<typeof createStaffAdmin>;
