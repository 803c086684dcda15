/**
 * The page data the loader sends is cut down to what the widgets read (ADR 030). A widget that reads a field its
 * declaration leaves out would break silently, so every page of page-configs/ is loaded from the seeded embedded
 * platform and each of its widgets rendered twice per language, from the whole answers and from the projected ones:
 * the HTML must be the same, and no field the projection dropped may even be looked at (a Proxy records each look).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { PageConfig, WidgetNode } from "@schemas/generated/page-config";
import { createApiClient, type ApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createPageConfigStore } from "@server/page-configs.server";
import { exampleQuery } from "@server/contract-samples.server";
import { fieldAt, shownPage, itemFields, mergeUse, nodeDataUse, projectPageData, projectValue, type WidgetDataReads } from "~/pipeline/data-reads";
import type { DataState } from "~/pipeline/data-state";
import { plannedSources } from "~/pipeline/plan";
import { requestSource } from "~/pipeline/request-source";
import { walkWidgets } from "~/pipeline/widget-tree";
import { loadWidgetComponents, widgetDataReads } from "~/renderer/widget-components";
import { isWidgetType, widgetRegistry } from "@widgets/registry";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { renderWidget, type Lang } from "./render-widget";

const root = join(import.meta.dirname, "..", "..");
const clock = new Date("2027-01-10T00:00:00Z");

describe("projectValue", () => {
  const paper = { id: 7, title: "平台经济", titleEn: "Platform economics", summary: "很长的摘要", summaryEn: "A long abstract", views: 3 };

  it("keeps the fields a use names, in every element of an array", () => {
    expect(projectValue({ list: [paper, paper], total: 2, pageNum: 1 }, { list: { id: true, views: true }, total: true }, "zh")).toEqual({
      list: [
        { id: 7, views: 3 },
        { id: 7, views: 3 },
      ],
      total: 2,
    });
  });

  it("sends one language: the English twin's text in en, the Chinese field in zh, never both", () => {
    expect(projectValue(paper, { title: true }, "zh")).toEqual({ title: "平台经济" });
    expect(projectValue(paper, { title: true }, "en")).toEqual({ title: "Platform economics" });
    expect(projectValue({ title: "仅中文", titleEn: "" }, { title: true }, "en")).toEqual({ title: "仅中文" });
  });

  it("keeps a twin the code reads by name for en only", () => {
    expect(projectValue(paper, { title: true, titleEn: true }, "en")).toEqual({ title: "Platform economics", titleEn: "Platform economics" });
    expect(projectValue(paper, { title: true, titleEn: true }, "zh")).toEqual({ title: "平台经济" });
  });

  it("keeps a value read whole as it is, twins included", () => {
    expect(projectValue({ item: paper }, { item: true }, "en")).toEqual({ item: paper });
    expect(projectValue([1, "a", null], { id: true }, "zh")).toEqual([1, "a", null]);
  });
});

describe("nodeDataUse", () => {
  const contentList = (props: Record<string, unknown>) =>
    mergeUse(fieldAt(String(props.listField ?? "list"), { id: true, ...itemFields(props.item) }), fieldAt("total", true));

  it("reads a source's items as the item template binds them, plus what the widget declares", () => {
    const node: WidgetNode = { type: "contentList", data: "papers", props: { item: { title: "{item.title}", meta: ["{item.author.name}"] } } };
    expect(nodeDataUse(node, (props) => ({ data: contentList(props) })).get("papers")).toEqual({
      list: { id: true, title: true, author: { name: true } },
      total: true,
    });
  });

  it("a prop bound whole narrows to what the widget declares of it; text bindings read their leaf; undeclared is whole", () => {
    const reads: WidgetDataReads = () => ({ props: { items: { cover: true } } });
    const node: WidgetNode = {
      type: "bannerCarousel",
      props: { items: "{data.banners.list}", caption: "{data.meta.name} ({data.meta.count})" },
      visibleWhen: { value: "{data.flags.on}", equals: true },
    };
    const uses = nodeDataUse(node, reads);
    expect(uses.get("banners")).toEqual({ list: { cover: true } });
    expect(uses.get("meta")).toEqual({ name: true, count: true });
    expect(uses.get("flags")).toEqual({ on: true });
    expect(nodeDataUse(node, undefined).get("banners")).toEqual({ list: true });
    expect(nodeDataUse({ type: "contentList", data: "all" }, undefined).get("all")).toBe(true);
  });

  it("a source two widgets read carries the fields of both; one reading it whole keeps it whole", () => {
    const config = {
      path: "/p",
      title: { zh: "页", en: "Page" },
      widgets: [
        { type: "a", data: "s", props: {} },
        { type: "b", props: { text: "{data.s.total}" } },
      ],
    } as unknown as PageConfig;
    const data: Record<string, DataState> = { s: { status: "ok", value: { list: [{ id: 1, title: "x" }], total: 1, extra: true } } };
    const declared = (type: string): WidgetDataReads | undefined => (type === "a" ? () => ({ data: { list: { id: true } } }) : undefined);
    expect(projectPageData(config, data, "zh", declared).s).toEqual({ status: "ok", value: { list: [{ id: 1 }], total: 1 } });
    expect(projectPageData(config, data, "zh", () => undefined).s).toBe(data.s);
  });
});

/**
 * The projected value behind a Proxy that notes every look at a field the whole answer has and the projection left
 * out (readPath's look for an English twin of a field that is there does not count: the twin's text is in it).
 */
function watched(projected: unknown, whole: unknown, path: string, looks: Set<string>, proxies = new WeakMap<object, unknown>()): unknown {
  if (typeof projected !== "object" || projected === null) return projected;
  const known = proxies.get(projected);
  if (known) return known;
  const proxy = new Proxy(projected, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== "string") return value;
      const wholeRecord = typeof whole === "object" && whole !== null ? (whole as Record<string, unknown>) : null;
      if (!(key in target) && wholeRecord && key in wholeRecord) {
        const twinOf = key.endsWith("En") ? key.slice(0, -2) : null;
        if (!twinOf || !(twinOf in target)) looks.add(`${path}.${key}`);
        return value;
      }
      return watched(value, wholeRecord?.[key], `${path}.${key}`, looks, proxies);
    },
  });
  proxies.set(projected, proxy);
  return proxy;
}

const embedded = useEmbeddedPlatform(clock.toISOString(), { captchaTestMode: false });
let api: ApiClient;

beforeAll(async () => {
  api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => embedded.platform.api.fetch(new Request(input, init)) });
  await loadWidgetComponents(Object.keys(widgetRegistry));
}, 120_000);

const store = createPageConfigStore({ directory: join(root, "page-configs"), catalogues: loadCatalogues(root), watchForChanges: false, log: () => {} });
const pages = store
  .paths()
  .map((path) => store.resolve(path))
  .flatMap((entry) => (entry?.status === "valid" && Object.keys(entry.config.data ?? {}).length > 0 ? [entry.config] : []));

describe("shownPage", () => {
  const tabbed = (queryKey?: string) =>
    ({
      path: "/p",
      title: { zh: "页", en: "Page" },
      data: { a: { api: "/a" }, b: { api: "/b" }, c: { api: "/c" }, d: { api: "/d", notFoundWhenMissing: true } },
      widgets: [
        { type: "hero", props: { title: "{data.c.title}" } },
        {
          type: "tabs",
          props: { labels: ["A", "B", "C"], ...(queryKey ? { queryKey } : {}) },
          children: [
            { type: "contentList", data: "a" },
            { type: "group", props: { title: "{data.b.title}" }, children: [{ type: "hero", props: { title: "{data.c.name}" } }] },
            { type: "contentList", data: "d" },
          ],
        },
      ],
    }) as unknown as PageConfig;

  it("leaves out what only the tabs a URL does not choose read; a source a shown widget or a 404 needs stays", () => {
    expect(shownPage(tabbed("tab"), new URLSearchParams(""), {}, "zh", widgetDataReads).hiddenSources).toEqual(new Set(["b"]));
    expect(shownPage(tabbed("tab"), new URLSearchParams("tab=1"), {}, "zh", widgetDataReads).hiddenSources).toEqual(new Set(["a"]));
    expect(shownPage(tabbed("tab"), new URLSearchParams("tab=7"), {}, "zh", widgetDataReads).hiddenSources).toEqual(new Set(["b"]));
  });

  it("a widget whose condition on the query is false reads nothing; one on the viewer is decided in the browser", () => {
    const config = {
      path: "/p",
      title: { zh: "页", en: "Page" },
      data: { papers: { api: "/papers" }, reports: { api: "/reports" }, extra: { api: "/extra" } },
      widgets: [
        { type: "contentList", data: "papers", visibleWhen: { value: "{query.docType}", equals: "paper" } },
        { type: "contentList", data: "reports", visibleWhen: { value: "{query.docType}", equals: "report" } },
        { type: "contentList", data: "extra", visibleWhen: { value: "{user.id}", present: true } },
      ],
    } as unknown as PageConfig;
    const search = new URLSearchParams("docType=paper");
    expect(shownPage(config, search, { docType: "paper" }, "zh", () => undefined).hiddenSources).toEqual(new Set(["reports"]));
    expect(shownPage(config, search, { docType: "report" }, "zh", () => undefined).hiddenSources).toEqual(new Set(["papers"]));
  });

  it("sends the browser a hidden node's type, gate and condition only, and neither the editor's schema nor the aliases", () => {
    const page = { ...tabbed("tab"), $schema: "../schemas/page-config.schema.json", aliases: ["/q"] } as PageConfig;
    const tabs = page.widgets[1];
    tabs.children![2].gate = "login";
    const { config } = shownPage(page, new URLSearchParams("tab=1"), {}, "zh", widgetDataReads);
    expect(config.$schema).toBeUndefined();
    expect(config.aliases).toBeUndefined();
    expect(config.data).toEqual(page.data);
    expect(config.widgets[0]).toEqual(page.widgets[0]);
    expect(config.widgets[1].children).toEqual([{ type: "contentList" }, tabs.children![1], { type: "contentList", gate: "login" }]);
  });

  it("sends texts written in both languages in the viewer's only, still shaped as a localized text", () => {
    const page = tabbed("tab");
    page.description = { zh: "说明", en: "About" };
    page.widgets[1].props = { ...page.widgets[1].props, labels: [{ zh: "甲", en: "A" }, "{t.home.tabLive}", "C"] };
    const zh = shownPage(page, new URLSearchParams(""), {}, "zh", widgetDataReads).config;
    const en = shownPage(page, new URLSearchParams(""), {}, "en", widgetDataReads).config;
    expect([zh.title, zh.description, (zh.widgets[1].props as { labels?: unknown }).labels]).toEqual([
      { zh: "页", en: "" },
      { zh: "说明", en: "" },
      [{ zh: "甲", en: "" }, "{t.home.tabLive}", "C"],
    ]);
    expect([en.title, en.description, (en.widgets[1].props as { labels?: unknown }).labels]).toEqual([
      { zh: "", en: "Page" },
      { zh: "", en: "About" },
      [{ zh: "", en: "A" }, "{t.home.tabLive}", "C"],
    ]);
    expect(page.title).toEqual({ zh: "页", en: "Page" });
  });

  it("tabs chosen in the component's own state render every child's data", () => {
    expect(shownPage(tabbed(), new URLSearchParams("tab=1"), {}, "zh", widgetDataReads).hiddenSources).toEqual(new Set());
  });
});

/** The pages whose subject (a `notFoundWhenMissing` source) the tests open with the page's example id. */
const detailPages = pages.filter((config) => Object.values(config.data ?? {}).some((source) => source.notFoundWhenMissing));

/**
 * Each widget is rendered from the data projected by its own declaration alone, not by the page's union of every
 * widget's: a field dropped from one widget's `dataReads` fails here even when another widget of the page reads the
 * same source whole (an action bar given the whole document would otherwise hide a citation box's drop).
 */
async function renderedFromOwnProjection(config: PageConfig, node: WidgetNode, whole: Record<string, DataState>, lang: Lang, query: Record<string, string>) {
  const projected = projectPageData({ ...config, widgets: [node] }, whole, lang, widgetDataReads);
  const looks = new Set<string>();
  const watchedData = Object.fromEntries(
    Object.entries(projected).map(([name, state]) => [
      name,
      state.status === "ok" && state !== whole[name]
        ? { status: "ok" as const, value: watched(state.value, (whole[name] as { value: unknown }).value, name, looks) }
        : state,
    ]),
  );
  const options = { props: node.props ?? {}, source: node.data, lang, query, config: { data: config.data }, now: clock.getTime() };
  const type = node.type as Parameters<typeof renderWidget>[0];
  return { expected: await renderWidget(type, { ...options, data: whole }), actual: await renderWidget(type, { ...options, data: watchedData }), looks };
}

async function loadWhole(config: PageConfig, query: Record<string, string>, lang: Lang): Promise<Record<string, DataState>> {
  const whole: Record<string, DataState> = {};
  for (const [name, planned] of plannedSources(config, null)) {
    whole[name] = planned === "load" ? await requestSource(api, config.data![name], query, { lang }) : planned;
  }
  return whole;
}

describe("every page's widgets render the same from the projected data", () => {
  it("covers the pages with data sources, every detail page among them", () => {
    expect(pages.length).toBeGreaterThan(40);
    const detailConfigs = store.paths().filter((path) => {
      const entry = store.resolve(path);
      return entry?.status === "valid" && Object.values(entry.config.data ?? {}).some((source) => source.notFoundWhenMissing);
    });
    console.log(`data projection: ${pages.length} pages, ${detailPages.length} of them detail pages opened on their example ids`);
    expect(detailPages.map((config) => config.path).sort()).toEqual([...new Set(detailConfigs)].sort());
    expect(detailPages.length).toBeGreaterThanOrEqual(20);
  });

  it.each(pages.map((config) => [config.path, config] as const))("%s", async (_path, config) => {
    const query = exampleQuery(config);
    for (const lang of ["zh", "en"] as Lang[]) {
      const whole = await loadWhole(config, query, lang);
      for (const [name, source] of Object.entries(config.data ?? {})) {
        if (source.notFoundWhenMissing) expect(whole[name].status, `${config.path}: its subject "${name}" with ${JSON.stringify(query)}`).toBe("ok");
      }
      const nodes: WidgetNode[] = [];
      walkWidgets(config.widgets, ({ node }) => {
        if (isWidgetType(node.type)) nodes.push(node);
      });
      for (const node of nodes) {
        const { expected, actual, looks } = await renderedFromOwnProjection(config, node, whole, lang, query);
        expect(actual, `${config.path} ${node.type} (${lang}) from its own dataReads`).toBe(expected);
        expect([...looks], `${config.path} ${node.type} (${lang}): fields read that its dataReads leave out`).toEqual([]);
      }
    }
  });
});
