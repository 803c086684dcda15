import type { PageConfig } from "@schemas/generated/page-config";
import { requestSource } from "./request-source";
import { formatMoment } from "~/format/dates";
import { evaluateGate } from "@contracts/gate";
import { readQuery } from "~/routing/routing";
import type { AppServices } from "~/services";
import { widgetRegistry, isWidgetType, formWidgets } from "@widgets/registry";
import type { DataState } from "./data-state";
import { NOT_FOUND_CODE } from "@contracts/envelope";
import { NETWORK_ERROR_CODE } from "~/api/api-client";
import type { PageView, ServerPageView } from "./page-view";
import { containerTypesOf, widgetTypesOf } from "./widget-tree";
import { loadWidgetComponents, widgetDataReads } from "~/renderer/widget-components";
import type { Lang } from "@contracts/language";
import { plannedSources } from "./plan";
import { projectPageData, shownPage } from "./data-reads";
import { splitByHydration } from "./hydration-plan";
import { answersPerViewer, standInFor, subjectAnswersPerViewer } from "./viewer-class";

const DEFAULT_TIMEOUT_MS = 5_000;

interface LoadPageInput {
  request: Request;
  config: PageConfig;
  services: AppServices;
  token: string | null;
  /** The viewer's language: the page's data is sent in it only. */
  lang: Lang;
}

const foldersOf = (types: Iterable<string>) => [...types].filter(isWidgetType).map((type) => widgetRegistry[type].folder);

/**
 * The page's code (ADR 037): the modules of the widgets hydrating with the page are preloaded; those only late
 * widgets use are left to the browser to fetch as hydration starts, their stylesheets linked all the same, so the
 * server's HTML of every widget is styled at first paint.
 */
function pageCode(config: PageConfig, services: AppServices): Pick<ServerPageView, "preload" | "lateNodes" | "lateCode"> {
  const { lateNodes, eagerTypes, lateTypes } = splitByHydration(config.widgets, formWidgets);
  const preload = services.widgetModuleUrls(foldersOf(eagerTypes));
  const first = new Set(preload);
  const lateUrls = services.widgetModuleUrls(foldersOf(lateTypes)).filter((url) => !first.has(url));
  return {
    preload: [...preload, ...lateUrls.filter((url) => url.endsWith(".css"))],
    lateNodes,
    lateCode: lateUrls.filter((url) => !url.endsWith(".css")),
  };
}

export async function loadPage({ request, config, services, token, lang }: LoadPageInput): Promise<ServerPageView> {
  const url = new URL(request.url);
  const now = services.now();
  const widgetTypes = widgetTypesOf(config);
  const code = pageCode(config, services);
  const base: ServerPageView = {
    kind: "page",
    status: config.status ?? 200,
    path: url.pathname,
    config,
    problems: [],
    query: readQuery(url.searchParams, config.query),
    data: {},
    gate: "ok",
    user: null,
    widgetTypes,
    serverNow: now.getTime(),
    ...code,
  };

  const publish = config.publish;
  const open = publishState(config, now);
  if (publish?.from && open === "notYetOpen") {
    return {
      ...base,
      kind: "notYetOpen",
      publishFrom: publish.from,
      publishFromText: { zh: formatMoment(publish.from, "zh"), en: formatMoment(publish.from, "en") },
      config: { ...config, data: {}, widgets: [] },
      widgetTypes: [],
      preload: [],
      lateNodes: [],
      lateCode: [],
    };
  }
  if (open === "closed") {
    return { ...base, kind: "closed", config: { ...config, data: {}, widgets: [] }, widgetTypes: [], preload: [], lateNodes: [], lateCode: [] };
  }

  const person = token ? await services.sessionUser(request) : null;
  // A render shared by the viewer's class (ADR 083) is made for a stand-in and asks the platform as a visitor does;
  // a page whose subject answers per person is that person's own.
  const shared = Boolean(person && services.rendersForClass && !subjectAnswersPerViewer(config));
  const user = person && shared ? standInFor(person) : person;
  const gate = evaluateGate(config.gate, user);
  if (gate !== "ok") {
    const data = Object.fromEntries(Object.keys(config.data ?? {}).map((name) => [name, { status: "gated", outcome: gate } as DataState]));
    await loadWidgetComponents(widgetTypes);
    // The page shows its gate's prompt, no widget: their code is not preloaded. Once the gate opens (a sign-in
    // revalidates the page) the page route's clientLoader loads it, as for a client navigation (ADR 100).
    return { ...base, gate, user, data, preload: [], lateNodes: [], lateCode: [], ...classMark(shared) };
  }

  const plan = plannedSources(config, user);
  // What this URL does not show (a tab not chosen, a widget whose condition on the query is false) loads no data.
  // Containers declare which children they show: their modules load first; every other widget's alongside the data.
  await loadWidgetComponents(containerTypesOf(config));
  const shown = shownPage(config, url.searchParams, base.query, lang, widgetDataReads);
  for (const name of shown.hiddenSources) plan.delete(name);
  const data: Record<string, DataState> = {};
  await Promise.all([
    loadWidgetComponents(widgetTypes),
    ...[...plan].map(async ([name, planned]) => {
      data[name] =
        planned === "load"
          ? await requestSource(services.api, config.data![name], base.query, {
              lang,
              defaultTimeoutMs: services.sourceTimeoutMs ?? DEFAULT_TIMEOUT_MS,
              headers: token && !shared ? { token } : undefined,
              cache: token && !shared ? undefined : services.sourceCache,
            })
          : planned;
    }),
  ]);
  const projected = projectPageData(config, data, lang, widgetDataReads);
  return { ...base, config: shown.config, user, data: shared ? forTheBrowser(config, projected) : projected, ...classMark(shared) };
}

const classMark = (shared: boolean): Pick<PageView, "forClass"> => (shared ? { forClass: true } : {});

/**
 * A shared render asks the platform as a visitor: what it refuses a visitor (a list for signed-in readers only) is left
 * for the browser to load with the person's own cookie; a source whose answer depends on who asks keeps the visitor's
 * answer, marked, and the browser reads it again. A failure of the platform and a missing subject stay what they are
 * (the render is then not kept, ADR 043, or made for the person, app/routes/page.tsx).
 */
function forTheBrowser(config: PageConfig, data: Record<string, DataState>): Record<string, DataState> {
  return Object.fromEntries(
    Object.entries(data).map(([name, state]): [string, DataState] => {
      if (state.status === "ok") return [name, answersPerViewer(config.data![name]) ? { ...state, asVisitor: true } : state];
      const refusedToVisitor = state.status === "error" && state.code !== NETWORK_ERROR_CODE && state.code !== NOT_FOUND_CODE;
      return [name, refusedToVisitor ? { status: "loading" } : state];
    }),
  );
}

/** Whether a page takes visitors at `now`: its publish window, as the page shows it and its forms accept posts. */
export function publishState(config: PageConfig, now: Date): "open" | "notYetOpen" | "closed" {
  const publish = config.publish;
  if (publish?.from && now < new Date(publish.from)) return "notYetOpen";
  if (publish?.until && now > new Date(publish.until) && publish.afterUntil === "closed") return "closed";
  return "open";
}

/** A detail page whose item does not exist is a 404, not an empty page (sources marked `notFoundWhenMissing`). */
export function isSubjectMissing(view: PageView): boolean {
  return Object.entries(view.config.data ?? {}).some(([name, source]) => {
    const state = view.data[name];
    return source.notFoundWhenMissing === true && state?.status === "error" && state.code === NOT_FOUND_CODE;
  });
}
