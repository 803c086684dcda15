import { PUBLISHING_ROLES, type StaffRole } from "@contracts/ops.ts";
import { audit, ConsoleRefusal, fail, ok, type ConsoleAnswer, type ConsoleCall } from "./answers.server.ts";
import { createPageVersions, type DraftRow, type LiveVersion, type PublishedChange, type VersionRow } from "./page-versions.server.ts";
import type { SqlEngine } from "./sql-engine.server.ts";
import { createAnalytics } from "./analytics.server.ts";
import { altTexts, createMediaLibrary } from "./media.server.ts";
import type { MediaBucket } from "./media-bucket.server.ts";
import { createScheduledPublishes } from "./scheduled-publishes.server.ts";
import { auditAutosave, auditEntries } from "./audit-log.server.ts";
import { createStaffAdmin } from "./staff-admin.server.ts";
import { staffAdminHandlers } from "./staff-admin-handlers.server.ts";
import { createStaffAccess, sessionAnswer, type LoginLimits, type StaffSession } from "./staff.server.ts";

/**
 * The operations console's store (ADR 026, 052): staff, their sessions, the audit log, page configs as versions with
 * one draft per path, and the live set, on SQLite (embedded, one node) or PostgreSQL (many nodes). Our server keeps it
 * itself: it is this product's own data. What belongs to the platform (the captcha, the hot searches) it asks the
 * platform for through ConsolePlatform.
 */

/** What the console asks of the platform: its captcha and its hot searches. */
export interface ConsolePlatform {
  spendCaptcha(randStr: string, ticket: string): Promise<boolean>;
  hotSearches(): Promise<{ shown: unknown[]; hidden: unknown[] }>;
  /** Hides a phrase at once; answers the phrase as kept, or null when nothing is left of it once cleaned. */
  hideSearch(keyword: string, by: string): Promise<string | null>;
  /** Shows a hidden phrase again; false when it was not hidden. */
  showSearch(keyword: string): Promise<boolean>;
}

export interface ConsoleStoreOptions extends LoginLimits {
  platform: ConsolePlatform;
  /** Called after a publish or rollback committed (the CDN purge, ADR 053). */
  onPublished?: (change: PublishedChange) => void;
  /** Where the media library keeps its images' bytes instead of the database (MEDIA_S3_*, ADR 093). */
  mediaBucket?: MediaBucket | null;
}

export type { ConsoleCall } from "./answers.server.ts";

type Handler = (call: ConsoleCall) => Promise<ConsoleAnswer>;

const stringParam = (call: ConsoleCall, name: string): string => {
  const value = call.params[name];
  if (typeof value !== "string" || !value) throw new ConsoleRefusal(400, `${name} is required`);
  return value;
};
const versionParam = (call: ConsoleCall, name: string): number => {
  const value = Number(call.params[name]);
  if (!Number.isInteger(value) || value < 1) throw new ConsoleRefusal(400, `${name} must be a version number`);
  return value;
};
/** Absent: no expectation; null or a number: the live version the caller saw. */
const expectedVersionParam = (call: ConsoleCall): number | null | undefined => {
  const value = call.params.expectedVersion;
  if (value === undefined) return undefined;
  if (value === null) return null;
  const version = Number(value);
  if (!Number.isInteger(version) || version < 1) throw new ConsoleRefusal(400, "expectedVersion must be a version number or null");
  return version;
};

const versionAnswer = (row: VersionRow) => ({ version: row.version, publisher: row.publisher, publishedAt: row.published_at, note: row.note });
const draftAnswer = (row: DraftRow) => ({ path: row.path, text: row.text, baseVersion: row.base_version, editor: row.editor, updatedAt: row.updated_at });

export function createConsoleStore(engine: SqlEngine, options: ConsoleStoreOptions) {
  const staff = createStaffAccess(engine, options, options.platform.spendCaptcha);
  const pages = createPageVersions(engine);
  const media = createMediaLibrary(engine, options.mediaBucket ?? null);
  const analytics = createAnalytics(engine);

  const sessionOf = (call: ConsoleCall) => staff.sessionOf(call.session, call.at);
  /** The session of a publisher; an editor's call is refused and the refusal recorded, as every refusal is (ADR 042). */
  const publisherOf = async (call: ConsoleCall, action: string): Promise<StaffSession> => {
    const session = await sessionOf(call);
    if (!PUBLISHING_ROLES.includes(session.role)) {
      const path = typeof call.params.path === "string" ? call.params.path.slice(0, 300) : null;
      await audit(engine, call.at, session.username, "publishRefused", { path, detail: `${action}: only a publisher may do this`, ip: call.ip });
      throw new ConsoleRefusal(403, "only a publisher may do this");
    }
    return session;
  };
  const announce = (change: PublishedChange) => {
    try {
      options.onPublished?.(change);
    } catch (error) {
      console.error("ops console: a publish hook failed", error);
    }
  };
  const scheduled = createScheduledPublishes(engine, pages, announce);

  const handlers: Record<string, Handler> = {
    "POST /login": (call) => staff.login({ ...call.params, username: call.params.username, password: call.params.password, ip: call.ip ?? "", at: call.at }),
    "POST /logout": async (call) => {
      const session = await sessionOf(call);
      await staff.endSession(call.session ?? "");
      await audit(engine, call.at, session.username, "logout");
      return ok();
    },
    "GET /me": async (call) => ok(sessionAnswer(await sessionOf(call))),
    ...pageHandlers(),
    ...publishHandlers(),
    ...hotSearchHandlers(),
    ...mediaHandlers(),
    ...analyticsHandlers(),
    ...scheduleHandlers(),
    ...staffAdminHandlers(engine, sessionOf),
    "POST /audit": async (call) => {
      const session = await sessionOf(call);
      const action = stringParam(call, "action");
      if (action !== "preview" && action !== "publishRefused" && action !== "forbidden")
        throw new ConsoleRefusal(400, "only preview, publishRefused and forbidden are recorded by the server");
      const version = call.params.version === undefined || call.params.version === null ? null : Number(call.params.version);
      await audit(engine, call.at, session.username, action, {
        path: typeof call.params.path === "string" ? call.params.path : null,
        version: Number.isInteger(version) ? version : null,
        detail: typeof call.params.detail === "string" ? call.params.detail.slice(0, 2000) : null,
        ip: call.ip,
      });
      return ok();
    },
    "GET /audit": async (call) => {
      await sessionOf(call);
      const text = (name: string) => (typeof call.params[name] === "string" && call.params[name] ? (call.params[name] as string).slice(0, 300) : undefined);
      const entries = await auditEntries(engine, {
        actor: text("actor"),
        path: text("path"),
        action: text("action"),
        day: text("day"),
        before: Number(call.params.before) || undefined,
        limit: Math.min(Math.max(Number(call.params.limit) || 100, 1), 500),
      });
      return ok({ entries });
    },
  };

  function pageHandlers(): Record<string, Handler> {
    return {
      // Every path with its live version (config included) and its draft: what the pages list is made of.
      "GET /pages": async (call) => {
        await sessionOf(call);
        const live = await pages.allLive();
        const drafts = await engine.all<DraftRow>("SELECT * FROM ops_drafts ORDER BY path");
        return ok({ live: live.map((row) => ({ path: row.path, config: row.config, ...versionAnswer(row) })), drafts: drafts.map(draftAnswer) });
      },
      "GET /page": async (call) => {
        await sessionOf(call);
        const path = stringParam(call, "path");
        const versions = await pages.versionsOf(path);
        const draft = await pages.draftOf(engine, path);
        if (!versions.length && !draft) return fail(404, `no page at ${path}`);
        return ok({
          path,
          live: versions[0] ? { version: versions[0].version, config: versions[0].config } : null,
          draft: draft ? draftAnswer(draft) : null,
          versions: versions.map(versionAnswer),
        });
      },
      "GET /version": async (call) => {
        await sessionOf(call);
        const row = await pages.versionOf(stringParam(call, "path"), versionParam(call, "version"));
        return row ? ok({ version: versionAnswer(row), config: row.config }) : fail(404, "no such version");
      },
      "POST /draft": async (call) => {
        const session = await sessionOf(call);
        const path = stringParam(call, "path");
        const text = call.params.text;
        if (typeof text !== "string") throw new ConsoleRefusal(400, "text is required");
        const copiedFrom = typeof call.params.copiedFrom === "string" ? call.params.copiedFrom : null;
        const saved = await engine.transaction(async (tx) => {
          await tx.lock(`page:${path}`);
          const latest = await pages.latestVersion(tx, path);
          const existing = await pages.draftOf(tx, path);
          // A copy starts a new page: the path must be free of versions and drafts.
          if (copiedFrom && (latest || existing)) throw new ConsoleRefusal(409, `${path} already exists`);
          const baseVersion = existing?.base_version ?? latest?.version ?? null;
          await tx.run(
            "INSERT INTO ops_drafts (path, text, base_version, editor, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET text = excluded.text, editor = excluded.editor, updated_at = excluded.updated_at",
            [path, text, baseVersion, session.username, call.at.toISOString()],
          );
          if (copiedFrom) await audit(tx, call.at, session.username, "copy", { path, detail: `copied from ${copiedFrom}` });
          else await auditAutosave(tx, call.at, session.username, path);
          return (await pages.draftOf(tx, path)) as DraftRow;
        });
        return ok(draftAnswer(saved));
      },
      "POST /draft/discard": async (call) => {
        const session = await sessionOf(call);
        const path = stringParam(call, "path");
        if (!(await engine.run("DELETE FROM ops_drafts WHERE path = ?", [path]))) return fail(404, `no draft at ${path}`);
        await audit(engine, call.at, session.username, "discardDraft", { path });
        return ok();
      },
    };
  }

  function publishHandlers(): Record<string, Handler> {
    return {
      "POST /publish": async (call) => {
        const session = await publisherOf(call, "publish");
        const path = stringParam(call, "path");
        const text = call.params.text;
        if (typeof text !== "string") throw new ConsoleRefusal(400, "text is required");
        const expectedVersion = expectedVersionParam(call);
        try {
          const change = await engine.transaction(async (tx) => {
            const created = await pages.insertVersion(tx, { path, text, publisher: session.username, at: call.at }, { expectedVersion });
            // The draft went live; a draft changed since it was read stays for its editor.
            await tx.run("DELETE FROM ops_drafts WHERE path = ? AND text = ?", [path, text]);
            await audit(tx, call.at, session.username, "publish", { path, version: created.version });
            return created;
          });
          announce(change);
          return ok({ path, version: change.version, publishedAt: call.at.toISOString() });
        } catch (error) {
          if (error instanceof ConsoleRefusal) await audit(engine, call.at, session.username, "publishRefused", { path, detail: error.message });
          throw error;
        }
      },
      "POST /rollback": async (call) => {
        const session = await publisherOf(call, "rollback");
        const path = stringParam(call, "path");
        const target = versionParam(call, "version");
        const expectedVersion = expectedVersionParam(call);
        const change = await engine.transaction(async (tx) => {
          const row = await tx.get<{ config: string }>("SELECT config FROM ops_page_versions WHERE path = ? AND version = ?", [path, target]);
          if (!row) throw new ConsoleRefusal(404, `${path} has no version ${target}`);
          const note = `rollback to v${target}`;
          const created = await pages.insertVersion(tx, { path, text: row.config, publisher: session.username, at: call.at }, { note, expectedVersion });
          await audit(tx, call.at, session.username, "rollback", { path, version: created.version, detail: `to v${target}` });
          return created;
        });
        announce(change);
        return ok({ path, version: change.version, publishedAt: call.at.toISOString() });
      },
    };
  }

  // Hot searches (ADR 042) are the platform's: any staff member may hide a phrase at once; showing one again is a
  // publisher's decision. The store checks who asks and keeps the audit line.
  function hotSearchHandlers(): Record<string, Handler> {
    return {
      "GET /hotSearches": async (call) => {
        await sessionOf(call);
        return ok(await options.platform.hotSearches());
      },
      "POST /hotSearches/hide": async (call) => {
        const session = await sessionOf(call);
        const keyword = await options.platform.hideSearch(stringParam(call, "keyword"), session.username);
        if (!keyword) throw new ConsoleRefusal(400, "the phrase is empty once control characters are removed");
        await audit(engine, call.at, session.username, "hideSearch", { detail: keyword, ip: call.ip });
        return ok({ keyword });
      },
      "POST /hotSearches/show": async (call) => {
        const session = await publisherOf(call, "showSearch");
        const keyword = stringParam(call, "keyword");
        if (!(await options.platform.showSearch(keyword))) throw new ConsoleRefusal(404, "the phrase is not hidden");
        await audit(engine, call.at, session.username, "showSearch", { detail: keyword, ip: call.ip });
        return ok({ keyword });
      },
    };
  }

  function mediaHandlers(): Record<string, Handler> {
    return {
      "GET /media": async (call) => {
        await sessionOf(call);
        const search = typeof call.params.search === "string" ? call.params.search.trim().slice(0, 100) : "";
        const limit = Math.min(Math.max(Number(call.params.limit) || 60, 1), 200);
        const before = Number(call.params.before) || Number.MAX_SAFE_INTEGER;
        return ok({ items: await media.list(search, limit, before) });
      },
      "POST /media": async (call) => {
        const session = await sessionOf(call);
        const bytes = call.params.bytes;
        if (!(bytes instanceof Uint8Array) || !bytes.length) throw new ConsoleRefusal(400, "file is required", { field: "file" });
        const alt = altTexts(call.params);
        const replaces = call.params.replaces === undefined ? undefined : versionParam(call, "replaces");
        return ok(await media.upload({ bytes, alt, by: session.username, at: call.at, replaces }));
      },
      "POST /media/describe": async (call) => {
        const session = await sessionOf(call);
        return ok(await media.describe(versionParam(call, "id"), altTexts(call.params), session.username, call.at));
      },
    };
  }

  function analyticsHandlers(): Record<string, Handler> {
    const dayParam = (call: ConsoleCall, name: string): string => {
      const value = stringParam(call, name);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new ConsoleRefusal(400, `${name} must be a day (YYYY-MM-DD)`);
      return value;
    };
    return {
      "GET /analytics/pages": async (call) => {
        await sessionOf(call);
        return ok({ pages: await analytics.pages(dayParam(call, "from"), dayParam(call, "to")) });
      },
      "GET /analytics": async (call) => {
        await sessionOf(call);
        return ok(await analytics.report(stringParam(call, "path"), dayParam(call, "from"), dayParam(call, "to")));
      },
    };
  }

  function scheduleHandlers(): Record<string, Handler> {
    return {
      "GET /schedules": async (call) => {
        await sessionOf(call);
        return ok({ schedules: await scheduled.list(typeof call.params.path === "string" ? call.params.path : null) });
      },
      "POST /schedule": async (call) => {
        const session = await publisherOf(call, "schedule");
        const text = call.params.text;
        if (typeof text !== "string") throw new ConsoleRefusal(400, "text is required");
        const goLiveAt = new Date(stringParam(call, "goLiveAt"));
        return ok(await scheduled.schedule({ path: stringParam(call, "path"), text, goLiveAt, by: session.username, at: call.at }));
      },
      "POST /schedule/cancel": async (call) => {
        const session = await publisherOf(call, "cancelSchedule");
        await scheduled.cancel(versionParam(call, "id"), session.username, call.at);
        return ok();
      },
    };
  }

  /** Answers one call of the console's server: a refusal becomes its code, anything else is thrown (the server's 502). */
  const call = async (method: "GET" | "POST", path: string, details: ConsoleCall): Promise<ConsoleAnswer> => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) return fail(404, `no ${method} ${path}`);
    try {
      return await handler(details);
    } catch (error) {
      if (error instanceof ConsoleRefusal) return fail(error.code, error.message, error.data);
      throw error;
    }
  };

  return {
    engine,
    call,
    saveStaff: (username: string, role: StaffRole, password: string | null, at: Date) => staff.saveStaff(username, role, password, at),
    /** The store's first admin and their setup link (the command line's one job, ADR 078). */
    firstAdmin: (username: string, at: Date) => createStaffAdmin(engine).firstAdmin(username, at),
    staffExists: async (username: string) => Boolean(await engine.get("SELECT 1 AS found FROM ops_staff WHERE username = ?", [username])),
    seedFromDirectory: (directory: string, at: Date) => pages.seedFromDirectory(directory, at),
    live: (after: number | null): Promise<{ counter: number; pages?: LiveVersion[] }> => pages.live(after),
    /** The library's image at `<hash>.<ext>`, for every node to serve (no session: pages show them to everyone). */
    mediaFile: media.file,
    /** Counts a browser's tracking batch (already checked by the route). */
    recordTracking: analytics.record,
    scheduled,
    /** True for the first node to claim this page's publish boundary (ADR 093): that node alone tells the CDN. */
    claimBoundary: async (path: string, moment: string, at: Date) =>
      (await engine.run("INSERT INTO ops_boundary_purges (path, boundary, claimed_at) VALUES (?, ?, ?) ON CONFLICT (path, boundary) DO NOTHING", [
        path,
        moment,
        at.toISOString(),
      ])) === 1,
    close: () => engine.close(),
  };
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;
