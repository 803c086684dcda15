import express, { type Express, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from "express";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ViteDevServer } from "vite";
import type { appServices, AppServices } from "~/services.ts";
import { createSourceCache } from "~/pipeline/source-cache.server.ts";
import { createApiClient, NETWORK_ERROR_CODE, type ApiClient } from "~/api/api-client.ts";
import { SUCCESS_CODES } from "@contracts/envelope.ts";
import type { SessionUser } from "@contracts/gate.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { toLang, type Lang } from "@contracts/language.ts";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { createPageConfigStore } from "./page-configs.server.ts";
import { servedPlatformRoutes } from "./config-check.server.ts";
import { opsConsole, previewServicesOf } from "./ops/console.server.ts";
import { cdnPathPurger, cdnPurger } from "./ops/cdn-purge.server.ts";
import { liveConfigs } from "./ops/publish-boundaries.server.ts";
import { openConsoleStore, startPublishBoundaryWatch, startScheduledPublishes, watchPublishes, type ConsoleStore } from "./ops/store/index.server.ts";
import { libraryRoutes } from "./ops/store/library-routes.server.ts";
import { consolePlatformOver } from "./ops/store/platform-calls.server.ts";
import { OPS_CONSOLE_PREFIX, PLATFORM_MEDIA } from "@contracts/platform-paths.ts";
import { clientAddress, hashedPolicyForPublicPages, refuseOddRequests, sameSiteWrites, securityHeaders, type SecurityLocals } from "./security.server.ts";
import { compressResponses, precompressedFiles } from "./compression.server.ts";
import { renderCache, sessionMemory, type ViewerClassOf } from "./render-cache.server.ts";
import { viewerClassOf } from "~/pipeline/viewer-class.ts";
import { shareImages } from "./share-image.server.ts";
import { normaliseRequestPaths } from "./request-path.server.ts";
import { endedSessionCookie, sessionCookie, takeSessionToken } from "./session-cookie.server.ts";
import { bodyLimitFor, createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server.ts";
import { citationRoutes } from "./cite/routes.server.ts";
import { devTools } from "./dev-tools.server.ts";
import { shareRoutes } from "./share/routes.server.ts";
import { createRealtime, type AttachedRealtime } from "./realtime/index.server.ts";
import type { ServerEnv } from "./env.server.ts";
import { createPlatformGuard, type PlatformGuard, type PlatformGuardOptions } from "./platform-guard.server.ts";
import { readinessCheck } from "./readiness.server.ts";

export interface CreateAppOptions {
  env: ServerEnv;
  root?: string;
  development?: boolean;
  now?: () => Date;
  log?: (line: string) => void;
  /** Test-only controls of the realtime sockets under /dev/realtime (refused with APP_ENV=production). */
  realtimeTestHooks?: boolean;
  /** Reuse anonymous renders (ADR 009); on unless turned off, as the benchmark does to price a full render. */
  renderCache?: boolean;
  /** The bounds of calls to a remote platform (ADR 043), PLATFORM_GUARD_DEFAULTS where not given. */
  platformGuard?: Partial<PlatformGuardOptions>;
}

export interface AppHandle {
  app: Express;
  /** From now on every response closes its connection: the server is stopping. */
  beginDraining(): void;
  platform: EmbeddedPlatform | null;
  /** The console's store (ADR 052): SQLite beside the platform's file, or PostgreSQL with CONSOLE_DATABASE_URL. */
  consoleStore: ConsoleStore;
  /** The bulkhead and circuit breaker in front of a remote platform's API; null for the embedded one. */
  platformGuard: PlatformGuard | null;
  /** Answers the websockets (live chat, dwell time) on the server the app listens with. */
  attachRealtime(server: Server): AttachedRealtime;
  close(): Promise<void>;
}

/** The signed-in viewer the render cache keyed this response's render by (ADR 083). */
interface RenderLocals {
  classViewer?: SessionUser;
}

/** The methods the API answers (the platform's calls are GET and POST); fetch cannot even carry TRACE or CONNECT. */
const API_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Turns an Express request into a web Request for the embedded API (which speaks fetch's types); null when the body is
 * over the limit, which is known from Content-Length at once or, for a chunked body, once the limit is passed.
 */
async function toWebRequest(request: ExpressRequest): Promise<Request | null> {
  const sessionToken = readCookie(request.headers.cookie, COOKIE_NAMES.token);
  // The larger bodies some paths take (uploads) are read only for someone who names a session: a visitor, whom those
  // paths refuse anyway, cannot make the server read megabytes.
  const namesSession = Boolean(sessionToken || request.headers.token);
  const maxBodyBytes = namesSession ? bodyLimitFor(request.path.replace(/^\/api(?=\/)/, "")) : bodyLimitFor("");
  if (Number(request.headers["content-length"]) > maxBodyBytes) return null;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(", "));
  }
  // The browser holds no token (an HttpOnly cookie does): the cookie becomes the platform's token header here, unless
  // the caller named a session itself (a native shell or a script of ours that holds no cookie).
  if (sessionToken && !headers.get("token")) headers.set("token", sessionToken);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(`http://embedded${request.originalUrl}`, { method: request.method, headers, body });
}

/**
 * The console's platform paths are for our server alone: staff reach them only through /ops/api. No public call's name
 * begins with the console's prefix in any case or with any suffix, so the whole prefix is refused.
 */
function isInternalApiPath(path: string): boolean {
  return path.toLowerCase().startsWith(`/api${OPS_CONSOLE_PREFIX}`.toLowerCase());
}

function refuseInternalApi(path: string, response: ExpressResponse): void {
  response.status(404).json({ code: 404, message: `no such API: ${path.slice("/api".length)}` });
}

/** fetch has already decoded the body and the body may change here; the platform's cookies belong to its own site. */
const HOP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "set-cookie"]);

/** Sends an API answer on, turning a new session's token into the HttpOnly cookie (the body keeps everything else). */
async function sendApiResponse(response: Response, to: ExpressResponse, secureCookies: boolean) {
  const { body, token } = takeSessionToken(Buffer.from(await response.arrayBuffer()), response.headers.get("content-type"));
  to.status(response.status);
  response.headers.forEach((value, key) => {
    if (!HOP_HEADERS.has(key)) to.setHeader(key, value);
  });
  if (token) to.setHeader("Set-Cookie", sessionCookie(token, secureCookies));
  to.end(body);
}

/** Whether an answer of the platform is one the browser can read: not a failure status, and JSON only as an envelope. */
async function isPlatformAnswer(response: Response): Promise<boolean> {
  if (response.status >= 500) return false;
  if (!response.headers.get("content-type")?.includes("application/json")) return true;
  try {
    const envelope = (await response.clone().json()) as { code?: unknown } | null;
    return typeof envelope?.code === "number";
  } catch {
    return false;
  }
}

/**
 * Module URLs of widget folders from Vite's manifest, so pages preload exactly the widgets they use, and the
 * stylesheets those chunks import (a widget's own styles.css), so the server's HTML is styled before they load.
 * Each folder's walk of the manifest is done once (the build does not change under a running server); a page's list
 * is the union of its folders' lists, in the order one walk over all of them would give. The client entry's files (the
 * framework, the app core and its styles) are left out: every page loads them already.
 */
function widgetModuleResolver(clientDir: string): (folders: string[]) => string[] {
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, { file: string; imports?: string[]; css?: string[] }>;
  const urlsOfFolder = new Map<string, string[]>();
  const entryFiles = new Set<string>();
  const visitEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(`/${chunk.file}`)) return;
    entryFiles.add(`/${chunk.file}`);
    chunk.css?.forEach((file) => entryFiles.add(`/${file}`));
    chunk.imports?.forEach(visitEntry);
  };
  visitEntry("app/entry.client.tsx");
  const folderUrls = (folder: string): string[] => {
    const known = urlsOfFolder.get(folder);
    if (known) return known;
    const urls = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || urls.has(`/${chunk.file}`) || entryFiles.has(`/${chunk.file}`)) return;
      urls.add(`/${chunk.file}`);
      chunk.css?.forEach((file) => entryFiles.has(`/${file}`) || urls.add(`/${file}`));
      chunk.imports?.forEach(visit);
    };
    visit(`widgets/${folder}/component.tsx`);
    const list = [...urls];
    // Only folders the build has are kept, so the map is bounded by the build's widgets whatever a config names.
    if (list.length) urlsOfFolder.set(folder, list);
    return list;
  };
  return (folders) => {
    const urls = new Set<string>();
    for (const folder of folders) for (const url of folderUrls(folder)) urls.add(url);
    return [...urls];
  };
}

/** An item's SVG poster as the embedded platform draws it (the seed's media), or null when it has no such item. */
async function embeddedPoster(platform: EmbeddedPlatform, id: number, lang: Lang): Promise<string | null> {
  const answer = await platform.api.fetch(new Request(`http://embedded${PLATFORM_MEDIA.poster}?id=${id}&lang=${lang}`));
  return answer.status === 200 ? answer.text() : null;
}

export async function createApp(options: CreateAppOptions): Promise<AppHandle> {
  const root = options.root ?? process.cwd();
  const log = options.log ?? ((line: string) => console.log(line));
  const development = options.development ?? false;
  const now = options.now ?? (() => new Date());
  const { env } = options;

  const platform = env.platformBaseUrl
    ? null
    : createEmbeddedPlatform({
        file: env.databaseFile,
        now,
        log,
        captchaTestMode: env.captchaTestMode,
        publicOrigin: env.publicOrigin,
        maxFailedLogins: env.maxFailedLogins,
        announceMessage: env.devTools === "off" ? log : undefined,
      });
  const FORWARDED_FOR = "X-Forwarded-For";
  // Every call to a remote platform (pages' sources, sessions, the console's store, the /api relay) shares one bound.
  const platformGuard = platform ? null : createPlatformGuard(options.platformGuard);
  const serverApi: ApiClient = createApiClient({
    baseUrl: env.platformBaseUrl ?? "http://embedded/api",
    // A call made for a visitor (a form posted without scripts, ADR 029) names their address, so per-address limits count them.
    fetch: platform
      ? (input, init) => {
          const request = new Request(input, init);
          return platform.api.fetch(request, request.headers.get(FORWARDED_FOR) ?? undefined);
        }
      : platformGuard?.fetch,
    headers: () => ({ source: "4", deviceBrand: "server", deviceMod: "ssr" }),
  });

  const catalogues = loadCatalogues(root);
  let dropRenders = () => {};
  let dropRendersOf = (_paths: string[]) => {};
  let rearmBoundaries = () => {};
  const purgeOptions = env.cdnPurgeUrl ? { url: env.cdnPurgeUrl, publicOrigin: env.publicOrigin, log } : null;
  const purge = purgeOptions && cdnPurger(purgeOptions);
  // The console's store is this product's own data (ADR 052): SQLite for one node, PostgreSQL for many.
  const consoleStore = await openConsoleStore(
    {
      databaseUrl: env.consoleDatabaseUrl,
      file: env.consoleDatabaseFile,
      legacyPlatformFile: platform ? env.databaseFile : undefined,
      mediaBucket: env.mediaBucket,
    },
    { platform: consolePlatformOver(serverApi), log, onPublished: purge ? (change) => void purge(change) : undefined },
  );
  const seedFromRepository = async () => {
    const taken = await consoleStore.seedFromDirectory(env.pageConfigsDir, now());
    if (taken) log(`took ${taken} new or changed page config(s) from ${env.pageConfigsDir} into the console's store`);
  };
  await seedFromRepository();
  const pushed = consoleStore.engine.kind === "postgres";
  const pages = createPageConfigStore({
    directory: env.pageConfigsDir,
    catalogues,
    watchForChanges: development,
    log,
    live: (after) => consoleStore.live(after),
    // Pushed publishes arrive at once (ADR 053); the slow poll only covers a notification lost without a disconnect.
    pollMs: pushed ? 30_000 : 1_000,
    onRepositoryChange: seedFromRepository,
    onLiveChange: () => {
      dropRenders();
      rearmBoundaries();
    },
  });
  const publishes = watchPublishes(consoleStore, () => void pages.refresh(), log);
  const scheduler = startScheduledPublishes(consoleStore, now, log);
  await pages.refresh();
  // A live config's own publish window passing changes its page with no publish (ADR 093).
  const boundaries = startPublishBoundaryWatch(consoleStore, {
    configs: () => liveConfigs(pages),
    dropRenders: (paths) => dropRendersOf(paths),
    purge: purgeOptions && cdnPathPurger(purgeOptions),
    now,
    log,
  });
  rearmBoundaries = () => void boundaries.rearm();
  const clientDir = join(env.buildDir, "client");
  const widgetModuleUrls = development ? () => [] : widgetModuleResolver(clientDir);

  const sessionUser = async (token: string | null): Promise<SessionUser | null> => {
    if (!token) return null;
    const answer = await serverApi.request<SessionUser>("/web/getUserInfoWithToken", { method: "GET", headers: { token } });
    return SUCCESS_CODES.has(answer.code) && answer.data ? answer.data : null;
  };

  // Who a token names, remembered for seconds so a signed-in cache hit asks the platform nothing (ADR 099).
  const sessions = sessionMemory({ now: () => now().getTime(), ask: sessionUser });

  const app = express();
  app.disable("x-powered-by");
  // Before anything reads a path: every gate, router and cache below sees the one normal form (ADR 039).
  app.use(normaliseRequestPaths());
  // First of all: a write that may change a session's gates is forgotten before any read can key a render by it.
  app.use(sessions.forgetOnWrites);
  let draining = false;
  app.use((_request, response, next) => {
    if (draining) response.setHeader("Connection", "close");
    next();
  });
  app.set("trust proxy", env.trustProxy);
  // A page's kept render goes out from here, before the middleware and routes a hit does not need (ADR 105).
  let renderHits: RequestHandler | null = null;
  app.use((request, response, next) => (renderHits ? renderHits(request, response, next) : next()));

  let ready = false;
  app.get("/healthz", (_request, response) => {
    response.status(ready ? 200 : 503).json({ status: ready ? "ok" : "starting" });
  });
  app.get(
    "/readyz",
    readinessCheck({
      platform: async () => {
        if (platform) return true;
        // Through the breaker: while it is open this fails at once, and once its pause is over it is the probe.
        const answer = await serverApi.request("/web/getUserInfoWithToken", { method: "GET", timeoutMs: 2_000 });
        return answer.code !== NETWORK_ERROR_CODE;
      },
      consoleStore: () => pages.reachable(),
    }),
  );

  const sourceCache = createSourceCache(() => now().getTime());
  const services = (response: ExpressResponse): AppServices => ({
    pages,
    api: serverApi,
    sourceCache,
    nonce: (response.locals as SecurityLocals).nonce,
    now,
    // The render cache has asked already when it keys the render by the viewer's class (ADR 083).
    sessionUser: async (request) => (response.locals as RenderLocals).classViewer ?? sessionUser(readCookie(request.headers.get("Cookie"), COOKIE_NAMES.token)),
    rendersForClass: Boolean((response.locals as RenderLocals).classViewer),
    widgetModuleUrls,
    sessionCookie: (token) => sessionCookie(token, env.secureCookies),
    clientAddress: response.req.ip ?? "",
    publicOrigin: env.publicOrigin,
    isProduction: env.isProduction,
    sourceTimeoutMs: env.platformTimeoutMs,
  });

  app.use(securityHeaders({ development }));
  app.use(compressResponses());
  // Before refuseOddRequests, which lets only pages' GETs through: the console's API takes POSTs (same-site only).
  let servedRoutes: Set<string> | null = null;
  let renderPreview: RequestHandler = (_request, response) => void response.status(503).end();
  app.use(libraryRoutes({ store: consoleStore, servedPaths: () => pages.paths(), api: serverApi, now, publicOrigin: env.publicOrigin, scheduler, log }));
  app.use(
    opsConsole({
      store: consoleStore,
      pages,
      catalogues,
      servedRoutes: () => (servedRoutes ??= servedPlatformRoutes()),
      root,
      now,
      publicOrigin: env.publicOrigin,
      secureCookies: env.secureCookies,
      baseServices: services,
      previewClockSecret: platform?.previewClockSecret ?? env.previewClockSecret,
      // The page renderer exists once the build is loaded (below); previews are answered only after that.
      renderPreview: (request, response, next) => renderPreview(request, response, next),
      log,
    }),
  );
  app.use(refuseOddRequests());
  app.use(sameSiteWrites(env.publicOrigin));

  // Citations of papers, reports, books, articles and videos, read through the platform's API (ADR 044).
  app.use(citationRoutes({ api: serverApi, publicOrigin: env.publicOrigin, catalogues }));

  // Logging out (or a session the platform ended) clears the cookie the page's scripts cannot touch.
  app.post("/session/end", (_request, response) => {
    response.setHeader("Set-Cookie", endedSessionCookie(env.secureCookies));
    response.setHeader("Cache-Control", "no-store");
    response.status(204).end();
  });

  app.all("/api/{*rest}", async (request, response) => {
    if (isInternalApiPath(request.path)) {
      refuseInternalApi(request.path, response);
      return;
    }
    if (!API_METHODS.has(request.method)) {
      response.setHeader("Allow", [...API_METHODS].join(", "));
      response.setHeader("Connection", "close");
      response.status(405).json({ code: 405, message: `method ${request.method} not allowed` });
      return;
    }
    // Read before the body: a refused body ends the connection, and the address with it.
    const ip = request.ip ?? "";
    const incoming = await toWebRequest(request);
    if (!incoming) {
      response.setHeader("Connection", "close");
      response.status(413).json({ code: 413, message: "request body too large" });
      return;
    }
    // The gate again on the very URL that goes on, so no parser between the two can make them differ.
    const forwarded = new URL(incoming.url);
    if (isInternalApiPath(forwarded.pathname)) {
      refuseInternalApi(forwarded.pathname, response);
      return;
    }
    if (platform) {
      await sendApiResponse(await platform.api.fetch(incoming, ip), response, env.secureCookies);
      return;
    }
    const upstream = await platformGuard!
      .fetch(`${env.platformBaseUrl}${forwarded.pathname.slice("/api".length)}${forwarded.search}`, {
        method: request.method,
        headers: incoming.headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : await incoming.arrayBuffer(),
        signal: AbortSignal.timeout(60_000),
        redirect: "manual",
      })
      .catch(() => null);
    if (!upstream || !(await isPlatformAnswer(upstream))) {
      // Said in the person's language, and for a write that it was not sent: the page keeps what they wrote (ADR 043).
      const texts = catalogues[toLang(readCookie(request.headers.cookie, COOKIE_NAMES.lang))].faults as Record<string, string>;
      response.setHeader("Cache-Control", "no-store");
      if (!upstream) response.setHeader("Retry-After", "2");
      response.status(upstream ? 502 : 503).json({ code: NETWORK_ERROR_CODE, message: request.method === "POST" ? texts.notSent : texts.unavailable });
      return;
    }
    await sendApiResponse(upstream, response, env.secureCookies);
  });

  // Calendar files, private feeds and share posters (ADR 045): built from the platform's answers, so they work against
  // the real platform as against the embedded one.
  app.use(shareRoutes({ api: serverApi, catalogues, publicOrigin: env.publicOrigin, now: () => now().getTime() }));

  const realtimeTestHooks = Boolean(options.realtimeTestHooks) && !env.isProduction;
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const realtime = createRealtime({
    backend: platform
      ? { kind: "embedded", platform }
      : { kind: "remote", socketsUrl: env.platformSocketsUrl!, sessionUserId: async (token) => (await sessionUser(token))?.id.toString() ?? null },
    publicOrigin: env.publicOrigin,
    now,
    testHooks: realtimeTestHooks,
    clientAddress: (request) => clientAddress(request, trustsProxy),
  });
  if (platform && realtimeTestHooks) app.use(realtime.testRoutes());

  if (platform) {
    if (env.devTools !== "off") app.use(devTools(platform, env.devTools));
    // Chapters play only through URLs /booksPlay signed for a listener who may hear them; the platform checks the
    // signature and answers Range requests (ADR 076).
    app.get("/media/audio/:file", async (request, response) => {
      const query = new URLSearchParams({ file: request.params.file, exp: String(request.query.exp ?? ""), sig: String(request.query.sig ?? "") });
      const range = request.headers.range;
      const answer = await platform.api.fetch(new Request(`http://embedded${PLATFORM_MEDIA.audio}?${query}`, { headers: range ? { range } : {} }));
      response.status(answer.status);
      answer.headers.forEach((value, key) => response.setHeader(key, value));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    app.get("/media/poster/:file", async (request, response) => {
      const id = Number(/^(\d+)\.svg$/.exec(request.params.file)?.[1]);
      const lang = toLang(readCookie(request.headers.cookie, COOKIE_NAMES.lang));
      const svg = Number.isInteger(id) ? await embeddedPoster(platform, id, lang) : null;
      if (!svg) {
        response.status(404).end();
        return;
      }
      // The art speaks the viewer's language: revalidated (ETag) so a language switch shows the other one.
      response.setHeader("Content-Type", "image/svg+xml");
      response.setHeader("Cache-Control", "no-cache");
      response.setHeader("Vary", "Cookie");
      response.send(svg);
    });
  }

  app.get(
    "/media/share.jpg",
    shareImages({
      posterSvg: platform ? (id, lang) => embeddedPoster(platform, id, lang) : undefined,
      platformBytes: async (path) => {
        const answer = platform
          ? await platform.api.fetch(new Request(`http://platform${path}`))
          : await platformGuard!.fetch(`${env.platformBaseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
        return answer?.status === 200 ? Buffer.from(await answer.arrayBuffer()) : null;
      },
    }),
  );

  let vite: ViteDevServer | undefined;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom", root });
    app.use(vite.middlewares);
    build = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    app.use("/assets", precompressedFiles(join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Every file of the build has an extension and no page path does: pages are not looked up on disk first.
    const buildFiles = precompressedFiles(clientDir, { maxAge: "1h" });
    app.use((request, response, next) => (/\.[^/]*$/.test(request.path) ? buildFiles(request, response, next) : next()));
    build = (await import(join(env.buildDir, "server", "index.js"))) as ServerBuild;
  }

  const pageHandler = (servicesOf: (response: ExpressResponse) => AppServices) =>
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: async (_request, response) => {
        const serverBuild = typeof build === "function" ? await build() : build;
        const key = (serverBuild.entry.module as unknown as { appServices: typeof appServices }).appServices;
        const context = new RouterContextProvider();
        context.set(key, servicesOf(response));
        return context;
      },
    });
  renderPreview = pageHandler(previewServicesOf);

  if (options.renderCache ?? true) {
    // Renders of the old live set are stale once a publish lands (ADR 026): a new, empty cache replaces the old one.
    // A signed-in viewer's render is kept by their class (ADR 083): who they are is asked once, here, for the key.
    const classOf: ViewerClassOf = async (request, response) => {
      const token = readCookie(request.headers.cookie, COOKIE_NAMES.token);
      const viewer = token ? await sessions.viewerOf(token) : null;
      if (viewer) (response.locals as RenderLocals).classViewer = viewer;
      return viewer && viewerClassOf(viewer);
    };
    const emptyCache = () => renderCache({ now: () => now().getTime(), classOf });
    let cache = emptyCache();
    dropRenders = () => {
      cache = emptyCache();
    };
    dropRendersOf = (paths) => cache.forget(paths);
    renderHits = (request, response, next) => cache.hits(request, response, next);
    app.use((request, response, next) => cache(request, response, next));
  }
  // Inside the render cache, so what it keeps is the document as it left, under its hashed policy.
  app.use(hashedPolicyForPublicPages({ development }));
  app.all("/{*path}", pageHandler(services));

  ready = true;
  return {
    app,
    beginDraining: () => {
      draining = true;
    },
    platform,
    consoleStore,
    platformGuard,
    attachRealtime: (server) => realtime.attach(server),
    async close() {
      pages.close();
      await publishes?.close();
      scheduler.stop();
      boundaries.stop();
      await Promise.all([scheduler.settled(), boundaries.settled()]);
      await consoleStore.close();
      await vite?.close();
      platform?.close();
    },
  };
}
