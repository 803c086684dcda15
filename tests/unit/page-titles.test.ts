/**
 * Every page that shows one item is titled by that item (issue 34): its config names the item's fields (`subject`),
 * and loaded with a real seeded id, in zh and en, its title is the item's own words — never a catalogue key, never the
 * page's generic title, and in English never Chinese where the item has English.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { LANGUAGES } from "@contracts/language";
import { createPageConfigStore } from "@server/page-configs.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { loadPage } from "~/pipeline/load-page.server";
import type { AppServices } from "~/services";
import { headFacts } from "~/seo/head-facts.server";
import { pageSubject } from "~/seo/page-subject";
import { requestSource } from "~/pipeline/request-source";
import { loadWidgetComponents } from "~/renderer/widget-components";
import { widgetRegistry } from "@widgets/registry";
import { exampleQuery } from "@server/contract-samples.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const root = join(import.meta.dirname, "..", "..");
const clock = new Date("2027-01-10T00:00:00Z");
const embedded = useEmbeddedPlatform(clock.toISOString(), { captchaTestMode: false });
const store = createPageConfigStore({ directory: join(root, "page-configs"), catalogues: loadCatalogues(root), watchForChanges: false, log: () => {} });
const pages = store
  .paths()
  .map((path) => store.resolve(path))
  .flatMap((entry) => (entry?.status === "valid" ? [entry.config] : []));

/** A catalogue key as a title would show it: "detail.comments", "userHome.posts", a lone lower-case word ("works"). */
const LOOKS_LIKE_A_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/;
const CHINESE = /[\u4e00-\u9fff]/;

let services: AppServices;

beforeAll(async () => {
  const api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => embedded.platform.api.fetch(new Request(input, init)) });
  services = {
    pages: store,
    api,
    sourceCache: createSourceCache(() => clock.getTime()),
    nonce: "n",
    now: () => clock,
    sessionUser: async () => null,
    widgetModuleUrls: () => [],
    publicOrigin: "http://localhost:3000",
    isProduction: false,
  };
  await loadWidgetComponents(Object.keys(widgetRegistry));
}, 120_000);

describe("page titles", () => {
  it("every page whose item decides whether it exists (notFoundWhenMissing) names its subject, and a seeded example item", () => {
    const aboutOneItem = pages.filter((config) => Object.values(config.data ?? {}).some((source) => source.notFoundWhenMissing));
    expect(aboutOneItem.length).toBeGreaterThan(15);
    expect(aboutOneItem.filter((config) => !config.subject).map((config) => config.path)).toEqual([]);
    const withoutExample = pages.filter((config) => config.subject && Object.values(config.query ?? {}).some((entry) => entry.required && !entry.example));
    expect(withoutExample.map((config) => config.path)).toEqual([]);
  });

  // Pages behind a login gate (unlocking a book) render nothing of their item for a visitor, so they are not loaded here.
  const cases = pages.filter((config) => config.subject && !config.gate).flatMap((config) => LANGUAGES.map((lang) => [config.path, lang, config] as const));
  it.each(cases)("%s (%s) is titled by the item it shows", async (path, lang, config) => {
    const request = new Request(`http://site.test${path}?${new URLSearchParams(exampleQuery(config))}`);
    const view = await loadPage({ request, config, services, token: null, lang });
    // A source loaded in the browser (it answers per viewer) titles the document there once it is in (useSubjectTitle).
    const browserData = { ...view.data };
    for (const [name, state] of Object.entries(view.data)) {
      if (state.status === "loading") browserData[name] = await requestSource(services.api, config.data![name], view.query, { lang });
    }
    const title = headFacts(view, lang).title ?? pageSubject({ ...view, data: browserData }, lang).title;
    expect(title, `${path}: the item's title`).toBeTruthy();
    expect(title).not.toMatch(LOOKS_LIKE_A_KEY);
    expect(title).not.toBe(config.title[lang]);
    if (lang === "en" && path !== "/circleDetail" && path !== "/userHome") expect(title, `${path}: Chinese on an English page`).not.toMatch(CHINESE);
  });
});
