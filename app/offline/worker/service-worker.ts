/**
 * The site's service worker (ADR 046): Workbox routes and strategies keep what a person read for reading offline at a
 * venue. Bundled on its own by scripts/service-worker-build.ts into build/client/sw.js; no page imports it.
 *
 * - Pages: network first (a copy only when the network fails or hangs past PAGE_NETWORK_TIMEOUT_SECONDS); a public
 *   render is kept in the shared `pages` cache, a signed-in person's render only in the `personal` cache.
 * - Build assets (hashed, never changing): cache first. Pictures: stale while revalidate.
 * - Anything else (the API, the console, developer tools, sockets, audio, video) passes by untouched.
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from "workbox-strategies";
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  DOCUMENT_COPY_REFRESH_SECONDS,
  documentUrlOfData,
  isBuildAsset,
  isPagePath,
  isPicture,
  OFFLINE_MESSAGES,
  type OfflineMessage,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  pageCacheScope,
  resourcesOfPage,
} from "../cache-rules";

declare const self: ServiceWorkerGlobalScope;

/** Where the page ends a session (app/stores/session.ts clearSession). */
const SESSION_END_PATH = "/session/end";

/** Public renders vary by cookie (the language): the kept copy is the one this device last read, whatever it sent. */
const MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

const personalExpiration = new CacheExpiration(CACHE_NAMES.personal, CACHE_LIMITS.personal);

/**
 * The personal cache's writes and forgettings, in the order they were asked for: a forgetting (a logout, the kit's
 * forget-personal) waits for the writes asked before it and then empties the cache, so none of them lands after it
 * and outlives the session; a write asked after it waits for it. A forgetting first aborts the fetches of the writes
 * before it, so it waits for no network: only for what they had already fetched to be written, or dropped.
 */
interface PersonalGeneration {
  /** Aborts the fetches made for this generation's writes. */
  readonly fetches: AbortController;
}
let personalGeneration: PersonalGeneration = { fetches: new AbortController() };
const personalWrites = new Set<Promise<unknown>>();
let forgetting: Promise<void> = Promise.resolve();

/**
 * Runs a personal-cache write after any forgetting asked before it. `current` turns false, and `signal` aborts, once a
 * later forgetting is asked.
 */
function personalWrite<T>(work: (current: () => boolean, signal: AbortSignal) => Promise<T>): Promise<T> {
  const generation = personalGeneration;
  const written = forgetting.then(() => work(() => generation === personalGeneration, generation.fetches.signal));
  personalWrites.add(written);
  const settle = () => void personalWrites.delete(written);
  written.then(settle, settle);
  return written;
}

async function forgetPersonal(): Promise<void> {
  personalGeneration.fetches.abort();
  personalGeneration = { fetches: new AbortController() };
  const earlier = [...personalWrites];
  const forgotten = forgetting.then(async () => {
    await Promise.allSettled(earlier);
    await caches.delete(CACHE_NAMES.personal);
    await personalExpiration.delete();
  });
  forgetting = forgotten.catch(() => undefined);
  return forgotten;
}

/** Windows (client ids) whose page came from a kept copy, so their offline mark shows even when the browser thinks it is online. */
const windowsShownFromCopy = new Set<string>();

function sameOrigin(url: URL): boolean {
  return url.origin === self.location.origin;
}

/**
 * Routes each page answer by who may see it: a public render to the shared cache (returned), a private one to the
 * personal cache (and never to the shared one); and, reading a copy, prefers the person's own render over the public one.
 */
const keepByAudience: WorkboxPlugin = {
  // A render fetched before a forgetting is not the person's to keep after it: the generation it was asked in says so.
  handlerWillStart: async ({ state }) => {
    if (state) state.generation = personalGeneration;
  },
  cacheWillUpdate: async ({ request, response, state }) => {
    const scope = response.status === 200 ? pageCacheScope(response.headers.get("Cache-Control")) : null;
    if (scope === "personal" && state?.generation === personalGeneration) {
      // Nothing else reads this answer: its scope is personal, so the shared cache gets none of it.
      await personalWrite(async (current) => {
        if (!current()) return;
        const personal = await caches.open(CACHE_NAMES.personal);
        await personal.put(request, response);
        await personalExpiration.updateTimestamp(request.url);
        await personalExpiration.expireEntries();
      });
    }
    return scope === "shared" ? response : null;
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse, event }) => {
    const personal = await caches.open(CACHE_NAMES.personal);
    const copy = (await personal.match(request, MATCH_OPTIONS)) ?? cachedResponse;
    const windowId = (event as FetchEvent | undefined)?.resultingClientId;
    if (copy && windowId) windowsShownFromCopy.add(windowId);
    return copy;
  },
};

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  matchOptions: MATCH_OPTIONS,
  plugins: [keepByAudience, new ExpirationPlugin(CACHE_LIMITS.pages)],
});

const assets = new CacheFirst({ cacheName: CACHE_NAMES.assets, plugins: [new ExpirationPlugin(CACHE_LIMITS.assets)] });

const pictures = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.images,
  matchOptions: MATCH_OPTIONS,
  plugins: [new ExpirationPlugin({ ...CACHE_LIMITS.images, purgeOnQuotaError: true })],
});

/** The kept copy of a page's document: the person's own render first, else the public one. */
async function documentCopy(url: string): Promise<Response | undefined> {
  return (
    (await caches.open(CACHE_NAMES.personal).then((cache) => cache.match(url, MATCH_OPTIONS))) ??
    (await caches.open(CACHE_NAMES.pages).then((cache) => cache.match(url, MATCH_OPTIONS)))
  );
}

/**
 * A page read by a client navigation arrives as data only: its document is kept too (when there is no copy yet, or the
 * copy is older than DOCUMENT_COPY_REFRESH_SECONDS), so that reloading it offline works.
 */
async function refreshDocumentCopy(url: string, event: ExtendableEvent): Promise<void> {
  const copy = await documentCopy(url);
  const age = copy ? Date.now() - Date.parse(copy.headers.get("Date") ?? "") : Number.POSITIVE_INFINITY;
  if (age < DOCUMENT_COPY_REFRESH_SECONDS * 1000) return;
  await pages.handle({ event, request: new Request(url, { credentials: "same-origin" }) });
}

/**
 * A page's data (a client navigation) goes to the network only. When it cannot be fetched, React Router is answered
 * with its own "reload the document" redirect (what redirectDocument() sends: 204 with X-Remix-Redirect), so the page
 * loads as a document, which the page route answers from its kept copy.
 */
const pageData = new NetworkOnly({
  plugins: [
    {
      fetchDidSucceed: async ({ request, response, event }) => {
        const page = documentUrlOfData(new URL(request.url));
        if (response.ok && page) {
          const refreshing = refreshDocumentCopy(page.href, event).catch(() => undefined);
          try {
            event.waitUntil(refreshing);
          } catch {
            // The event has settled already: the refresh still runs while the worker is awake.
          }
        }
        return response;
      },
      handlerDidError: async ({ request }) => {
        const page = documentUrlOfData(new URL(request.url));
        if (!page) return undefined;
        return new Response(null, {
          status: 204,
          headers: { "X-Remix-Redirect": `${page.pathname}${page.search}`, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
        });
      },
    },
  ],
});

/** Pages a person asked to keep, and their pictures: in the personal cache whatever their Cache-Control says. */
const personalPages = new NetworkFirst({
  cacheName: CACHE_NAMES.personal,
  matchOptions: MATCH_OPTIONS,
  plugins: [new ExpirationPlugin(CACHE_LIMITS.personal)],
});
const personalPictures = new CacheFirst({
  cacheName: CACHE_NAMES.personal,
  matchOptions: MATCH_OPTIONS,
  plugins: [new ExpirationPlugin(CACHE_LIMITS.personal)],
});

const router = new Router();
router.registerRoute(new Route(({ url }) => sameOrigin(url) && isPagePath(url.pathname), pages));
router.registerRoute(new Route(({ url }) => sameOrigin(url) && documentUrlOfData(url) !== null, pageData));
router.registerRoute(new Route(({ url }) => sameOrigin(url) && isBuildAsset(url.pathname), assets));
router.registerRoute(new Route(({ url }) => sameOrigin(url) && isPicture(url.pathname), pictures));
// The session ends (logout, or a session the platform dropped) through this one request: the person's copies go with it.
router.registerRoute(
  new Route(
    ({ url }) => sameOrigin(url) && url.pathname === SESSION_END_PATH,
    new NetworkOnly({
      plugins: [
        {
          fetchDidSucceed: async ({ response }) => {
            // The session has ended either way: a cache that could not be deleted must not fail the logout itself.
            await forgetPersonal().catch((error: unknown) => console.error("offline: the personal cache was not emptied", error));
            return response;
          },
        },
      ],
    }),
    "POST",
  ),
);
router.addFetchListener();
// Workbox's CACHE_URLS message: the first page a new worker takes over sends what it loaded before the worker ran.
router.addCacheListener();

/**
 * Keeps one page for its person: the page and its pictures (theirs) in the personal cache, and its scripts and styles
 * (shared, they are everyone's) in the assets cache, which a forgetting does not wait for.
 */
async function keepPage(url: string, event: ExtendableEvent): Promise<void> {
  const sharedAssets = await personalWrite(async (current, signal) => {
    const page = await kept(personalPages, event, new Request(url, { credentials: "same-origin", signal }));
    if (!page.ok || !current()) return [];
    const resources = resourcesOfPage(await page.text(), url);
    const isAsset = (resource: string) => isBuildAsset(new URL(resource).pathname);
    const pictures = resources.filter((resource) => !isAsset(resource));
    await Promise.allSettled(pictures.map((picture) => kept(personalPictures, event, new Request(picture, { signal }))));
    return resources.filter(isAsset);
  });
  await Promise.allSettled(sharedAssets.map((asset) => kept(assets, event, asset)));
}

/** A strategy's answer once it is in its cache too: `handle` answers as soon as the network does and writes later. */
async function kept(strategy: Strategy, event: ExtendableEvent, request: Request | string): Promise<Response> {
  const [answer, written] = strategy.handleAll({ event, request });
  await written;
  return answer;
}

function keepablePage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value, self.location.origin);
    return sameOrigin(url) && isPagePath(url.pathname) ? url.href : null;
  } catch {
    return null;
  }
}

self.addEventListener("message", (event) => {
  const message = event.data as OfflineMessage | null;
  if (message?.type === OFFLINE_MESSAGES.keepOffline && Array.isArray(message.urls)) {
    const urls = message.urls.map(keepablePage).filter((url): url is string => url !== null);
    event.waitUntil(Promise.allSettled(urls.map((url) => keepPage(url, event))));
  } else if (message?.type === OFFLINE_MESSAGES.forgetPersonal) {
    event.waitUntil(forgetPersonal());
  } else if (message?.type === OFFLINE_MESSAGES.askServedFromCopy && event.source && "id" in event.source) {
    event.source.postMessage({ type: OFFLINE_MESSAGES.servedFromCopy, value: windowsShownFromCopy.has(event.source.id) });
  }
});

// A new version takes over at once: its caches are versioned by name, and pages never depend on a worker's state.
self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();

/** Caches of earlier versions (other names under the same prefix) are dropped when this one activates. */
self.addEventListener("activate", (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES));
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith("scholar-") && !current.has(name)).map((name) => caches.delete(name)))),
  );
});
