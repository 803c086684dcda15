import type { StaffRole } from "@contracts/ops.ts";
import { addressKey } from "@contracts/client-address.server.ts";
import { audit, ConsoleRefusal, fail, ok, type ConsoleAnswer } from "./answers.server.ts";
import { hashPassword, newToken, sha256, verifyPassword } from "./credentials.server.ts";
import type { SqlEngine } from "./sql-engine.server.ts";
import { MIN_PASSWORD_LENGTH, STAFF_ROLES, USERNAME } from "./staff-admin.server.ts";

export interface LoginLimits {
  /** A session ends after this long without a call… */
  idleMs?: number;
  /** …and this long after sign-in at the latest. */
  absoluteMs?: number;
  /** Failed sign-ins (per name, and per address) answered at once; each one after them makes the next try wait (ADR 042). */
  freeLoginFailures?: number;
  /** The first wait; each further failure doubles it… */
  firstWaitMs?: number;
  /** …up to this for a name (a stranger can make a name wait no longer than this)… */
  maxNameWaitMs?: number;
  /** …and up to this for an address (a guesser makes only their own address wait). */
  maxAddressWaitMs?: number;
  /** Failures per name or per address after which every try needs the captcha. */
  captchaAfterFailures?: number;
  /** A name's or an address's failures are forgotten this long after the last one. */
  failureMemoryMs?: number;
  /** Sign-in calls per address per minute, whatever they carry. */
  loginCallsPerMinute?: number;
}

export interface StaffSession {
  username: string;
  role: StaffRole;
  expiresAt: number;
  idleExpiresAt: number;
}

export interface LoginAttempt {
  username: unknown;
  password: unknown;
  randStr?: unknown;
  ticket?: unknown;
  ip: string;
  at: Date;
}

export const sessionAnswer = (session: StaffSession) => ({
  username: session.username,
  role: session.role,
  expiresAt: new Date(session.expiresAt).toISOString(),
  idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
});

/** Staff accounts, their sessions and the sign-in limits of ADR 042, on either engine. */
export function createStaffAccess(engine: SqlEngine, limits: LoginLimits, spendCaptcha: (randStr: string, ticket: string) => Promise<boolean>) {
  const idleMs = limits.idleMs ?? 30 * 60_000;
  const absoluteMs = limits.absoluteMs ?? 12 * 3_600_000;
  const freeFailures = limits.freeLoginFailures ?? 3;
  const firstWaitMs = limits.firstWaitMs ?? 2_000;
  const maxNameWaitMs = limits.maxNameWaitMs ?? 60_000;
  const maxAddressWaitMs = limits.maxAddressWaitMs ?? 15 * 60_000;
  const captchaAfter = limits.captchaAfterFailures ?? 3;
  const failureMemoryMs = limits.failureMemoryMs ?? 24 * 3_600_000;
  const loginCallsPerMinute = limits.loginCallsPerMinute ?? 30;
  let unknownNameHash: string | undefined;

  const saveStaff = async (username: string, role: StaffRole, password: string | null, at: Date): Promise<"created" | "updated"> => {
    if (!USERNAME.test(username)) throw new Error("a staff name is 2-32 characters: lower-case letters, digits, _ . -, starting with a letter");
    if (!STAFF_ROLES.includes(role)) throw new Error(`the role must be one of ${STAFF_ROLES.join(", ")}`);
    if (password !== null && password.length < MIN_PASSWORD_LENGTH) throw new Error(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    return engine.transaction(async (tx) => {
      const existing = await tx.get("SELECT username FROM ops_staff WHERE username = ?", [username]);
      if (!existing && password === null) throw new Error(`a new staff member needs a password (${username} does not exist yet)`);
      if (existing) {
        await tx.run("UPDATE ops_staff SET role = ?, updated_at = ? WHERE username = ?", [role, at.toISOString(), username]);
        if (password !== null) {
          await tx.run("UPDATE ops_staff SET password_hash = ? WHERE username = ?", [hashPassword(password), username]);
          // A new password ends every session the old one opened.
          await tx.run("DELETE FROM ops_sessions WHERE username = ?", [username]);
        }
      } else {
        await tx.run("INSERT INTO ops_staff (username, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", [
          username,
          role,
          hashPassword(password as string),
          at.toISOString(),
          at.toISOString(),
        ]);
      }
      await audit(tx, at, "ops:add-staff", "staffSaved", { detail: `${username} ${existing ? "now" : "added as"} ${role}` });
      return existing ? "updated" : "created";
    });
  };

  const sessionOf = async (token: string | undefined, at: Date): Promise<StaffSession> => {
    if (!token) throw new ConsoleRefusal(401, "no staff session");
    const now = at.getTime();
    const hash = sha256(token);
    const row = await engine.get<{ username: string; last_seen_at: number; expires_at: number; role: StaffRole }>(
      // A disabled account's sessions were deleted with the change; the join refuses one that raced it.
      "SELECT s.username, s.last_seen_at, s.expires_at, st.role FROM ops_sessions s JOIN ops_staff st ON st.username = s.username WHERE s.token_hash = ? AND st.disabled_at IS NULL",
      [hash],
    );
    if (!row || now >= row.expires_at || now >= row.last_seen_at + idleMs) {
      if (row) await engine.run("DELETE FROM ops_sessions WHERE token_hash = ?", [hash]);
      throw new ConsoleRefusal(401, "the staff session has ended");
    }
    await engine.run("UPDATE ops_sessions SET last_seen_at = ? WHERE token_hash = ?", [now, hash]);
    return { username: row.username, role: row.role, expiresAt: row.expires_at, idleExpiresAt: Math.min(row.expires_at, now + idleMs) };
  };

  const endSession = (token: string) => engine.run("DELETE FROM ops_sessions WHERE token_hash = ?", [sha256(token)]);

  /** Counts a call in a per-minute bucket: false (and not counted) when the bucket is full. */
  const allow = async (bucket: string, max: number, now: number): Promise<boolean> => {
    const used = await engine.get<{ n: number }>("SELECT COUNT(*) AS n FROM ops_rate_events WHERE bucket = ? AND at > ?", [bucket, now - 60_000]);
    if ((used?.n ?? 0) >= max) return false;
    await engine.run("INSERT INTO ops_rate_events (bucket, at) VALUES (?, ?)", [bucket, now]);
    return true;
  };

  /** A name's or an address's recent failures: how many, and when the last was (forgotten failureMemoryMs after it). */
  const failuresOf = async (key: string, now: number): Promise<{ failures: number; last: number }> => {
    const row = await engine.get<{ failures: number; last_failed_at: number }>("SELECT failures, last_failed_at FROM ops_login_failures WHERE key = ?", [key]);
    return row && now - row.last_failed_at <= failureMemoryMs ? { failures: row.failures, last: row.last_failed_at } : { failures: 0, last: now };
  };
  const recordFailure = (key: string, now: number) =>
    engine.run(
      `INSERT INTO ops_login_failures (key, failures, last_failed_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE
       SET failures = CASE WHEN ops_login_failures.last_failed_at < ? THEN 1 ELSE ops_login_failures.failures + 1 END,
           last_failed_at = excluded.last_failed_at`,
      [key, now, now - failureMemoryMs],
    );
  /** How long a try waits after this many failures: nothing for the first few, then firstWaitMs doubling up to the cap. */
  const waitAfter = (failures: number, capMs: number) =>
    failures < freeFailures ? 0 : Math.min(capMs, firstWaitMs * 2 ** Math.min(30, failures - freeFailures));

  /** The refusal before any password is checked: a flood, a wait still running, or a captcha missing or wrong. */
  const refusalBeforeCheck = async (attempt: LoginAttempt, username: string, nameKey: string, addressKeyed: string): Promise<ConsoleAnswer | null> => {
    const now = attempt.at.getTime();
    const refuse = async (code: number, message: string, detail: string, data: Record<string, unknown>) => {
      await audit(engine, attempt.at, username || "?", "loginRefused", { detail, ip: attempt.ip });
      return fail(code, message, data);
    };
    // Calls beyond the address's budget are refused unread; only the first of each minute is recorded, so a flood
    // cannot fill the log.
    await engine.run("DELETE FROM ops_rate_events WHERE at <= ?", [now - 60_000]);
    if (!(await allow(`ops-login-call:${addressKey(attempt.ip)}`, loginCallsPerMinute, now))) {
      if (await allow(`ops-login-flood:${addressKey(attempt.ip)}`, 1, now))
        await audit(engine, attempt.at, username || "?", "loginRefused", {
          detail: `more than ${loginCallsPerMinute} sign-in calls a minute from this address`,
          ip: attempt.ip,
        });
      return fail(429, "too many sign-in calls; try again in 60 s", { retryAfterSeconds: 60 });
    }
    // Failures past their memory are gone for good, so names a guesser made up do not pile up.
    await engine.run("DELETE FROM ops_login_failures WHERE last_failed_at < ?", [now - failureMemoryMs]);
    const byName = await failuresOf(nameKey, now);
    const byAddress = await failuresOf(addressKeyed, now);
    const captchaRequired = byName.failures >= captchaAfter || byAddress.failures >= captchaAfter;
    const waitMs = Math.max(
      byName.last + waitAfter(byName.failures, maxNameWaitMs) - now,
      byAddress.last + waitAfter(byAddress.failures, maxAddressWaitMs) - now,
    );
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return refuse(429, `try again in ${seconds} s`, `asked to wait ${seconds} s after failed sign-ins`, { retryAfterSeconds: seconds, captchaRequired });
    }
    if (!captchaRequired) return null;
    const randStr = typeof attempt.randStr === "string" ? attempt.randStr : "";
    const ticket = typeof attempt.ticket === "string" ? attempt.ticket : "";
    if (!randStr || !ticket) return refuse(428, "the captcha is required", "no captcha after failed sign-ins", { captchaRequired: true });
    if (!(await spendCaptcha(randStr, ticket)))
      return refuse(428, "the captcha answer is wrong", "wrong captcha", { captchaRequired: true, captchaWrong: true });
    return null;
  };

  /**
   * Staff sign-in (ADR 042). Nothing locks an account: failures slow the next try by name and by address (a wait that
   * doubles, answered as "try again in N s"; the name's wait is capped low, so a stranger can delay its owner by a
   * minute at most) and ask for the captcha after a few. Every refusal goes into the audit log. The address is the one
   * Express found for the request (under TRUST_PROXY), never a field of the body.
   */
  const login = async (attempt: LoginAttempt): Promise<ConsoleAnswer> => {
    const username = String(attempt.username ?? "")
      .trim()
      .toLowerCase()
      .slice(0, 64);
    const password = String(attempt.password ?? "");
    const now = attempt.at.getTime();
    const nameKey = `name:${username}`;
    const addressKeyed = `address:${addressKey(attempt.ip)}`;
    const refused = await refusalBeforeCheck(attempt, username, nameKey, addressKeyed);
    if (refused) return refused;
    // A disabled account, or one whose password is still to be set through its link, signs in as no account does.
    const staff = await engine.get<{ username: string; role: StaffRole; password_hash: string }>(
      "SELECT username, role, password_hash FROM ops_staff WHERE username = ? AND disabled_at IS NULL AND password_hash IS NOT NULL",
      [username],
    );
    // A missing name costs the same scrypt as a wrong password, so timing does not tell which names exist.
    unknownNameHash ??= hashPassword(newToken());
    const valid = verifyPassword(password, staff?.password_hash ?? unknownNameHash) && staff !== undefined;
    if (!valid || !staff) {
      await recordFailure(nameKey, now);
      await recordFailure(addressKeyed, now);
      const name = await failuresOf(nameKey, now);
      const address = await failuresOf(addressKeyed, now);
      const nextWaitMs = Math.max(waitAfter(name.failures, maxNameWaitMs), waitAfter(address.failures, maxAddressWaitMs));
      await audit(engine, attempt.at, username || "?", "loginRefused", { detail: "wrong name or password", ip: attempt.ip });
      return fail(401, "wrong name or password", {
        captchaRequired: name.failures >= captchaAfter || address.failures >= captchaAfter,
        ...(nextWaitMs > 0 ? { retryAfterSeconds: Math.ceil(nextWaitMs / 1000) } : {}),
      });
    }
    const token = newToken();
    await engine.transaction(async (tx) => {
      // The owner is back: the name's failures go (the address keeps its own, as it may be a guesser's too).
      await tx.run("DELETE FROM ops_login_failures WHERE key = ?", [nameKey]);
      await tx.run("DELETE FROM ops_sessions WHERE expires_at <= ?", [now]);
      await tx.run("INSERT INTO ops_sessions (token_hash, username, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)", [
        sha256(token),
        staff.username,
        now,
        now,
        now + absoluteMs,
      ]);
      await audit(tx, attempt.at, staff.username, "login", { ip: attempt.ip });
    });
    return ok({ token, ...sessionAnswer({ username: staff.username, role: staff.role, expiresAt: now + absoluteMs, idleExpiresAt: now + idleMs }) });
  };

  return { saveStaff, sessionOf, endSession, login };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
