/**
 * A page is rendered with only the catalogues the root loader sends it (ADR 028): every widget of every page config,
 * in both languages, with the browser's translator holding just those namespaces (and the texts its bindings name)
 * gives the same HTML as with every catalogue, and looks no key up that the full translator would have found. The
 * namespaces trimmed to the groups the page's widgets name (ADR 100) are held as the root loader sends them.
 */
import { renderToString } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import type { WidgetNode } from "@schemas/generated/page-config";
import { createApiClient, type ApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { LANGUAGES, NAMESPACES } from "@contracts/language";
import { createPageConfigStore } from "@server/page-configs.server";
import { addPartialBundle, addTrimmedBundle, createClientI18n } from "~/i18n/client-i18n";
import { widgetTextGroups } from "@schemas/generated/widget-text-groups.server";
import { pageTexts, pickTexts } from "~/i18n/page-namespaces";
import { useCatalogue } from "~/i18n/use-catalogue";
import type { DataState } from "~/pipeline/data-state";
import { plannedSources } from "~/pipeline/plan";
import { requestSource } from "~/pipeline/request-source";
import { walkWidgets } from "~/pipeline/widget-tree";
import { loadWidgetComponents } from "~/renderer/widget-components";
import { isWidgetType, widgetRegistry } from "@widgets/registry";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { renderWidget } from "./render-widget";

const root = join(import.meta.dirname, "..", "..");
const clock = new Date("2027-01-10T00:00:00Z");
const catalogues = loadCatalogues(root);
const noFetch = (lang: string, namespace: string) => Promise.reject(new Error(`fetched ${lang}/${namespace} while rendering`));

const embedded = useEmbeddedPlatform(clock.toISOString(), { captchaTestMode: false });
let api: ApiClient;

beforeAll(async () => {
  api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => embedded.platform.api.fetch(new Request(input, init)) });
  await loadWidgetComponents(Object.keys(widgetRegistry));
}, 120_000);

const store = createPageConfigStore({ directory: join(root, "page-configs"), catalogues, watchForChanges: false, log: () => {} });
const notFound = store.notFound();
const pages = store
  .paths()
  .map((path) => store.resolve(path))
  .flatMap((entry) => (entry?.status === "valid" ? [entry.config] : []));

describe("every page renders from its own catalogues", () => {
  it("covers every page config", () => {
    expect(pages.length).toBeGreaterThan(60);
  });

  it.each(pages.map((config) => [config.path, config] as const))("%s", async (_path, config) => {
    const query = Object.fromEntries(Object.keys(config.query ?? {}).map((name) => [name, "1"]));
    const data: Record<string, DataState> = {};
    for (const [name, planned] of plannedSources(config, null)) {
      data[name] = planned === "load" ? await requestSource(api, config.data![name], query, { lang: "zh" }) : planned;
    }
    const nodes: WidgetNode[] = [];
    walkWidgets(config.widgets, ({ node }) => {
      if (isWidgetType(node.type)) nodes.push(node);
    });
    const texts = pageTexts([config, notFound], widgetTextGroups);
    for (const lang of LANGUAGES) {
      const misses = { page: new Set<string>(), full: new Set<string>() };
      const page = createClientI18n(lang, "common", { fetch: noFetch, onMissing: (_l, ns, key) => misses.page.add(`${ns}:${key}`) });
      for (const namespace of texts.namespaces) page.addResourceBundle(lang, namespace, catalogues[lang][namespace], true, true);
      for (const [namespace, keys] of Object.entries(texts.bindingKeys)) addPartialBundle(page, lang, namespace, pickTexts(catalogues[lang][namespace], keys));
      for (const [namespace, keys] of Object.entries(texts.trimmedKeys)) addTrimmedBundle(page, lang, namespace, pickTexts(catalogues[lang][namespace], keys));
      const full = createClientI18n(lang, "common", { fetch: noFetch, onMissing: (_l, ns, key) => misses.full.add(`${ns}:${key}`) });
      for (const namespace of NAMESPACES) full.addResourceBundle(lang, namespace, catalogues[lang][namespace], true, true);

      for (const node of nodes) {
        if (!isWidgetType(node.type)) continue;
        const options = { props: node.props ?? {}, source: node.data, lang, query, config: { data: config.data }, now: clock.getTime(), data };
        const expected = await renderWidget(node.type, { ...options, i18n: full });
        const actual = await renderWidget(node.type, { ...options, i18n: page });
        expect(actual, `${config.path} ${node.type} (${lang})`).toBe(expected);
      }
      expect(
        [...misses.page].filter((key) => !misses.full.has(key)),
        `${config.path} (${lang}): keys missing from its catalogues`,
      ).toEqual([]);
    }
  });
});

describe("the browser's translator loads what a page lacks", () => {
  it("counts bound texts as part of a namespace, fetches the rest once, and reports keys it cannot find", async () => {
    const fetched: string[] = [];
    const missed: string[] = [];
    const i18n = createClientI18n("en", "common", {
      fetch: async (lang, namespace) => {
        fetched.push(`${lang}/${namespace}`);
        return catalogues.en[namespace];
      },
      onMissing: (_lang, namespace, key) => missed.push(`${namespace}:${key}`),
    });
    addPartialBundle(i18n, "en", "live", pickTexts(catalogues.en.live, ["title"]));
    expect(i18n.t("live:title")).toBe((catalogues.en.live as { title: string }).title);
    expect(i18n.hasLoadedNamespace("live")).toBe(false);
    await Promise.all([i18n.loadNamespaces(["live", "verify"]), i18n.loadNamespaces("verify")]);
    expect(fetched.sort()).toEqual(["en/live", "en/verify"]);
    expect(i18n.hasLoadedNamespace("live") && i18n.hasLoadedNamespace("verify")).toBe(true);
    expect(i18n.t("verify:no.such.key")).toBe("no.such.key");
    expect(missed).toEqual(["verify:no.such.key"]);
  });

  it("counts a trimmed namespace as loaded for the page's widgets, and fetches it whole when asked to load it", async () => {
    const fetched: string[] = [];
    const i18n = createClientI18n("zh", "common", {
      fetch: async (lang, namespace) => {
        fetched.push(`${lang}/${namespace}`);
        return catalogues.zh[namespace];
      },
    });
    addTrimmedBundle(i18n, "zh", "essay", pickTexts(catalogues.zh.essay, ["write"]));
    expect(i18n.hasLoadedNamespace("essay")).toBe(true);
    addPartialBundle(i18n, "zh", "essay", pickTexts(catalogues.zh.essay, ["title"]));
    expect(i18n.hasLoadedNamespace("essay")).toBe(true);
    expect(i18n.t("essay:errors.notFound")).toBe("errors.notFound");
    await i18n.loadNamespaces("essay");
    expect(fetched).toEqual(["zh/essay"]);
    expect(i18n.t("essay:errors.notFound")).toBe((catalogues.zh.essay as { errors: { notFound: string } }).errors.notFound);
    await i18n.loadNamespaces("essay");
    expect(fetched).toEqual(["zh/essay"]);
  });

  it("answers a failed fetch only after a pause, so a suspended component does not ask again in a loop", async () => {
    vi.useFakeTimers();
    try {
      const i18n = createClientI18n("zh", "common", { fetch: () => Promise.reject(new Error("offline")) });
      let settled: unknown = "pending";
      void i18n.loadNamespaces("verify", (error) => {
        settled = error;
      });
      await vi.advanceTimersByTimeAsync(2000);
      expect(settled).toBe("pending");
      await vi.advanceTimersByTimeAsync(1500);
      expect(settled).toBeInstanceOf(Error);
      expect(i18n.hasLoadedNamespace("verify")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("useCatalogue adds a namespace the server's i18next lacks, and the whole of one the browser holds in part", async () => {
    const server = createInstance();
    await server.use(initReactI18next).init({ resources: { zh: { common: {} } }, lng: "zh", ns: ["common"], defaultNS: "common", fallbackLng: false });
    const browser = createClientI18n("zh", "common", { fetch: noFetch });
    browser.addResourceBundle("zh", "common", {}, true, true);
    addPartialBundle(browser, "zh", "live", { title: "直播" });
    function Page() {
      useCatalogue("zh", { ops: { heading: "运营后台" }, live: { title: "直播", more: "更多" } }, {});
      const { t } = useTranslation();
      return <p>{`${t("ops:heading")} ${t("live:more")}`}</p>;
    }
    for (const i18n of [server, browser]) {
      expect(
        renderToString(
          <I18nextProvider i18n={i18n}>
            <Page />
          </I18nextProvider>,
        ),
      ).toBe("<p>运营后台 更多</p>");
    }
    expect(browser.hasLoadedNamespace("live")).toBe(true);
  });

  it("picks the named texts of a catalogue, nested as they are", () => {
    expect(pickTexts({ a: { b: "x", c: "y" }, d: "z", e: { f: "w" } }, ["a.b", "e", "nope.x"])).toEqual({ a: { b: "x" }, e: { f: "w" } });
  });
});
