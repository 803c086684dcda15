/**
 * Faults (issue 17): on every page config with two or more server-side sources, half of them fail — one answering
 * an error, the next never answering until its time-out — and the page still loads: the failed sources are errors
 * (each widget of theirs shows its own notice), every other source is loaded, and the page is not taken for missing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { withConfigDefaults } from "@server/config-check.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { isSubjectMissing, loadPage } from "~/pipeline/load-page.server";
import { createApiClient } from "~/api/api-client";
import { shownPage } from "~/pipeline/data-reads";
import { widgetDataReads } from "~/renderer/widget-components";
import type { AppServices, PageConfigStore } from "~/services";

const configsDir = join(import.meta.dirname, "..", "..", "page-configs");
const configs = readdirSync(configsDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(join(configsDir, file), "utf8")) as PageConfigInput)
  .filter((config) => Object.values(config.data ?? {}).filter((source) => source.side !== "client" && !source.gate).length >= 2);

function servicesFailing(failing: Map<string, "error" | "hang">): AppServices {
  const fetch = (url: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const path = new URL(String(url)).pathname;
      const fault = failing.get(path);
      if (fault === "error") return resolve(new Response("upstream broke", { status: 502 }));
      if (fault === "hang") {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
        return;
      }
      resolve(Response.json({ code: 200, message: "success", data: { id: 1, title: "标题", titleEn: "Title", list: [], total: 0 } }));
    });
  const pages: PageConfigStore = { resolve: () => null, paths: () => [], notFound: () => ({ path: "/404", title: { zh: "无", en: "None" }, widgets: [] }) };
  const services: AppServices = {
    pages,
    api: createApiClient({ baseUrl: "http://platform.test", fetch: fetch as typeof globalThis.fetch }),
    sourceCache: createSourceCache(() => Date.now()),
    nonce: "n",
    now: () => new Date("2027-01-10T00:00:00Z"),
    sessionUser: async () => null,
    widgetModuleUrls: () => [],
    publicOrigin: "http://localhost:3000",
    isProduction: true,
  };
  return services;
}

describe("pages with half their sources failing", () => {
  it("covers the pages that have several sources", () => {
    expect(configs.length).toBeGreaterThanOrEqual(5);
  });

  for (const written of configs) {
    it(`${written.path} loads its other sources and renders`, async () => {
      const names = Object.entries(written.data ?? {})
        .filter(([, source]) => source.side !== "client" && !source.gate)
        .map(([name]) => name);
      // A short time-out for the hanging ones, so the test does not wait the configured seconds.
      const data = Object.fromEntries(
        Object.entries(written.data ?? {}).map(([name, source]) => [name, { ...source, timeoutMs: 200, notFoundWhenMissing: false }]),
      );
      const config = withConfigDefaults({ ...written, data });
      const failing = new Map<string, "error" | "hang">();
      const failed = names.filter((_, index) => index % 2 === 1);
      failed.forEach((name, index) => failing.set(data[name].api, index % 2 === 0 ? "error" : "hang"));
      const query = new URLSearchParams(Object.keys(written.query ?? {}).map((key) => [key, "1"]));
      const view = await loadPage({
        request: new Request(`http://site.test${written.path}?${query}`),
        config,
        services: servicesFailing(failing),
        token: null,
        lang: "zh",
      });
      expect(view.kind, written.path).toBe("page");
      expect(isSubjectMissing(view)).toBe(false);
      // Sources only the tabs this URL does not choose read are not loaded at all (ADR 034).
      const hidden = shownPage(config, query, view.query, "zh", widgetDataReads).hiddenSources;
      for (const name of names) {
        const sharesFailingApi = failing.has(data[name].api);
        expect(view.data[name]?.status, `${written.path} ${name}`).toBe(hidden.has(name) ? undefined : sharesFailingApi ? "error" : "ok");
      }
    });
  }
});
