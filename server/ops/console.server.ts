import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from "express";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  SESSION_ENDED_QUERY,
  OPS_API,
  OPS_PAGES,
  OPS_PREVIEW_PREFIX,
  OPS_SESSION_COOKIE,
  type OpsAuditAnswer,
  type OpsHotSearchesAnswer,
  type OpsChange,
  type OpsDiff,
  type OpsDraft,
  type OpsEditorMetadata,
  type OpsErrorAnswer,
  type OpsErrorCode,
  type OpsMe,
  type OpsPageDetail,
  type OpsPageStatus,
  type OpsPageSummary,
  type OpsProblem,
  type OpsPublishAnswer,
  type OpsVersion,
  type OpsVersionAnswer,
  type PublishWindow,
  PUBLISHING_ROLES,
} from "@contracts/ops.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { toLang, type Lang } from "@contracts/language.ts";
import type { AppServices } from "~/services.ts";
import { isWidgetType, widgetRegistry } from "@widgets/registry";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import type { ServerPageConfigStore } from "../page-configs.server.ts";
import { sameSiteWrites } from "../security.server.ts";
import { publishProblems, type PublishCheckContext } from "./checks.server.ts";
import { draftConflict } from "./draft-conflict.server.ts";
import { diffConfigs } from "./diff.server.ts";
import { previewRequest, type PreviewTarget } from "./preview.server.ts";
import { eventRoutes } from "./event.server.ts";
import { passwordLinkRoutes, staffAdminRoutes, type StaffRoutesOptions } from "./staff-routes.server.ts";
import { robotRoutes } from "./robot.server.ts";
import type { ConsoleStore } from "./store/index.server.ts";

export interface OpsConsoleServerOptions extends PublishCheckContext {
  /** Read again right after a publish, so this node serves it at once (the others within their poll). */
  pages: ServerPageConfigStore;
  /** The console's store (ADR 052): staff, sessions, audit, versions and drafts. */
  store: ConsoleStore;
  root: string;
  now: () => Date;
  secureCookies: boolean;
  publicOrigin: string;
  /** The services of an ordinary render of this response, which a preview changes. */
  baseServices: (response: Response) => AppServices;
  /** React Router's handler rendering with the services previewServicesOf(response) names. */
  renderPreview: RequestHandler;
  /** Signs a preview's moment for the platform's calls (ADR 089); null: the platform answers at its own time. */
  previewClockSecret?: string | null;
  /** Where the server's messages go: a staff member's password link is printed there too (ADR 078). */
  log?: (line: string) => void;
}

const MESSAGES: Record<OpsErrorCode, Record<Lang, string>> = {
  unauthenticated: { zh: "请先登录运营后台", en: "Please sign in to the operations console" },
  forbidden: { zh: "您没有权限执行此操作", en: "You are not allowed to do this" },
  invalidCredentials: { zh: "用户名或密码错误", en: "Wrong name or password" },
  captchaRequired: { zh: "请输入图形验证码", en: "Please enter the digits of the image" },
  rateLimited: { zh: "登录失败次数过多，请稍后再试", en: "Too many failed sign-ins; please try again later" },
  badRequest: { zh: "请求参数有误", en: "The request is not valid" },
  notFound: { zh: "找不到该页面或版本", en: "No such page or version" },
  conflict: {
    zh: "页面已被他人发布了新版本：请查看对方的修改，再决定保留哪些",
    en: "Someone published a newer version: look at their change, then choose what to keep",
  },
  pathTaken: { zh: "该路径已被使用", en: "That path is already in use" },
  invalid: { zh: "配置未通过校验", en: "The config does not pass the checks" },
  gone: {
    zh: "该链接已失效：已使用、已过期或账号已停用，请联系管理员重新发送",
    en: "This link no longer works: used, expired or the account disabled; ask an admin for a new one",
  },
  unavailable: { zh: "服务暂时不可用，请稍后再试", en: "The service is unavailable; please try again later" },
};

/** A save refused because another person saved the draft since this editor read it (their draft comes with it). */
const DRAFT_CONFLICT: Record<Lang, string> = {
  zh: "草稿已被他人修改：请查看对方的修改，再决定保留哪些",
  en: "Someone else changed the draft: look at their change, then choose what to keep",
};

const STATUS_OF: Record<OpsErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  invalidCredentials: 401,
  captchaRequired: 428,
  rateLimited: 429,
  badRequest: 400,
  notFound: 404,
  conflict: 409,
  pathTaken: 409,
  invalid: 422,
  gone: 410,
  unavailable: 502,
};

/** The store's refusal codes, as the console names them. */
const CODE_OF: Record<number, OpsErrorCode> = {
  400: "badRequest",
  401: "unauthenticated",
  403: "forbidden",
  404: "notFound",
  409: "conflict",
  422: "invalid",
  428: "captchaRequired",
  429: "rateLimited",
};

type RefusalExtra = Pick<OpsErrorAnswer, "retryAfterSeconds" | "captchaRequired" | "problem" | "field">;

class OpsRefusal extends Error {
  constructor(
    readonly code: OpsErrorCode,
    readonly problems?: OpsProblem[],
    /** What a refused sign-in tells the page: the wait before the next try and whether it needs the captcha. */
    readonly login?: RefusalExtra,
  ) {
    super(code);
  }
}

interface StaffLocals {
  opsSession: string;
  staff: OpsMe;
}

const PREVIEW_SERVICES = Symbol("opsPreviewServices");

/** The services a preview render uses, set on the response by the preview route. */
export function previewServicesOf(response: Response): AppServices {
  return (response.locals as { [PREVIEW_SERVICES]: AppServices })[PREVIEW_SERVICES];
}

const langOf = (request: Request): Lang => toLang(readCookie(request.headers.cookie, COOKIE_NAMES.lang));

function sendError(request: Request, response: Response, code: OpsErrorCode, problems?: OpsProblem[], extra?: RefusalExtra) {
  response.setHeader("Cache-Control", "no-store");
  response.status(STATUS_OF[code]).json({ error: code, message: MESSAGES[code][langOf(request)], ...(problems ? { problems } : {}), ...extra });
}

const OPS_API_PREFIX = "/ops/api";

/** /ops, /ops/…, and React Router's data requests for them (/ops.data, /ops/pages.data). */
const OPS_PATH = /^\/ops(\/|\.data$|$)/;

interface LiveRow extends OpsVersion {
  path: string;
  config: string;
}
interface DraftRow {
  path: string;
  text: string;
  baseVersion: number | null;
  editor: string;
  updatedAt: string;
}
interface PageRow {
  path: string;
  live: { version: number; config: string } | null;
  draft: DraftRow | null;
  versions: OpsVersion[];
}

const parseOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

function windowOf(config: unknown): PublishWindow | null {
  const publish = (config as { publish?: PublishWindow } | null)?.publish;
  return publish && typeof publish === "object" ? publish : null;
}

function statusOf(liveConfig: unknown, now: Date): OpsPageStatus {
  if (liveConfig === undefined) return "unpublished";
  const window = windowOf(liveConfig);
  if (window?.from && now < new Date(window.from)) return "scheduled";
  if (window?.until && now > new Date(window.until) && (window.afterUntil ?? "closed") === "closed") return "closed";
  return "live";
}

function cookieHeader(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${OPS_SESSION_COOKIE}=${token}; Path=/ops; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

/** The console's server side (ADR 026): the staff gate over /ops, the JSON API under /ops/api and the previews. */
export function opsConsole(options: OpsConsoleServerOptions): Router {
  const { store, now } = options;
  const router = Router();

  const consoleStore = async <T>(
    path: string,
    method: "GET" | "POST",
    params: Record<string, unknown>,
    session?: string,
    clientAddress?: string,
  ): Promise<T> => {
    const answer = await store.call(method, path, { params, session, ip: clientAddress, at: now() });
    if (answer.code === 200) return answer.data as T;
    const code = CODE_OF[answer.code] ?? "unavailable";
    const problems = (answer.data as { problems?: OpsProblem[] } | undefined)?.problems;
    throw new OpsRefusal(code, problems);
  };

  const checkContext: PublishCheckContext = { catalogues: options.catalogues, pages: options.pages, servedRoutes: options.servedRoutes };
  const check = (text: string, path: string) => publishProblems(text, path, checkContext);

  const draftAnswer = (row: DraftRow): OpsDraft => ({ ...row, config: parseOrNull(row.text), problems: check(row.text, row.path).problems });

  /** Who holds the ops_session cookie: the staff member, or null (no cookie, or a session that ended). */
  const staffOf = async (request: Request): Promise<{ token: string; staff: OpsMe } | null> => {
    const token = readCookie(request.headers.cookie, OPS_SESSION_COOKIE);
    if (!token) return null;
    try {
      return { token, staff: await consoleStore<OpsMe>("/me", "GET", {}, token) };
    } catch (error) {
      if (error instanceof OpsRefusal && error.code === "unauthenticated") return null;
      throw error;
    }
  };
  /** A signed-in member of the site who is not (signed in as) staff: refused, not asked to sign in. */
  const isSiteMember = (request: Request) => Boolean(readCookie(request.headers.cookie, COOKIE_NAMES.token));

  const consoleApi = Router();
  /** A route of OPS_API as the API router (mounted at /ops/api) sees it. */
  const local = (url: string) => url.slice(OPS_API_PREFIX.length);
  consoleApi.use(sameSiteWrites(options.publicOrigin));
  // Bodies are read only after the gate let the caller through: a visitor cannot make the server read a megabyte.
  const json = express.json({ limit: "1mb" });

  const run =
    (handler: (request: Request, response: Response) => Promise<void>): RequestHandler =>
    (request, response, next) => {
      handler(request, response).catch(next);
    };

  /** Lets staff through, answering 403 to a member of the site and 401 to anyone else. */
  const gate: RequestHandler = (request, response, next) => {
    staffOf(request)
      .then((found) => {
        if (!found) sendError(request, response, isSiteMember(request) ? "forbidden" : "unauthenticated");
        else {
          Object.assign(response.locals, { opsSession: found.token, staff: found.staff } satisfies StaffLocals);
          // Staff answers are the staff member's own: never stored by a browser or a shared cache.
          response.setHeader("Cache-Control", "private, no-store");
          next();
        }
      })
      .catch(next);
  };
  const locals = (response: Response) => response.locals as StaffLocals;
  /** Lets publishers through; an editor's refusal is recorded in the audit log like every refusal (ADR 042). */
  const publisherOnly: RequestHandler = (request, response, next) => {
    if (PUBLISHING_ROLES.includes(locals(response).staff.role)) {
      next();
      return;
    }
    const action = request.path.split("/").pop();
    const named = (request.body as { path?: unknown } | undefined)?.path;
    const path = typeof named === "string" ? named.slice(0, 300) : null;
    audit(response, request, { action: "publishRefused", path, detail: `${action}: only a publisher may do this` })
      .catch((error: unknown) => console.error("ops console: the refusal could not be recorded", error))
      .finally(() => sendError(request, response, "forbidden"));
  };

  const bodyString = (request: Request, name: string): string => {
    const value = (request.body as Record<string, unknown> | undefined)?.[name];
    if (typeof value !== "string" || !value) throw new OpsRefusal("badRequest");
    return value;
  };
  const queryString = (request: Request, name: string): string => {
    const value = request.query[name];
    if (typeof value !== "string" || !value) throw new OpsRefusal("badRequest");
    return value;
  };
  /** The draft's text: the form's object pretty-printed, or the raw tab's text as typed. */
  const configText = (request: Request): string => {
    const body = request.body as { config?: unknown; text?: unknown } | undefined;
    if (typeof body?.text === "string") return body.text;
    if (body && "config" in body && body.config !== undefined) return `${JSON.stringify(body.config, null, 2)}\n`;
    throw new OpsRefusal("badRequest");
  };
  const audit = (
    response: Response,
    request: Request,
    fields: { action: "preview" | "publishRefused"; path: string | null; version?: number | null; detail: string },
  ) => consoleStore("/audit", "POST", fields, locals(response).opsSession, request.ip);

  /** A config that fails the publish checks goes live neither by publish nor by rollback; the refusal is audited. */
  const refuseInvalid = async (
    request: Request,
    response: Response,
    text: string,
    path: string,
    refusal: { version: number | null; detailPrefix: string },
  ): Promise<void> => {
    const { problems } = check(text, path);
    if (!problems.length) return;
    await audit(response, request, {
      action: "publishRefused",
      path,
      version: refusal.version,
      detail: refusal.detailPrefix + problems.map((problem) => `${problem.pointer} ${problem.message}`).join("; "),
    });
    throw new OpsRefusal("invalid", problems);
  };

  consoleApi.post(
    local(OPS_API.login),
    express.json({ limit: "10kb" }),
    run(async (request, response) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.username !== "string" || typeof body.password !== "string") throw new OpsRefusal("badRequest");
      const captcha = typeof body.randStr === "string" && typeof body.ticket === "string" ? { randStr: body.randStr, ticket: body.ticket } : {};
      // Only these fields go on: the address the limits count is the one Express found (request.ip, under TRUST_PROXY),
      // never a field a browser could set.
      const answer = await store.call("POST", "/login", {
        params: { username: body.username, password: body.password, ...captcha },
        ip: request.ip ?? "",
        at: now(),
      });
      const refusal = (answer.data ?? {}) as { retryAfterSeconds?: unknown; captchaRequired?: unknown };
      const login = {
        ...(typeof refusal.retryAfterSeconds === "number" ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
        ...(refusal.captchaRequired === true ? { captchaRequired: true } : {}),
      };
      if (login.retryAfterSeconds !== undefined && answer.code !== 200) response.setHeader("Retry-After", String(login.retryAfterSeconds));
      if (answer.code === 429) throw new OpsRefusal("rateLimited", undefined, login);
      if (answer.code === 428) throw new OpsRefusal("captchaRequired", undefined, login);
      if (answer.code === 401) throw new OpsRefusal("invalidCredentials", undefined, login);
      if (answer.code !== 200 || !answer.data) throw new OpsRefusal("unavailable");
      const { token, ...me } = answer.data as OpsMe & { token: string };
      const maxAge = Math.max(0, Math.floor((new Date(me.expiresAt).getTime() - now().getTime()) / 1000));
      response.setHeader("Set-Cookie", cookieHeader(token, maxAge, options.secureCookies));
      response.setHeader("Cache-Control", "no-store");
      response.json(me satisfies OpsMe);
    }),
  );

  consoleApi.post(
    local(OPS_API.logout),
    run(async (request, response) => {
      const token = readCookie(request.headers.cookie, OPS_SESSION_COOKIE);
      if (token) await consoleStore("/logout", "POST", {}, token).catch(() => undefined);
      response.setHeader("Set-Cookie", cookieHeader("", 0, options.secureCookies));
      response.setHeader("Cache-Control", "no-store");
      response.status(204).end();
    }),
  );

  const staffRoutes: StaffRoutesOptions = {
    router: consoleApi,
    local,
    store,
    now,
    publicOrigin: options.publicOrigin,
    sessionOf: (response) => locals(response).opsSession,
    refuse: (request, response, code, extra) => sendError(request, response, code, undefined, extra),
    log: options.log ?? ((line) => console.log(line)),
  };
  // A one-time link is opened by someone not signed in yet.
  passwordLinkRoutes(staffRoutes);

  // Everything else is staff only, paths that do not exist included: a refused caller learns nothing of the API.
  consoleApi.use(gate);

  consoleApi.get(
    local(OPS_API.me),
    run(async (_request, response) => {
      response.json(locals(response).staff);
    }),
  );

  consoleApi.get(
    local(OPS_API.pages),
    run(async (_request, response) => {
      const { live, drafts } = await consoleStore<{ live: LiveRow[]; drafts: DraftRow[] }>("/pages", "GET", {}, locals(response).opsSession);
      const at = now();
      const byPath = new Map<string, { live?: LiveRow; draft?: DraftRow }>();
      for (const row of live) byPath.set(row.path, { live: row });
      for (const draft of drafts) byPath.set(draft.path, { ...byPath.get(draft.path), draft });
      const summaries: OpsPageSummary[] = [...byPath.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, { live: row, draft }]) => {
          const liveConfig = row ? parseOrNull(row.config) : undefined;
          const shown = liveConfig ?? (draft ? parseOrNull(draft.text) : null);
          const title = (shown as { title?: unknown } | null)?.title;
          const edits = [row && { who: row.publisher, at: row.publishedAt }, draft && { who: draft.editor, at: draft.updatedAt }].filter(Boolean) as {
            who: string;
            at: string;
          }[];
          const last = edits.sort((a, b) => b.at.localeCompare(a.at))[0];
          return {
            path,
            title: title && typeof title === "object" ? (title as { zh: string; en: string }) : null,
            status: statusOf(liveConfig, at),
            hasDraft: Boolean(draft && draft.text !== row?.config),
            publishWindow: windowOf(shown),
            liveVersion: row?.version ?? null,
            lastEditor: last?.who ?? null,
            lastEditedAt: last?.at ?? null,
          };
        });
      response.json(summaries);
    }),
  );

  const pageDetail = async (path: string, session: string): Promise<OpsPageDetail> => {
    const row = await consoleStore<PageRow>("/page", "GET", { path }, session);
    const liveConfig = row.live ? parseOrNull(row.live.config) : undefined;
    return {
      path,
      status: statusOf(liveConfig, now()),
      publishWindow: windowOf(liveConfig ?? (row.draft ? parseOrNull(row.draft.text) : null)),
      live: row.live ? { version: row.live.version, config: liveConfig } : null,
      draft: row.draft ? draftAnswer(row.draft) : null,
      versions: row.versions,
    };
  };

  consoleApi.get(
    local(OPS_API.page),
    run(async (request, response) => {
      response.json(await pageDetail(queryString(request, "path"), locals(response).opsSession));
    }),
  );

  consoleApi.get(
    local(OPS_API.version),
    run(async (request, response) => {
      const answer = await consoleStore<{ version: OpsVersion; config: string }>(
        "/version",
        "GET",
        { path: queryString(request, "path"), version: queryString(request, "version") },
        locals(response).opsSession,
      );
      response.json({ version: answer.version, config: parseOrNull(answer.config) } satisfies OpsVersionAnswer);
    }),
  );

  consoleApi.post(
    local(OPS_API.saveDraft),
    json,
    run(async (request, response) => {
      const path = bodyString(request, "path");
      const text = configText(request);
      const { draft: current } = await consoleStore<PageRow>("/page", "GET", { path }, locals(response).opsSession).catch(() => ({ draft: null }));
      const theirs = draftConflict(current, text, (request.body as { baseUpdatedAt?: unknown }).baseUpdatedAt);
      if (theirs) {
        response.setHeader("Cache-Control", "no-store");
        response.status(409).json({ error: "conflict", message: DRAFT_CONFLICT[langOf(request)], theirs });
        return;
      }
      const saved = await consoleStore<DraftRow>("/draft", "POST", { path, text }, locals(response).opsSession);
      response.json(draftAnswer(saved));
    }),
  );

  consoleApi.post(
    local(OPS_API.discardDraft),
    json,
    run(async (request, response) => {
      await consoleStore("/draft/discard", "POST", { path: bodyString(request, "path") }, locals(response).opsSession);
      response.status(204).end();
    }),
  );

  consoleApi.post(
    local(OPS_API.validate),
    json,
    run(async (request, response) => {
      response.json({ problems: check(configText(request), bodyString(request, "path")).problems });
    }),
  );

  consoleApi.post(
    local(OPS_API.publish),
    json,
    publisherOnly,
    run(async (request, response) => {
      const path = bodyString(request, "path");
      const session = locals(response).opsSession;
      const { draft } = await consoleStore<PageRow>("/page", "GET", { path }, session);
      if (!draft) throw new OpsRefusal("notFound");
      await refuseInvalid(request, response, draft.text, path, { version: null, detailPrefix: "" });
      const expectedVersion = (request.body as { expectedVersion?: unknown }).expectedVersion;
      const published = await consoleStore<OpsPublishAnswer>("/publish", "POST", { path, text: draft.text, expectedVersion }, session);
      await options.pages.refresh();
      response.json(published);
    }),
  );

  consoleApi.post(
    local(OPS_API.rollback),
    json,
    publisherOnly,
    run(async (request, response) => {
      const path = bodyString(request, "path");
      const version = Number((request.body as { version?: unknown }).version);
      if (!Number.isInteger(version) || version < 1) throw new OpsRefusal("badRequest");
      const session = locals(response).opsSession;
      const target = await consoleStore<{ config: string }>("/version", "GET", { path, version }, session);
      await refuseInvalid(request, response, target.config, path, { version, detailPrefix: `rollback to v${version}: ` });
      const expectedVersion = (request.body as { expectedVersion?: unknown }).expectedVersion;
      const published = await consoleStore<OpsPublishAnswer>("/rollback", "POST", { path, version, expectedVersion }, session);
      await options.pages.refresh();
      response.json(published);
    }),
  );

  /** A side of a diff: a version's, the live version's or the draft's config. */
  const sideConfig = async (path: string, side: string, session: string): Promise<unknown> => {
    if (/^\d+$/.test(side)) return parseOrNull((await consoleStore<{ config: string }>("/version", "GET", { path, version: side }, session)).config);
    const row = await consoleStore<PageRow>("/page", "GET", { path }, session);
    if (side === "live" && row.live) return parseOrNull(row.live.config);
    if (side === "draft" && row.draft) return parseOrNull(row.draft.text);
    throw new OpsRefusal(side === "live" || side === "draft" ? "notFound" : "badRequest");
  };

  consoleApi.get(
    local(OPS_API.diff),
    run(async (request, response) => {
      const path = queryString(request, "path");
      const from = queryString(request, "from");
      const to = queryString(request, "to");
      const session = locals(response).opsSession;
      const changes: OpsChange[] = diffConfigs(await sideConfig(path, from, session), await sideConfig(path, to, session));
      response.json({ path, from, to, changes } as OpsDiff);
    }),
  );

  const pathPattern = new RegExp(metadataSchema(options.root).properties.path.pattern);

  consoleApi.post(
    local(OPS_API.copy),
    json,
    run(async (request, response) => {
      const from = bodyString(request, "from");
      const to = bodyString(request, "to");
      if (!pathPattern.test(to) || to === "/") throw new OpsRefusal("invalid", [{ pointer: "/path", message: `${to} does not match ${pathPattern.source}` }]);
      if (options.pages.resolve(to)) throw new OpsRefusal("pathTaken");
      const session = locals(response).opsSession;
      const source = await consoleStore<PageRow>("/page", "GET", { path: from }, session);
      const text = source.live?.config ?? source.draft?.text;
      const config = text === undefined ? null : parseOrNull(text);
      if (!config || typeof config !== "object") throw new OpsRefusal("notFound");
      // A copy answers only at its own path: the original keeps its aliases.
      const { aliases: _aliases, ...rest } = config as Record<string, unknown>;
      try {
        await consoleStore("/draft", "POST", { path: to, text: `${JSON.stringify({ ...rest, path: to }, null, 2)}\n`, copiedFrom: from }, session);
      } catch (error) {
        throw error instanceof OpsRefusal && error.code === "conflict" ? new OpsRefusal("pathTaken") : error;
      }
      response.status(201).json(await pageDetail(to, session));
    }),
  );

  let metadata: OpsEditorMetadata | null = null;
  consoleApi.get(
    local(OPS_API.metadata),
    run(async (_request, response) => {
      metadata ??= editorMetadata(options);
      response.json(metadata);
    }),
  );

  consoleApi.get(
    local(OPS_API.audit),
    run(async (request, response) => {
      const params = Object.fromEntries(
        ["limit", "before", "actor", "path", "action", "day"].map((name) => [name, typeof request.query[name] === "string" ? request.query[name] : ""]),
      );
      response.json(await consoleStore<OpsAuditAnswer>("/audit", "GET", params, locals(response).opsSession));
    }),
  );

  consoleApi.get(
    local(OPS_API.hotSearches),
    run(async (_request, response) => {
      response.json(await consoleStore<OpsHotSearchesAnswer>("/hotSearches", "GET", {}, locals(response).opsSession));
    }),
  );

  consoleApi.post(
    local(OPS_API.hideSearch),
    json,
    run(async (request, response) => {
      await consoleStore("/hotSearches/hide", "POST", { keyword: bodyString(request, "keyword") }, locals(response).opsSession, request.ip);
      response.status(204).end();
    }),
  );

  consoleApi.post(
    local(OPS_API.showSearch),
    json,
    publisherOnly,
    run(async (request, response) => {
      await consoleStore("/hotSearches/show", "POST", { keyword: bodyString(request, "keyword") }, locals(response).opsSession, request.ip);
      response.status(204).end();
    }),
  );

  staffAdminRoutes(staffRoutes);

  const platformRelay = {
    router: consoleApi,
    local,
    api: (response: Response) => options.baseServices(response).api,
    staffName: (response: Response) => locals(response).staff.username,
    langOf,
    publisherOnly,
    refuse: (request: Request, response: Response, code: "badRequest" | "notFound" | "unavailable") => sendError(request, response, code),
  };
  eventRoutes(platformRelay);
  robotRoutes(platformRelay);

  consoleApi.use((request, response) => sendError(request, response, "notFound"));
  consoleApi.use(consoleErrors);
  router.use(OPS_API_PREFIX, consoleApi);

  router.get(
    `${OPS_PREVIEW_PREFIX}/{*page}`,
    gate,
    run(async (request, response) => {
      const session = locals(response).opsSession;
      const target = previewRequest(request);
      if (!target) throw new OpsRefusal("badRequest");
      const text = await previewText(target, session);
      await audit(response, request, {
        action: "preview",
        path: target.path,
        version: /^v\d+$/.test(target.source) ? Number(target.source.slice(1)) : null,
        detail: `${target.source} as ${target.as} in ${target.lang}${target.at ? ` at ${target.at.toISOString()}` : ""}`,
      });
      (response.locals as { [PREVIEW_SERVICES]: AppServices })[PREVIEW_SERVICES] = target.services(
        options.baseServices(response),
        text,
        options.catalogues,
        options.previewClockSecret ?? null,
      );
      target.rewrite(request, response);
      options.renderPreview(request, response, () => sendError(request, response, "notFound"));
    }),
  );

  const previewText = async (target: PreviewTarget, session: string): Promise<string> => {
    if (target.source.startsWith("v")) {
      return (await consoleStore<{ config: string }>("/version", "GET", { path: target.path, version: target.source.slice(1) }, session)).config;
    }
    const row = await consoleStore<PageRow>("/page", "GET", { path: target.path }, session);
    const text = target.source === "draft" ? row.draft?.text : row.live?.config;
    if (text === undefined) throw new OpsRefusal("notFound");
    return text;
  };

  // Every other /ops page: staff only. The login page is open (it shows nothing but the form).
  router.use((request, response, next) => {
    const open = [OPS_PAGES.login, OPS_PAGES.password].some((page) => request.path === page || request.path === `${page}.data`);
    if (!OPS_PATH.test(request.path) || open) {
      next();
      return;
    }
    staffOf(request)
      .then((found) => {
        const forbidden = () => {
          const lang = langOf(request);
          response
            .status(403)
            .type("html")
            .send(
              `<!doctype html><html lang="${lang === "zh" ? "zh-CN" : "en"}"><meta charset="utf-8"><title>403</title><h1>403</h1><p>${MESSAGES.forbidden[lang]}</p></html>`,
            );
        };
        response.setHeader("Cache-Control", found ? "private, no-store" : "no-store");
        // The staff screens are an admin's: anyone else is refused at the server, and the refusal recorded (ADR 078).
        if (found && found.staff.role !== "admin" && (request.path === OPS_PAGES.staff || request.path === `${OPS_PAGES.staff}.data`)) {
          void consoleStore("/audit", "POST", { action: "forbidden", path: null, detail: "staffPage: only an admin may do this" }, found.token, request.ip)
            .catch((error: unknown) => console.error("ops console: the refusal could not be recorded", error))
            .finally(forbidden);
          return;
        }
        if (found) {
          next();
          return;
        }
        if (isSiteMember(request)) forbidden();
        else if (request.path.endsWith(".data")) {
          response.status(401).type("text/plain").send(MESSAGES.unauthenticated[langOf(request)]);
        } else {
          // A session cookie the platform no longer knows is a session that ended; no cookie is a first sign-in.
          const ended = readCookie(request.headers.cookie, OPS_SESSION_COOKIE) ? `&${SESSION_ENDED_QUERY}=1` : "";
          response.redirect(303, `${OPS_PAGES.login}?next=${encodeURIComponent(request.originalUrl)}${ended}`);
        }
      })
      .catch(next);
  });
  router.use(consoleErrors);
  return router;
}

/** A body that is not JSON (or too large) is the caller's mistake, told as such; a refusal says its code; anything else is ours. */
function consoleErrors(error: Error & { status?: number }, request: Request, response: Response, _next: NextFunction) {
  if (error instanceof OpsRefusal) sendError(request, response, error.code, error.problems, error.login);
  else if (error.status && error.status < 500) sendError(request, response, "badRequest");
  else {
    console.error("ops console:", error);
    sendError(request, response, "unavailable");
  }
}

interface PageConfigBundle {
  properties: { path: { pattern: string } };
}

function metadataSchema(root: string): PageConfigBundle {
  return JSON.parse(readFileSync(join(root, "schemas", "generated", "page-config.bundle.json"), "utf8")) as PageConfigBundle;
}

function catalogueKeys(value: unknown, prefix: string): string[] {
  if (typeof value === "string") return [prefix];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, entry]) => catalogueKeys(entry, `${prefix}.${key}`));
}

/** What the editor offers: the schema every check uses, the widgets, the data sources check:configs allows, catalogue keys. */
function editorMetadata(options: OpsConsoleServerOptions): OpsEditorMetadata {
  const schema = metadataSchema(options.root);
  const widgets = Object.entries(widgetRegistry)
    .filter(([type]) => isWidgetType(type))
    .map(([type, { folder }]) => ({
      type,
      folder,
      propsSchema: JSON.parse(readFileSync(join(options.root, "widgets", folder, "props.schema.json"), "utf8")) as unknown,
    }));
  const dataSources = [...options.servedRoutes()]
    .map((route) => {
      const [method, api] = route.split(" ") as ["GET" | "POST" | "ANY", string];
      return { method, api };
    })
    .filter((route) => !route.api.startsWith(OPS_CONSOLE_PREFIX))
    .sort((a, b) => a.api.localeCompare(b.api));
  const zh = Object.entries(options.catalogues.zh).flatMap(([namespace, catalogue]) => catalogueKeys(catalogue, namespace));
  const en = new Set(Object.entries(options.catalogues.en).flatMap(([namespace, catalogue]) => catalogueKeys(catalogue, namespace)));
  return { schema, widgets, dataSources, catalogueKeys: zh.filter((key) => en.has(key)).sort(), pathPattern: schema.properties.path.pattern };
}
