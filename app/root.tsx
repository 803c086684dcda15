import { Links, Meta, Outlet, Scripts, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { catalogues, getLocale, i18nextMiddleware } from "~/i18n/middleware.server";
import { pageTexts, pickTexts } from "~/i18n/page-namespaces";
import { widgetTextGroups } from "@schemas/generated/widget-text-groups.server";
import { SITE_NAME, toLang, type Lang } from "@contracts/language";
import { useNonce } from "~/browser/nonce";
import { HydrationProvider, ScriptlessRender } from "~/renderer/use-hydrated";
import { useCatalogue } from "~/i18n/use-catalogue";
import { loadDeferredShellTexts, Shell } from "~/shell/Shell";
import { detectAppType } from "@contracts/app-type";
import { appServices } from "~/services";
import { PagePathsContext, packPagePaths, unpackPagePaths } from "~/routing/page-paths";
import { useMemo } from "react";
import { NavigationProgress } from "~/renderer/NavigationProgress";
import { NavigationFailed } from "~/renderer/NavigationFailed";
import "./styles.css";

export const middleware = [i18nextMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = toLang(getLocale(context));
  const services = context.get(appServices);
  // The page's own namespaces only (ADR 028); the not-found page's too, as the page route may answer with it.
  const entry = services.pages.resolve(new URL(request.url).pathname);
  const configs = entry?.status === "valid" ? [entry.config, services.pages.notFound()] : [services.pages.notFound()];
  const texts = pageTexts(configs, widgetTextGroups);
  const catalogue = catalogues[lang];
  const picked = (keysByNamespace: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(keysByNamespace).map(([namespace, keys]) => [namespace, pickTexts(catalogue[namespace] ?? {}, keys)]));
  return {
    pagePaths: packPagePaths(services.pages.paths()),
    publicOrigin: services.publicOrigin,
    clientScripts: services.clientScripts !== false,
    lang,
    resources: Object.fromEntries(texts.namespaces.map((namespace) => [namespace, catalogue[namespace] ?? {}])),
    boundTexts: picked(texts.bindingKeys),
    trimmedTexts: picked(texts.trimmedKeys),
    siteName: SITE_NAME[lang],
    appType: detectAppType(request.headers.get("User-Agent")),
  };
}

/**
 * The root revalidates on a language switch (or after a form's action). Its new data brings the page's catalogues;
 * the texts of the shell's deferred parts (the audio dock's, not in the data) are fetched in the data's language
 * before it renders, so nothing suspends when the switched page renders: the dock switches with the page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  // Unreachable (offline): the dock waits inside its Suspense boundary and the translator retries.
  await loadDeferredShellTexts(data.lang).catch(() => undefined);
  return data;
}

/** The root's data (language and the first page's catalogues) changes only when the language does. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formAction) return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const lang: Lang = root?.lang ?? "zh";
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f4c81" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <ScriptlessRender value={root?.clientScripts === false}>
          <HydrationProvider>{children}</HydrationProvider>
        </ScriptlessRender>
        {root?.clientScripts !== false && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useCatalogue(loaderData.lang, loaderData.resources, loaderData.boundTexts, loaderData.trimmedTexts);
  const pagePaths = useMemo(() => unpackPagePaths(loaderData.pagePaths), [loaderData.pagePaths]);
  // A route with a layout of its own (the operations console) is not a phone page: no shell around it.
  const ownLayout = useMatches().some((match) => (match.handle as { ownLayout?: boolean } | undefined)?.ownLayout);
  return (
    <PagePathsContext.Provider value={pagePaths}>
      <NavigationProgress />
      {ownLayout ? (
        <Outlet />
      ) : (
        <Shell siteName={loaderData.siteName} appType={loaderData.appType}>
          <Outlet />
        </Shell>
      )}
    </PagePathsContext.Provider>
  );
}

/** Only the root's own data failing reaches here (a page's failure stays in the shell): the same notice, without the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <NavigationFailed error={error} />
    </main>
  );
}
