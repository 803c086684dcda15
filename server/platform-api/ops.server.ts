import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { OpsAuditAction, OpsProblem, StaffRole } from "@contracts/ops.ts";
import type { Db } from "./db.server.ts";
import type { HotSearches } from "./hot-searches.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./router.server.ts";
import { allow, hashPassword, newToken, sha256, verifyPassword } from "./support.server.ts";
import { schemaProblems } from "./ops-schema.server.ts";
import { spendCaptcha } from "./captcha.server.ts";
import { addressKey } from "./client-address.server.ts";

/**
 * The operations console's side of the platform (ADR 026): staff, their sessions, the audit log, and page configs as
 * versions with one draft per path. The paths under /opsConsole are internal: our server calls them with the staff
 * member's session in the `opsSession` header and never forwards a browser's /api call to them.
 */

export const OPS_CONSOLE_PREFIX = "/opsConsole";
/** The publisher name of versions taken from the repository's page-configs/. */
export const REPOSITORY_PUBLISHER = "repository";

export interface OpsConsoleOptions {
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
  /** CAPTCHA=test (local only): any captcha answer passes, as on the site's own forms. */
  captchaTestMode?: boolean;
}

export interface StaffSession {
  username: string;
  role: StaffRole;
  expiresAt: number;
  idleExpiresAt: number;
}

export interface LiveVersion {
  path: string;
  version: number;
  text: string;
}

interface VersionRow {
  path: string;
  version: number;
  config: string;
  publisher: string;
  published_at: string;
  note: string | null;
  repository_hash: string | null;
}

interface DraftRow {
  path: string;
  text: string;
  base_version: number | null;
  editor: string;
  updated_at: string;
}

const USERNAME = /^[a-z][a-z0-9_.-]{1,31}$/;
const MIN_PASSWORD_LENGTH = 10;

/** A refusal the console's routes answer with: the code our server maps to its HTTP status. */
class ConsoleRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** How many of the hot searches the console shows: the public list's ten and the ones next in line. */
const HOT_SEARCHES_SHOWN = 30;

export function createOpsConsole(db: Db, hotSearches: HotSearches, options: OpsConsoleOptions = {}) {
  const idleMs = options.idleMs ?? 30 * 60_000;
  const absoluteMs = options.absoluteMs ?? 12 * 3_600_000;
  const freeFailures = options.freeLoginFailures ?? 3;
  const firstWaitMs = options.firstWaitMs ?? 2_000;
  const maxNameWaitMs = options.maxNameWaitMs ?? 60_000;
  const maxAddressWaitMs = options.maxAddressWaitMs ?? 15 * 60_000;
  const captchaAfter = options.captchaAfterFailures ?? 3;
  const failureMemoryMs = options.failureMemoryMs ?? 24 * 3_600_000;
  const loginCallsPerMinute = options.loginCallsPerMinute ?? 30;
  let unknownNameHash: string | undefined;

  const audit = (
    at: Date,
    actor: string,
    action: OpsAuditAction,
    fields: { path?: string | null; version?: number | null; detail?: string | null; ip?: string } = {},
  ) => {
    db.prepare("INSERT INTO ops_audit (at, actor, action, path, version, detail, ip) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
      at.toISOString(),
      actor,
      action,
      fields.path ?? null,
      fields.version ?? null,
      fields.detail ?? null,
      fields.ip ?? null,
    );
  };

  const bumpCounter = () => db.prepare("UPDATE ops_live_counter SET value = value + 1 WHERE id = 1").run();
  const latestVersion = (path: string) =>
    db.prepare("SELECT * FROM ops_page_versions WHERE path = ? ORDER BY version DESC LIMIT 1").get(path) as VersionRow | undefined;

  /** Adds a version after the schema check; the one place a config enters the live store. */
  const insertVersion = (
    path: string,
    text: string,
    publisher: string,
    at: Date,
    extra: { note?: string; repositoryHash?: string; expectedVersion?: number | null },
  ) => {
    const problems = problemsOfText(path, text);
    if (problems.length) throw new ConsoleRefusal(422, "the config does not pass the page-config schema", { problems });
    const latest = latestVersion(path);
    if (extra.expectedVersion !== undefined && (latest?.version ?? null) !== extra.expectedVersion) {
      throw new ConsoleRefusal(409, `version ${latest?.version ?? "none"} is live now, not ${extra.expectedVersion ?? "none"}`, {
        liveVersion: latest?.version ?? null,
      });
    }
    const version = (latest?.version ?? 0) + 1;
    db.prepare("INSERT INTO ops_page_versions (path, version, config, publisher, published_at, note, repository_hash) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
      path,
      version,
      text,
      publisher,
      at.toISOString(),
      extra.note ?? null,
      extra.repositoryHash ?? null,
    );
    bumpCounter();
    return version;
  };

  const saveStaff = (username: string, role: StaffRole, password: string | null, at: Date): "created" | "updated" => {
    if (!USERNAME.test(username)) throw new Error("a staff name is 2-32 characters: lower-case letters, digits, _ . -, starting with a letter");
    if (role !== "editor" && role !== "publisher") throw new Error('the role must be "editor" or "publisher"');
    if (password !== null && password.length < MIN_PASSWORD_LENGTH) throw new Error(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    const existing = db.prepare("SELECT username FROM ops_staff WHERE username = ?").get(username);
    if (!existing && password === null) throw new Error(`a new staff member needs a password (${username} does not exist yet)`);
    db.transaction(() => {
      if (existing) {
        db.prepare("UPDATE ops_staff SET role = ?, updated_at = ? WHERE username = ?").run(role, at.toISOString(), username);
        if (password !== null) {
          db.prepare("UPDATE ops_staff SET password_hash = ? WHERE username = ?").run(hashPassword(password), username);
          // A new password ends every session the old one opened.
          db.prepare("DELETE FROM ops_sessions WHERE username = ?").run(username);
        }
      } else {
        db.prepare("INSERT INTO ops_staff (username, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").run(
          username,
          role,
          hashPassword(password as string),
          at.toISOString(),
          at.toISOString(),
        );
      }
      audit(at, "ops:add-staff", "staffSaved", { detail: `${username} ${existing ? "now" : "added as"} ${role}` });
    })();
    return existing ? "updated" : "created";
  };

  /**
   * Takes the repository's page configs into the store: a path's first version, or a new version when its file changed
   * since the last version taken from it. Files that fail the schema are left out (the server reports them). One
   * immediate transaction, so nodes starting together on one database take each file once.
   */
  const seedFromDirectory = (directory: string, at: Date): number => {
    const files = readdirSync(directory)
      .filter((name) => name.endsWith(".json"))
      .sort();
    const take = db.transaction(() => {
      let taken = 0;
      for (const name of files) {
        const text = readFileSync(join(directory, name), "utf8");
        const path = `/${basename(name, ".json")}`;
        if (problemsOfText(path, text).length) continue;
        const hash = sha256(text);
        const lastTaken = db
          .prepare("SELECT repository_hash FROM ops_page_versions WHERE path = ? AND repository_hash IS NOT NULL ORDER BY version DESC LIMIT 1")
          .pluck()
          .get(path) as string | undefined;
        if (lastTaken === hash) continue;
        const version = insertVersion(path, text, REPOSITORY_PUBLISHER, at, { note: `page-configs/${name}`, repositoryHash: hash });
        audit(at, REPOSITORY_PUBLISHER, "seed", { path, version, detail: `page-configs/${name}` });
        taken++;
      }
      return taken;
    });
    return take.immediate();
  };

  const sessionOf = (context: ApiContext): StaffSession => {
    const token = context.headers.get("opsSession");
    if (!token) throw new ConsoleRefusal(401, "no staff session");
    const now = context.now().getTime();
    const row = db
      .prepare("SELECT s.username, s.last_seen_at, s.expires_at, st.role FROM ops_sessions s JOIN ops_staff st USING (username) WHERE s.token_hash = ?")
      .get(sha256(token)) as { username: string; last_seen_at: number; expires_at: number; role: StaffRole } | undefined;
    if (!row || now >= row.expires_at || now >= row.last_seen_at + idleMs) {
      if (row) db.prepare("DELETE FROM ops_sessions WHERE token_hash = ?").run(sha256(token));
      throw new ConsoleRefusal(401, "the staff session has ended");
    }
    db.prepare("UPDATE ops_sessions SET last_seen_at = ? WHERE token_hash = ?").run(now, sha256(token));
    return { username: row.username, role: row.role, expiresAt: row.expires_at, idleExpiresAt: Math.min(row.expires_at, now + idleMs) };
  };

  /** The session of a publisher; an editor's call is refused and the refusal recorded, as every refusal is (ADR 042). */
  const publisherOf = (context: ApiContext, action: "publish" | "rollback" | "showSearch"): StaffSession => {
    const session = sessionOf(context);
    if (session.role !== "publisher") {
      const path = typeof context.params.path === "string" ? context.params.path.slice(0, 300) : null;
      audit(context.now(), session.username, "publishRefused", { path, detail: `${action}: only a publisher may do this`, ip: context.ip });
      throw new ConsoleRefusal(403, "only a publisher may do this");
    }
    return session;
  };

  const stringParam = (context: ApiContext, name: string): string => {
    const value = context.params[name];
    if (typeof value !== "string" || !value) throw new ConsoleRefusal(400, `${name} is required`);
    return value;
  };
  const versionParam = (context: ApiContext, name: string): number => {
    const value = Number(context.params[name]);
    if (!Number.isInteger(value) || value < 1) throw new ConsoleRefusal(400, `${name} must be a version number`);
    return value;
  };
  /** Absent: no expectation; null or a number: the live version the caller saw. */
  const expectedVersionParam = (context: ApiContext): number | null | undefined => {
    const value = context.params.expectedVersion;
    if (value === undefined) return undefined;
    if (value === null) return null;
    const version = Number(value);
    if (!Number.isInteger(version) || version < 1) throw new ConsoleRefusal(400, "expectedVersion must be a version number or null");
    return version;
  };

  const sessionAnswer = (session: StaffSession) => ({
    username: session.username,
    role: session.role,
    expiresAt: new Date(session.expiresAt).toISOString(),
    idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
  });
  const versionAnswer = (row: VersionRow) => ({ version: row.version, publisher: row.publisher, publishedAt: row.published_at, note: row.note });
  const draftAnswer = (row: DraftRow) => ({ path: row.path, text: row.text, baseVersion: row.base_version, editor: row.editor, updatedAt: row.updated_at });
  const draftOf = (path: string) => db.prepare("SELECT * FROM ops_drafts WHERE path = ?").get(path) as DraftRow | undefined;

  const failuresRow = db.prepare("SELECT failures, last_failed_at FROM ops_login_failures WHERE key = ?");
  const forgetFailuresBefore = db.prepare("DELETE FROM ops_login_failures WHERE last_failed_at < ?");
  const recordFailure = db.prepare(
    `INSERT INTO ops_login_failures (key, failures, last_failed_at) VALUES (@key, 1, @now) ON CONFLICT (key) DO UPDATE
     SET failures = CASE WHEN last_failed_at < @now - @memory THEN 1 ELSE failures + 1 END, last_failed_at = @now`,
  );
  /** A name's or an address's recent failures: how many, and when the last was (forgotten failureMemoryMs after it). */
  const failuresOf = (key: string, now: number): { failures: number; last: number } => {
    const row = failuresRow.get(key) as { failures: number; last_failed_at: number } | undefined;
    return row && now - row.last_failed_at <= failureMemoryMs ? { failures: row.failures, last: row.last_failed_at } : { failures: 0, last: now };
  };
  /** How long a try waits after this many failures: nothing for the first few, then firstWaitMs doubling up to the cap. */
  const waitAfter = (failures: number, capMs: number) =>
    failures < freeFailures ? 0 : Math.min(capMs, firstWaitMs * 2 ** Math.min(30, failures - freeFailures));

  /**
   * Staff sign-in (ADR 042). Nothing locks an account: failures slow the next try by name and by address (a wait that
   * doubles, answered as "try again in N s"; the name's wait is capped low, so a stranger can delay its owner by a
   * minute at most) and ask for the captcha after a few. Every refusal goes into the audit log. The address is the
   * one the caller of this internal path names, our server, which sends the browser's (X-Forwarded-For on its own
   * call): a field of the body names nothing.
   */
  const login = (context: ApiContext): Envelope => {
    const username = String(context.params.username ?? "")
      .trim()
      .toLowerCase()
      .slice(0, 64);
    const password = String(context.params.password ?? "");
    const ip = context.ip;
    const at = context.now();
    const now = at.getTime();
    const refuse = (code: number, message: string, detail: string, data: Record<string, unknown> = {}) => {
      audit(at, username || "?", "loginRefused", { detail, ip });
      return fail(code, message, data);
    };
    // Calls beyond the address's budget are refused unread; only the first of each minute is recorded, so a flood
    // cannot fill the log.
    if (!allow(db, `ops-login-call:${addressKey(ip)}`, loginCallsPerMinute, 60_000, now)) {
      const firstThisMinute = allow(db, `ops-login-flood:${addressKey(ip)}`, 1, 60_000, now);
      if (firstThisMinute)
        audit(at, username || "?", "loginRefused", { detail: `more than ${loginCallsPerMinute} sign-in calls a minute from this address`, ip });
      return fail(429, "too many sign-in calls; try again in 60 s", { retryAfterSeconds: 60 });
    }
    // Failures past their memory are gone for good, so names a guesser made up do not pile up.
    forgetFailuresBefore.run(now - failureMemoryMs);
    const nameKey = `name:${username}`;
    const addressKeyed = `address:${addressKey(ip)}`;
    const byName = failuresOf(nameKey, now);
    const byAddress = failuresOf(addressKeyed, now);
    const captchaRequired = byName.failures >= captchaAfter || byAddress.failures >= captchaAfter;
    const waitMs = Math.max(
      byName.last + waitAfter(byName.failures, maxNameWaitMs) - now,
      byAddress.last + waitAfter(byAddress.failures, maxAddressWaitMs) - now,
    );
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return refuse(429, `try again in ${seconds} s`, `asked to wait ${seconds} s after failed sign-ins`, { retryAfterSeconds: seconds, captchaRequired });
    }
    if (captchaRequired) {
      const randStr = typeof context.params.randStr === "string" ? context.params.randStr : "";
      const ticket = typeof context.params.ticket === "string" ? context.params.ticket : "";
      if (!randStr || !ticket) return refuse(428, "the captcha is required", "no captcha after failed sign-ins", { captchaRequired: true });
      if (!spendCaptcha(db, randStr, ticket, options.captchaTestMode ?? false))
        return refuse(428, "the captcha answer is wrong", "wrong captcha", { captchaRequired: true, captchaWrong: true });
    }
    const staff = db.prepare("SELECT username, role, password_hash FROM ops_staff WHERE username = ?").get(username) as
      | { username: string; role: StaffRole; password_hash: string }
      | undefined;
    // A missing name costs the same scrypt as a wrong password, so timing does not tell which names exist.
    unknownNameHash ??= hashPassword(newToken());
    const valid = verifyPassword(password, staff?.password_hash ?? unknownNameHash) && staff !== undefined;
    if (!valid || !staff) {
      recordFailure.run({ key: nameKey, now, memory: failureMemoryMs });
      recordFailure.run({ key: addressKeyed, now, memory: failureMemoryMs });
      const name = failuresOf(nameKey, now);
      const address = failuresOf(addressKeyed, now);
      const nextWaitMs = Math.max(waitAfter(name.failures, maxNameWaitMs), waitAfter(address.failures, maxAddressWaitMs));
      return refuse(401, "wrong name or password", "wrong name or password", {
        captchaRequired: name.failures >= captchaAfter || address.failures >= captchaAfter,
        ...(nextWaitMs > 0 ? { retryAfterSeconds: Math.ceil(nextWaitMs / 1000) } : {}),
      });
    }
    // The owner is back: the name's failures go (the address keeps its own, as it may be a guesser's too).
    db.prepare("DELETE FROM ops_login_failures WHERE key = ?").run(nameKey);
    const token = newToken();
    db.prepare("DELETE FROM ops_sessions WHERE expires_at <= ?").run(now);
    db.prepare("INSERT INTO ops_sessions (token_hash, username, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)").run(
      sha256(token),
      staff.username,
      now,
      now,
      now + absoluteMs,
    );
    audit(at, staff.username, "login", { ip });
    return ok({ token, ...sessionAnswer({ username: staff.username, role: staff.role, expiresAt: now + absoluteMs, idleExpiresAt: now + idleMs }) });
  };

  const route = (method: "GET" | "POST", path: string, handler: (context: ApiContext) => Envelope): RouteDefinition => ({
    method,
    path: `${OPS_CONSOLE_PREFIX}${path}`,
    handler: (context) => {
      try {
        return handler(context);
      } catch (error) {
        if (error instanceof ConsoleRefusal) return fail(error.code, error.message, error.data);
        throw error;
      }
    },
  });

  const routes: RouteDefinition[] = [
    route("POST", "/login", login),
    route("POST", "/logout", (context) => {
      const session = sessionOf(context);
      db.prepare("DELETE FROM ops_sessions WHERE token_hash = ?").run(sha256(context.headers.get("opsSession") ?? ""));
      audit(context.now(), session.username, "logout");
      return ok();
    }),
    route("GET", "/me", (context) => ok(sessionAnswer(sessionOf(context)))),
    // Every path with its live version (config included) and its draft: what the pages list is made of.
    route("GET", "/pages", (context) => {
      sessionOf(context);
      const live = db
        .prepare("SELECT v.* FROM ops_page_versions v WHERE v.version = (SELECT MAX(version) FROM ops_page_versions WHERE path = v.path) ORDER BY v.path")
        .all() as VersionRow[];
      const drafts = db.prepare("SELECT * FROM ops_drafts ORDER BY path").all() as DraftRow[];
      return ok({ live: live.map((row) => ({ path: row.path, config: row.config, ...versionAnswer(row) })), drafts: drafts.map(draftAnswer) });
    }),
    route("GET", "/page", (context) => {
      sessionOf(context);
      const path = stringParam(context, "path");
      const versions = db.prepare("SELECT * FROM ops_page_versions WHERE path = ? ORDER BY version DESC").all(path) as VersionRow[];
      const draft = draftOf(path);
      if (!versions.length && !draft) return fail(404, `no page at ${path}`);
      return ok({
        path,
        live: versions[0] ? { version: versions[0].version, config: versions[0].config } : null,
        draft: draft ? draftAnswer(draft) : null,
        versions: versions.map(versionAnswer),
      });
    }),
    route("GET", "/version", (context) => {
      sessionOf(context);
      const row = db
        .prepare("SELECT * FROM ops_page_versions WHERE path = ? AND version = ?")
        .get(stringParam(context, "path"), versionParam(context, "version")) as VersionRow | undefined;
      return row ? ok({ version: versionAnswer(row), config: row.config }) : fail(404, "no such version");
    }),
    route("POST", "/draft", (context) => {
      const session = sessionOf(context);
      const path = stringParam(context, "path");
      const text = context.params.text;
      if (typeof text !== "string") throw new ConsoleRefusal(400, "text is required");
      const copiedFrom = typeof context.params.copiedFrom === "string" ? context.params.copiedFrom : null;
      const at = context.now().toISOString();
      const saved = db.transaction(() => {
        // A copy starts a new page: the path must be free of versions and drafts.
        if (copiedFrom && (latestVersion(path) || draftOf(path))) throw new ConsoleRefusal(409, `${path} already exists`);
        const baseVersion = draftOf(path)?.base_version ?? latestVersion(path)?.version ?? null;
        db.prepare(
          "INSERT INTO ops_drafts (path, text, base_version, editor, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET text = excluded.text, editor = excluded.editor, updated_at = excluded.updated_at",
        ).run(path, text, baseVersion, session.username, at);
        audit(context.now(), session.username, copiedFrom ? "copy" : "saveDraft", { path, detail: copiedFrom ? `copied from ${copiedFrom}` : null });
        return draftOf(path) as DraftRow;
      })();
      return ok(draftAnswer(saved));
    }),
    route("POST", "/draft/discard", (context) => {
      const session = sessionOf(context);
      const path = stringParam(context, "path");
      const removed = db.prepare("DELETE FROM ops_drafts WHERE path = ?").run(path).changes;
      if (!removed) return fail(404, `no draft at ${path}`);
      audit(context.now(), session.username, "discardDraft", { path });
      return ok();
    }),
    route("POST", "/publish", (context) => {
      const session = publisherOf(context, "publish");
      const path = stringParam(context, "path");
      const text = context.params.text;
      if (typeof text !== "string") throw new ConsoleRefusal(400, "text is required");
      const expectedVersion = expectedVersionParam(context);
      const at = context.now();
      try {
        const version = db
          .transaction(() => {
            const created = insertVersion(path, text, session.username, at, { expectedVersion });
            // The draft went live; a draft changed since it was read stays for its editor.
            db.prepare("DELETE FROM ops_drafts WHERE path = ? AND text = ?").run(path, text);
            audit(at, session.username, "publish", { path, version: created });
            return created;
          })
          .immediate();
        return ok({ path, version, publishedAt: at.toISOString() });
      } catch (error) {
        if (error instanceof ConsoleRefusal) audit(at, session.username, "publishRefused", { path, detail: error.message });
        throw error;
      }
    }),
    route("POST", "/rollback", (context) => {
      const session = publisherOf(context, "rollback");
      const path = stringParam(context, "path");
      const target = versionParam(context, "version");
      const expectedVersion = expectedVersionParam(context);
      const at = context.now();
      const version = db
        .transaction(() => {
          const row = db.prepare("SELECT config FROM ops_page_versions WHERE path = ? AND version = ?").get(path, target) as { config: string } | undefined;
          if (!row) throw new ConsoleRefusal(404, `${path} has no version ${target}`);
          const created = insertVersion(path, row.config, session.username, at, { note: `rollback to v${target}`, expectedVersion });
          audit(at, session.username, "rollback", { path, version: created, detail: `to v${target}` });
          return created;
        })
        .immediate();
      return ok({ path, version, publishedAt: at.toISOString() });
    }),
    // What our server checked and refused, or served (previews), it records here: one log for every action.
    route("POST", "/audit", (context) => {
      const session = sessionOf(context);
      const action = stringParam(context, "action");
      if (action !== "preview" && action !== "publishRefused") throw new ConsoleRefusal(400, "only preview and publishRefused are recorded by the server");
      const version = context.params.version === undefined || context.params.version === null ? null : Number(context.params.version);
      audit(context.now(), session.username, action, {
        path: typeof context.params.path === "string" ? context.params.path : null,
        version: Number.isInteger(version) ? version : null,
        detail: typeof context.params.detail === "string" ? context.params.detail.slice(0, 2000) : null,
        // The address our server names on its own call (X-Forwarded-For), never a field of the body.
        ip: context.ip,
      });
      return ok();
    }),
    // Hot searches (ADR 042): any staff member may hide a phrase at once; showing one again is a publisher's decision.
    route("GET", "/hotSearches", (context) => {
      sessionOf(context);
      const hidden = hotSearches.hidden().map((row) => ({ keyword: row.keyword, hiddenAt: row.hidden_at, hiddenBy: row.hidden_by }));
      return ok({ shown: hotSearches.list(HOT_SEARCHES_SHOWN, context.now()), hidden });
    }),
    route("POST", "/hotSearches/hide", (context) => {
      const session = sessionOf(context);
      const keyword = hotSearches.hide(stringParam(context, "keyword"), session.username, context.now());
      if (!keyword) throw new ConsoleRefusal(400, "the phrase is empty once control characters are removed");
      audit(context.now(), session.username, "hideSearch", { detail: keyword, ip: context.ip });
      return ok({ keyword });
    }),
    route("POST", "/hotSearches/show", (context) => {
      const session = publisherOf(context, "showSearch");
      const keyword = stringParam(context, "keyword");
      if (!hotSearches.unhide(keyword)) throw new ConsoleRefusal(404, "the phrase is not hidden");
      audit(context.now(), session.username, "showSearch", { detail: keyword, ip: context.ip });
      return ok({ keyword });
    }),
    route("GET", "/audit", (context) => {
      sessionOf(context);
      const limit = Math.min(Math.max(Number(context.params.limit) || 100, 1), 500);
      const before = Number(context.params.before) || Number.MAX_SAFE_INTEGER;
      const entries = db.prepare("SELECT id, at, actor, action, path, version, detail FROM ops_audit WHERE id < ? ORDER BY id DESC LIMIT ?").all(before, limit);
      return ok({ entries });
    }),
    // The live set for the server nodes: the counter alone while it is the one they hold, else every path's latest version.
    route("GET", "/live", (context) => {
      const counter = db.prepare("SELECT value FROM ops_live_counter WHERE id = 1").pluck().get() as number;
      if (Number(context.params.after) === counter) return ok({ counter });
      const pages = db
        .prepare(
          "SELECT v.path, v.version, v.config AS text FROM ops_page_versions v WHERE v.version = (SELECT MAX(version) FROM ops_page_versions WHERE path = v.path)",
        )
        .all() as LiveVersion[];
      return ok({ counter, pages });
    }),
  ];

  return { routes, saveStaff, seedFromDirectory };
}

export type OpsConsole = ReturnType<typeof createOpsConsole>;

/** The schema check of a config's text, and that it claims the path it is stored under. */
function problemsOfText(path: string, text: string): OpsProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ pointer: "/", message: `invalid JSON: ${(error as Error).message}` }];
  }
  const problems = schemaProblems(value);
  if (!problems.length && (value as { path: string }).path !== path) problems.push({ pointer: "/path", message: `path must be ${path}` });
  return problems;
}
