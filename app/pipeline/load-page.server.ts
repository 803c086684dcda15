import type { DataSource, PageConfig } from "@schemas/generated/page-config";
import { sourceParams } from "./source-params";
import { evaluateGate } from "~/lib/gate";
import { readQuery } from "~/lib/routing";
import type { AppServices } from "~/services";
import { widgetRegistry, isWidgetType } from "@widgets/registry";
import { NOT_FOUND_CODE, dataStateOf, type DataState } from "./data-state";
import type { PageView } from "./page-view";
import { widgetTypesOf } from "./widget-tree";
import { loadWidgetComponents } from "~/renderer/widget-components";
import { plannedSources } from "./plan";

const DEFAULT_TIMEOUT_MS = 5_000;
const CACHE_LIMIT = 500;
const responseCache = new Map<string, { expires: number; state: DataState }>();

function cached(key: string, now: number): DataState | undefined {
  const hit = responseCache.get(key);
  if (!hit) return undefined;
  if (hit.expires > now) return hit.state;
  responseCache.delete(key);
  return undefined;
}

function remember(key: string, state: DataState, seconds: number, now: number) {
  if (responseCache.size >= CACHE_LIMIT) responseCache.delete(responseCache.keys().next().value as string);
  responseCache.set(key, { expires: now + seconds * 1000, state });
}

async function loadSource(services: AppServices, source: DataSource, query: Record<string, string>, token: string | null): Promise<DataState> {
  const params = sourceParams(source, query);
  const cacheable = Boolean(source.cacheSeconds) && !token;
  const key = `${source.method ?? "POST"} ${source.api} ${JSON.stringify(params)}`;
  const now = services.now().getTime();
  if (cacheable) {
    const hit = cached(key, now);
    if (hit) return hit;
  }
  const envelope = await services.api.request(source.api, {
    method: source.method ?? "POST",
    params,
    timeoutMs: source.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    headers: token ? { token } : undefined,
  });
  const state = dataStateOf(envelope);
  if (cacheable && state.status === "ok") remember(key, state, source.cacheSeconds ?? 0, now);
  return state;
}

interface LoadPageInput {
  request: Request;
  config: PageConfig;
  services: AppServices;
  token: string | null;
}

export async function loadPage({ request, config, services, token }: LoadPageInput): Promise<PageView> {
  const url = new URL(request.url);
  const now = services.now();
  const widgetTypes = widgetTypesOf(config);
  const base: PageView = {
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
    preload: services.widgetModuleUrls(widgetTypes.filter(isWidgetType).map((type) => widgetRegistry[type].folder)),
  };

  const publish = config.publish;
  if (publish?.from && now < new Date(publish.from)) {
    return { ...base, kind: "notYetOpen", publishFrom: publish.from, config: { ...config, data: {}, widgets: [] }, widgetTypes: [], preload: [] };
  }
  if (publish?.until && now > new Date(publish.until) && (publish.afterUntil ?? "closed") === "closed") {
    return { ...base, kind: "closed", config: { ...config, data: {}, widgets: [] }, widgetTypes: [], preload: [] };
  }

  const user = token ? await services.sessionUser(request) : null;
  const gate = evaluateGate(config.gate, user);
  if (gate !== "ok") {
    const data = Object.fromEntries(Object.keys(config.data ?? {}).map((name) => [name, { status: "gated", outcome: gate } as DataState]));
    await loadWidgetComponents(widgetTypes);
    return { ...base, gate, user, data };
  }

  const plan = plannedSources(config, user);
  const data: Record<string, DataState> = {};
  await Promise.all([
    loadWidgetComponents(widgetTypes),
    ...[...plan].map(async ([name, planned]) => {
      data[name] = planned === "load" ? await loadSource(services, config.data![name], base.query, token) : planned;
    }),
  ]);
  return { ...base, user, data };
}

/** A detail page whose item does not exist is a 404, not an empty page (sources marked `notFoundWhenMissing`). */
export function isSubjectMissing(view: PageView): boolean {
  return Object.entries(view.config.data ?? {}).some(([name, source]) => {
    const state = view.data[name];
    return source.notFoundWhenMissing === true && state?.status === "error" && state.code === NOT_FOUND_CODE;
  });
}
