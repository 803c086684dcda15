/**
 * The operations console on a fresh temporary database: the embedded platform (not seeded with content, only with a
 * copy of the repository's page configs), our server's page-config store polling it, and the console's router on a
 * port of its own. Previews are answered by a stand-in renderer that reports the services the page would get.
 */
import { afterAll, beforeAll } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { createApiClient } from "~/api/api-client";
import type { AppServices } from "~/services";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { SUCCESS_CODES } from "@contracts/envelope";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@server/platform-api/index.server";
import { OPS_CONSOLE_PREFIX } from "@server/platform-api/ops.server";
import { createPageConfigStore, type LivePage, type ServerPageConfigStore } from "@server/page-configs.server";
import { servedPlatformRoutes } from "@server/config-check.server";
import { opsConsole, previewServicesOf } from "@server/ops/console.server";

export const PASSWORD = "correct horse battery";
const root = join(import.meta.dirname, "..", "..");

export interface OpsFixture {
  readonly platform: EmbeddedPlatform;
  readonly pages: ServerPageConfigStore;
  readonly directory: string;
  readonly databaseFile: string;
  now(): Date;
  advance(ms: number): void;
  /** A request to the console's server, as a browser on this site sends it. */
  request(path: string, options?: { method?: "GET" | "POST"; body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  /** Signs in (staff made on first use) and answers the Cookie header that carries the session. */
  signIn(username: string, role: "editor" | "publisher"): Promise<string>;
  /** A page store of a second server node on the same database. */
  secondNode(pollMs: number): ServerPageConfigStore;
}

export function liveSourceOf(platform: EmbeddedPlatform) {
  const api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => platform.api.fetch(new Request(input, init)) });
  return async (after: number | null) => {
    const answer = await api.request<{ counter: number; pages?: LivePage[] }>(`${OPS_CONSOLE_PREFIX}/live`, {
      method: "GET",
      params: after === null ? {} : { after },
    });
    if (!SUCCESS_CODES.has(answer.code) || !answer.data) throw new Error(answer.message);
    return answer.data;
  };
}

export function useOpsConsole(port: number, startsAt = "2026-11-01T00:00:00.000Z"): OpsFixture {
  let clock = new Date(startsAt);
  let work = "";
  let platform: EmbeddedPlatform | undefined;
  let pages: ServerPageConfigStore | undefined;
  let server: Server | undefined;
  const others: ServerPageConfigStore[] = [];
  const catalogues = loadCatalogues(root);
  const made = new Set<string>();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "ops-"));
    cpSync(join(root, "page-configs"), join(work, "page-configs"), { recursive: true });
    platform = createEmbeddedPlatform({ file: join(work, "p.sqlite"), seed: false, now: () => clock, log: () => {} });
    platform.opsConsole.seedFromDirectory(join(work, "page-configs"), clock);
    // As the server's own client does (server/app.server.ts): the address our server names on its call is the one the
    // platform's limits count.
    const api = createApiClient({
      baseUrl: "http://embedded/api",
      fetch: (input, init) => {
        const request = new Request(input, init);
        return platform!.api.fetch(request, request.headers.get("X-Forwarded-For") ?? undefined);
      },
    });
    pages = createPageConfigStore({
      directory: join(work, "page-configs"),
      catalogues,
      watchForChanges: false,
      log: () => {},
      live: liveSourceOf(platform),
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
    app.use(
      opsConsole({
        api,
        pages,
        catalogues,
        servedRoutes: () => served,
        root,
        now: () => clock,
        publicOrigin: `http://127.0.0.1:${port}`,
        secureCookies: false,
        baseServices: base,
        // Stands in for React Router: reports what the page's loader would be handed.
        renderPreview: async (request, response) => {
          const services = previewServicesOf(response);
          const entry = services.pages.resolve(request.path);
          const fakeRequest = new Request(`http://x${request.url}`, { headers: { cookie: request.headers.cookie ?? "" } });
          response.json({
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
    for (const store of others) store.close();
    pages?.close();
    platform?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const fixture: OpsFixture = {
    get platform() {
      if (!platform) throw new Error("only inside tests");
      return platform;
    },
    get pages() {
      if (!pages) throw new Error("only inside tests");
      return pages;
    },
    get directory() {
      return join(work, "page-configs");
    },
    get databaseFile() {
      return join(work, "p.sqlite");
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
        fixture.platform.opsConsole.saveStaff(username, role, PASSWORD, clock);
        made.add(username);
      }
      const response = await fixture.request("/ops/api/login", { body: { username, password: PASSWORD } });
      if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}`);
      const cookie = response.headers.get("set-cookie") ?? "";
      return cookie.split(";")[0];
    },
    secondNode(pollMs) {
      const second = createEmbeddedPlatform({ file: join(work, "p.sqlite"), seed: false, now: () => clock, log: () => {} });
      const store = createPageConfigStore({
        directory: join(work, "page-configs"),
        catalogues,
        watchForChanges: false,
        log: () => {},
        live: liveSourceOf(second),
        pollMs,
      });
      others.push({
        ...store,
        close: () => {
          store.close();
          second.close();
        },
      });
      return store;
    },
  };
  return fixture;
}
