/**
 * Renders one widget to HTML the way a page does: inside i18next (the app's own catalogues), a PageContext with a
 * minimal view, and a memory router. Props are written as in a page config: the config's schema defaults are filled
 * in as when a page loads, then they are resolved with the page's scope as WidgetFrame resolves them, so `{t.…}`,
 * `{data.…}` and zh/en pairs behave as on a real page.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { createInstance, type i18n as I18n } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { join } from "node:path";
import { loadPageEntries, servedPaths } from "@server/page-configs.server";
import { PagePathsContext } from "~/routing/page-paths";
import type { PageConfig } from "@schemas/generated/page-config";
import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { widgetRegistry, type WidgetType } from "@widgets/registry";
import type { AnyWidgetComponent } from "@widgets/kit/types";
import { withConfigDefaults } from "@server/config-check.server";
import { loadCatalogues } from "@contracts/catalogues.server";
import { NAMESPACES } from "@contracts/language";
import { resolveBindings, type BindingScope } from "~/pipeline/bindings";
import type { DataState } from "~/pipeline/data-state";
import type { PageView } from "~/pipeline/page-view";
import type { SessionUser } from "@contracts/gate";
import { PageContext, type PageContextValue } from "~/renderer/page-context";
import { ScriptlessRender } from "~/renderer/use-hydrated";

export type Lang = "zh" | "en";

const catalogues = loadCatalogues();
/** The paths the product's page configs serve, as the root hands them to the app. */
const pagePaths: ReadonlySet<string> = new Set(servedPaths(loadPageEntries(join(import.meta.dirname, "..", "..", "page-configs"), catalogues)));
const instances = new Map<Lang, Promise<I18n>>();

/** An i18next instance for one language, loaded from contracts/locales. */
export function i18nFor(lang: Lang): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ resources: catalogues, lng: lang, fallbackLng: false, ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false } })
      .then(() => i18n);
    instances.set(lang, instance);
  }
  return instance;
}

export interface RenderOptions {
  /** Props as written in a page config; resolved against the page scope before rendering. */
  props?: Record<string, unknown>;
  /** The node's data source name and the page's data states. */
  source?: string;
  data?: Record<string, DataState>;
  children?: ReactNode[];
  nodeId?: string;
  lang?: Lang;
  /** The page clock (ms). */
  now?: number;
  /** The router location, e.g. "/home?tab=2". */
  url?: string;
  query?: Record<string, string>;
  config?: Partial<PageConfigInput>;
  /** The signed-in user as the server saw them (the page view's user). */
  user?: SessionUser | null;
  /** A translator of the test's own instead of i18next with every catalogue. */
  i18n?: I18n;
  /** Rendered as a console preview is (no scripts will run), waiting for lazy parts as the server's whole document does. */
  scriptless?: boolean;
}

/** Renders the widget of a registered type, loaded as a page loads it. */
export async function renderWidget(type: WidgetType, options: RenderOptions = {}): Promise<string> {
  const { default: Component }: { default: AnyWidgetComponent } = await widgetRegistry[type].load();
  const lang = options.lang ?? "zh";
  const i18n = options.i18n ?? (await i18nFor(lang));
  const data = options.data ?? {};
  const url = options.url ?? "/unitPage";
  const path = url.split("?")[0];
  const query = options.query ?? {};
  const now = options.now ?? Date.parse("2027-01-10T00:00:00Z");
  const written = options.props ?? {};
  const config: PageConfig = withConfigDefaults({ path, title: { zh: "测试", en: "Test" }, ...options.config, widgets: [{ type, props: written }] });
  const view: PageView = {
    kind: "page",
    status: 200,
    path,
    config,
    problems: [],
    query,
    data,
    gate: "ok",
    user: options.user ?? null,
    widgetTypes: [],
    serverNow: now,
    lateNodes: [],
    lateCode: [],
  };
  const scope: BindingScope = {
    query,
    data: Object.fromEntries(Object.entries(data).map(([name, state]) => [name, state.status === "ok" ? state.value : undefined])),
    user: null,
    lang,
    translate: (namespace, key) => i18n.t(`${namespace}:${key}`),
  };
  const context: PageContextValue = { view, data, scope, pageKey: url, now };
  const props = resolveBindings(config.widgets[0].props ?? {}, scope) as Record<string, unknown>;
  const tree = (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <PagePathsContext.Provider value={pagePaths}>
          <PageContext.Provider value={context}>
            <Component props={props} data={options.source ? data[options.source] : undefined} sourceName={options.source} nodeId={options.nodeId ?? "0"}>
              {options.children}
            </Component>
          </PageContext.Provider>
        </PagePathsContext.Provider>
      </MemoryRouter>
    </I18nextProvider>
  );
  if (!options.scriptless) return renderToString(tree);
  const { prelude } = await prerenderToNodeStream(<ScriptlessRender value={true}>{tree}</ScriptlessRender>);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** How many times a piece of text occurs in the HTML. */
export function count(html: string, text: string | RegExp): number {
  if (typeof text === "string") return html.split(text).length - 1;
  return [...html.matchAll(new RegExp(text.source, text.flags.includes("g") ? text.flags : `${text.flags}g`))].length;
}

/** The HTML as a DOM-free list of the href values of its links. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
}
