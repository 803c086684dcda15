/**
 * The operations console on a fresh store: the embedded platform (not seeded with content; it answers the captcha and
 * the hot searches), the console's store on the engine asked for (a SQLite file, or a database of its own on the run's
 * throwaway PostgreSQL, ADR 052) seeded with a copy of the repository's page configs, our server's page-config store
 * reading it, and the console's router on a port of its own. Previews are answered by a stand-in renderer that reports
 * the services the page would get.
 */
import { afterAll, beforeAll } from "vitest";
import type { StaffRole } from "@contracts/ops";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { createApiClient } from "~/api/api-client";
import type { AppServices } from "~/services";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { createPageConfigStore, type ServerPageConfigStore } from "@server/page-configs.server";
import { openConsoleStore, watchPublishes, type ConsoleStore } from "@server/ops/store/index.server";
import type { ConsoleStoreOptions } from "@server/ops/store/console-store.server";
import { consolePlatformOver } from "@server/ops/store/platform-calls.server";
import { freshPostgresDatabase, type ConsoleEngineKind } from "./postgres-database";
import { servedPlatformRoutes } from "@server/config-check.server";
import { opsConsole, previewServicesOf } from "@server/ops/console.server";
import { libraryRoutes } from "@server/ops/store/library-routes.server";
import { PREVIEW_CLOCK_HEADER, readPreviewClock } from "@contracts/preview-clock.server";

export const PASSWORD = "correct horse battery";
const root = join(import.meta.dirname, "..", "..");

export interface OpsFixture {
  readonly platform: EmbeddedPlatform;
  readonly store: ConsoleStore;
  readonly engine: ConsoleEngineKind;
  /** Rows of a statement on the console's store (`?` placeholders on either engine). */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  readonly pages: ServerPageConfigStore;
  readonly directory: string;
  now(): Date;
  advance(ms: number): void;
  /** A request to the console's server, as a browser on this site sends it. */
  request(path: string, options?: { method?: "GET" | "POST"; body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  /** Signs in (staff made on first use) and answers the Cookie header that carries the session. */
  signIn(username: string, role: StaffRole): Promise<string>;
  /** A page store of a second server node on its own connection to the same store (pushed on PostgreSQL, else polled). */
  secondNode(pollMs: number): Promise<ServerPageConfigStore>;
  /** The console's store opened again on its own connection(s) with this node's options, as another server node opens it. */
  anotherStore(): Promise<ConsoleStore>;
}

export function useOpsConsole(
  port: number,
  startsAt = "2026-11-01T00:00:00.000Z",
  engine: ConsoleEngineKind = "sqlite",
  limits: Partial<ConsoleStoreOptions> = {},
): OpsFixture {
  let clock = new Date(startsAt);
  let work = "";
  let location: { databaseUrl: string | null; file: string } = { databaseUrl: null, file: "" };
  let platform: EmbeddedPlatform | undefined;
  let store: ConsoleStore | undefined;
  let pages: ServerPageConfigStore | undefined;
  let server: Server | undefined;
  const others: { close(): Promise<void> }[] = [];
  const catalogues = loadCatalogues(root);
  const made = new Set<string>();
  /** The preview clock the last platform call carried, as sent (ADR 089). */
  let lastPreviewClock: string | null = null;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "ops-"));
    cpSync(join(root, "page-configs"), join(work, "page-configs"), { recursive: true });
    platform = createEmbeddedPlatform({ file: join(work, "p.sqlite"), seed: false, now: () => clock, log: () => {} });
    // As the server's own client does (server/app.server.ts): the address our server names on its call is the one the
    // platform's limits count.
    const api = createApiClient({
      baseUrl: "http://embedded/api",
      fetch: (input, init) => {
        const request = new Request(input, init);
        lastPreviewClock = request.headers.get(PREVIEW_CLOCK_HEADER);
        return platform!.api.fetch(request, request.headers.get("X-Forwarded-For") ?? undefined);
      },
    });
    location = {
      databaseUrl: engine === "postgres" ? await freshPostgresDatabase(`console_${port}`) : null,
      file: join(work, "console.sqlite"),
    };
    store = await openConsoleStore(location, { platform: consolePlatformOver(api), ...limits });
    await store.seedFromDirectory(join(work, "page-configs"), clock);
    const opened = store;
    pages = createPageConfigStore({
      directory: join(work, "page-configs"),
      catalogues,
      watchForChanges: false,
      log: () => {},
      live: (after) => opened.live(after),
      pollMs: 60_000,
    });
    await pages.refresh();
    const served = servedPlatformRoutes();
    const app = express();
    app.set("trust proxy", "loopback");
    const base = (response: express.Response): AppServices => ({
      pages: pages!,
      api,
      sourceCache: createSourceCache(() => clock.getTime()),
      nonce: "test",
      now: () => clock,
      sessionUser: async () => null,
      widgetModuleUrls: () => [],
      isProduction: false,
      ...(response.locals.extraServices ?? {}),
    });
    const livePages = pages;
    app.use(libraryRoutes({ store, servedPaths: () => livePages.paths(), api, now: () => clock, publicOrigin: `http://127.0.0.1:${port}` }));
    app.use(
      opsConsole({
        store,
        pages,
        catalogues,
        servedRoutes: () => served,
        root,
        now: () => clock,
        publicOrigin: `http://127.0.0.1:${port}`,
        secureCookies: false,
        baseServices: base,
        previewClockSecret: platform.previewClockSecret,
        // Stands in for React Router: reports what the page's loader would be handed.
        renderPreview: async (request, response) => {
          const services = previewServicesOf(response);
          const entry = services.pages.resolve(request.path);
          const fakeRequest = new Request(`http://x${request.url}`, { headers: { cookie: request.headers.cookie ?? "" } });
          lastPreviewClock = null;
          const signUp = await services.api.request("/signData/isCanAdd", { params: { specialId: 1 } });
          const carried = readPreviewClock(platform!.previewClockSecret, lastPreviewClock, "/signData/isCanAdd", clock);
          response.json({
            platformClock: carried.kind === "valid" ? carried.at.toISOString() : carried.kind,
            platformCode: signUp.code,
            url: request.url,
            cookie: request.headers.cookie,
            now: services.now().toISOString(),
            user: await services.sessionUser(fakeRequest),
            entry: entry && (entry.status === "valid" ? { status: "valid", title: entry.config.title, publish: entry.config.publish ?? null } : entry),
            liveTitle: (() => {
              const live = pages!.resolve(request.path);
              return live?.status === "valid" ? live.config.title : null;
            })(),
          });
        },
      }),
    );
    app.use((_request, response) => void response.status(418).send("fell through to the page renderer"));
    await new Promise<void>((resolve) => {
      server = app.listen(port, "127.0.0.1", () => resolve());
    });
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const other of others) await other.close();
    pages?.close();
    await store?.close();
    platform?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const fixture: OpsFixture = {
    get platform() {
      if (!platform) throw new Error("only inside tests");
      return platform;
    },
    get store() {
      if (!store) throw new Error("only inside tests");
      return store;
    },
    engine,
    sql: (text, params) => fixture.store.engine.all(text, params),
    get pages() {
      if (!pages) throw new Error("only inside tests");
      return pages;
    },
    get directory() {
      return join(work, "page-configs");
    },
    now: () => clock,
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    request(path, options = {}) {
      const method = options.method ?? (options.body === undefined ? "GET" : "POST");
      const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      if (options.body !== undefined) headers["content-type"] = "application/json";
      return fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
        redirect: "manual",
      });
    },
    async signIn(username, role) {
      if (!made.has(username)) {
        await fixture.store.saveStaff(username, role, PASSWORD, clock);
        made.add(username);
      }
      const response = await fixture.request("/ops/api/login", { body: { username, password: PASSWORD } });
      if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}`);
      const cookie = response.headers.get("set-cookie") ?? "";
      return cookie.split(";")[0];
    },
    async anotherStore() {
      // Configured as this node is (limits, publish hook, media bucket): whichever node's scheduler wins a due publish announces it.
      const another = await openConsoleStore(location, { platform: consolePlatformOver(createApiClient({ baseUrl: "http://embedded/api" })), ...limits });
      others.push({ close: () => another.close() });
      return another;
    },
    async secondNode(pollMs) {
      const second = await openConsoleStore(location, { platform: consolePlatformOver(createApiClient({ baseUrl: "http://embedded/api" })) });
      const node = createPageConfigStore({
        directory: join(work, "page-configs"),
        catalogues,
        watchForChanges: false,
        log: () => {},
        live: (after) => second.live(after),
        pollMs,
      });
      await node.refresh();
      const pushed = watchPublishes(
        second,
        () => void node.refresh(),
        () => {},
      );
      others.push({
        close: async () => {
          node.close();
          await pushed?.close();
          await second.close();
        },
      });
      return node;
    },
  };
  return fixture;
}
