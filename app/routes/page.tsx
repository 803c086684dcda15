import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { appServices } from "~/services";
import { redirectFor } from "~/routing/routing";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { isSubjectMissing, loadPage } from "~/pipeline/load-page.server";
import type { PageView, ServerPageView } from "~/pipeline/page-view";
import { pagePreload } from "~/renderer/page-code";
import { CLASS_RENDER_HEADER, failedSources, SHARED_CACHE_VARY, SOURCES_FAILED_HEADER, sharedCacheControl } from "~/pipeline/page-cache";
import { PageRenderer } from "~/renderer/PageRenderer";
import { NavigationFailed } from "~/renderer/NavigationFailed";
import { withinChunkTimeout } from "~/renderer/chunk-timeout";
import { toLang } from "@contracts/language";
import { pageHead } from "~/seo/page-head";
import { headFacts } from "~/seo/head-facts.server";
import type { loader as rootLoader } from "~/root";
import { handleFormPost } from "~/pipeline/form-action.server";
import { getLocale } from "~/i18n/middleware.server";

/** The one route: path → page config → gate → data sources → widgets. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServices);
  const url = new URL(request.url);
  const target = redirectFor(url.pathname, url.search);
  if (target) throw redirect(target, 302);

  const token = readCookie(request.headers.get("Cookie"), COOKIE_NAMES.token);
  const entry = services.pages.resolve(url.pathname);
  const noStore = { "Cache-Control": "no-store" };

  if (entry?.status === "invalid") {
    // In a console preview (the render no browser runs) the config is a draft being typed: its problems are marked at
    // their fields in the editor, so the preview says the draft is unfinished, not that the server failed.
    const draft = services.clientScripts === false;
    const view: PageView = {
      kind: draft ? "unfinishedDraft" : "broken",
      status: draft ? 200 : 500,
      path: url.pathname,
      config: { path: entry.path, title: { zh: "页面暂不可用", en: "Page unavailable" }, widgets: [] },
      problems: services.isProduction && !draft ? [] : entry.problems,
      query: {},
      data: {},
      gate: "ok",
      user: token ? await services.sessionUser(request) : null,
      widgetTypes: [],
      serverNow: services.now().getTime(),
      lateNodes: [],
      lateCode: [],
    };
    return data(view, { status: view.status, headers: noStore });
  }

  const config = entry?.status === "valid" ? entry.config : services.pages.notFound();
  const missingQuery = Object.entries(config.query ?? {}).some(
    ([name, declared]) => declared.required && !url.searchParams.get(name)?.match(/^[A-Za-z0-9_-]+$/),
  );
  const lang = toLang(getLocale(context));
  const pageConfig = missingQuery ? services.pages.notFound() : config;
  const asClass = await loadPage({ request, config: pageConfig, services, token, lang });
  // A subject a visitor may not see (an essay for its author's followers) is the person's own render, never shared.
  const loaded =
    asClass.forClass && isSubjectMissing(asClass)
      ? await loadPage({ request, config: pageConfig, services: { ...services, rendersForClass: false }, token, lang })
      : asClass;
  const subjectMissing = isSubjectMissing(loaded);
  const view = subjectMissing ? await loadPage({ request, config: services.pages.notFound(), services, token, lang }) : loaded;
  const status = entry && !missingQuery && !subjectMissing ? view.status : 404;
  const { preload, ...answer }: ServerPageView = { ...view, status, head: headFacts(view, lang) };
  context.set(pagePreload, preload);
  return data(answer as PageView, { status, headers: cacheHeaders(answer, token) });
}

/**
 * Who may keep the answer (ADR 030): a page for someone signed in is theirs alone to every other cache, but one rendered
 * for their class is kept by this server's render cache for that class (ADR 083); an anonymous page is public for its
 * cache time, to shared caches (by the key ADR 030 documents) and to this server's render cache alike.
 */
function cacheHeaders(view: PageView, token: string | null): Record<string, string> {
  if (view.forClass) return classRenderHeaders(view);
  if (token || view.user) return { "Cache-Control": "private, no-store" };
  // A render the platform failed is nobody's to keep; the render cache serves the last good one instead (ADR 043).
  const failed = failedSources(view);
  if (failed.length) return { "Cache-Control": "private, no-cache", [SOURCES_FAILED_HEADER]: failed.join(",") };
  const shared = sharedCacheControl(view);
  if (!shared) return { "Cache-Control": "private, no-cache" };
  return { "Cache-Control": shared, Vary: SHARED_CACHE_VARY };
}

function classRenderHeaders(view: PageView): Record<string, string> {
  const failed = failedSources(view);
  if (failed.length) return { "Cache-Control": "private, no-store", [SOURCES_FAILED_HEADER]: failed.join(",") };
  const shared = sharedCacheControl(view);
  return shared ? { "Cache-Control": "private, no-store", [CLASS_RENDER_HEADER]: shared } : { "Cache-Control": "private, no-store" };
}

/** A form of the page posted without scripts (ADR 029). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, context.get(appServices), toLang(getLocale(context)));
}

/** The loader's headers (cache hints) reach the document response too. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // A page answering a post is that user's own (their values, their messages): no cache hint of the page reaches it.
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  // The navigation code arrives while the page's data is fetched, so the lazy chunk adds no wait of its own.
  const navigationCode = withinChunkTimeout(import("~/renderer/navigation-code"));
  const [view, { loadPageCode }] = await Promise.all([serverLoader() as Promise<PageView>, navigationCode]);
  // The root sent the first page's catalogues only: a page reached by a client navigation fetches the rest first.
  await withinChunkTimeout(loadPageCode(view));
  return view;
}

type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** Title, description, canonical and language alternates, and the Open Graph card of shared links (ADR 031). */
export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0]?.loaderData as RootData | undefined;
  const site = root?.resources?.common?.site as { description?: string } | undefined;
  return pageHead({
    view: loaderData as PageView,
    lang: toLang(root?.lang),
    siteName: root?.siteName ?? "",
    siteDescription: site?.description ?? "",
    publicOrigin: root?.publicOrigin ?? "",
    search: location.search,
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageRenderer view={loaderData as PageView} />;
}

/** A page that could not load (its loader failed, the network went between pages) is told inside the shell, header and all. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NavigationFailed error={error} />;
}
