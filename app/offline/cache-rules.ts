/**
 * What the service worker keeps for reading offline (ADR 046), shared by the worker (app/offline/worker/) and the page
 * code that talks to it, so both name the same caches and messages. Nothing here touches a cache: Workbox does.
 */

/** The worker's script, at the site's root so that its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * The caches, versioned so that a change of what they hold starts empty ones. `pages` holds only public renders (what
 * any visitor of this device may see); `personal` holds every private render (the signed-in person's pages, and pages
 * rendered "private" for a visitor) and the pages a person asked to keep, and is emptied at logout and when another
 * person signs in.
 */
export const CACHE_NAMES = {
  pages: "scholar-pages-v1",
  personal: "scholar-personal-v1",
  assets: "scholar-assets-v1",
  images: "scholar-images-v1",
} as const;

const DAY_SECONDS = 86_400;

/** How many entries each cache keeps, for how long after it was last stored (ExpirationPlugin drops the oldest first). */
export const CACHE_LIMITS = {
  pages: { maxEntries: 60, maxAgeSeconds: 14 * DAY_SECONDS },
  personal: { maxEntries: 100, maxAgeSeconds: 30 * DAY_SECONDS },
  assets: { maxEntries: 400, maxAgeSeconds: 30 * DAY_SECONDS },
  images: { maxEntries: 200, maxAgeSeconds: 14 * DAY_SECONDS },
} as const;

/**
 * A page's kept document is fetched again, when the page is read by a client navigation (its data only), once it is
 * older than this: a document copy for offline reloads, at most one extra render per page and device in that time.
 */
export const DOCUMENT_COPY_REFRESH_SECONDS = 15 * 60;

/** A page taking longer than this to answer is shown from its kept copy (venue networks hang rather than fail). */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 10;

/** Messages a page sends the worker. */
export const OFFLINE_MESSAGES = {
  /** Keep these same-origin pages (and the scripts, styles and pictures they load) in the personal cache. */
  keepOffline: "keep-offline",
  /** Empty the personal cache. */
  forgetPersonal: "forget-personal",
  /** Was the page that sends this shown from a kept copy? The worker answers with `servedFromCopy`. */
  askServedFromCopy: "served-from-copy?",
  servedFromCopy: "served-from-copy",
} as const;

export type OfflineMessage =
  | { type: typeof OFFLINE_MESSAGES.keepOffline; urls: string[] }
  | { type: typeof OFFLINE_MESSAGES.forgetPersonal }
  | { type: typeof OFFLINE_MESSAGES.askServedFromCopy };

/**
 * Paths that are never kept: the API (personal answers, writes), the operations console, developer tools, the session
 * end point, sockets, signed audio URLs and the health check.
 */
const NEVER_KEPT = ["/api", "/ops", "/dev", "/session", "/ws", "/media/audio", "/healthz"];

function isNeverKept(pathname: string): boolean {
  return NEVER_KEPT.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A page of the site: every page path has no extension, and every file of the build has one (server/app.server.ts). */
export function isPagePath(pathname: string): boolean {
  if (isNeverKept(pathname)) return false;
  return !/\.[^/]*$/.test(pathname);
}

/** React Router's single-fetch answer of a page: `/path.data` (and `/_root.data` for `/`), `_routes` naming its loaders. */
const SINGLE_FETCH_SUFFIX = ".data";
const ROOT_DATA_PATH = "/_root.data";

/** The address of the page whose data a single-fetch URL asks for, or null when the URL is no page's data. */
export function documentUrlOfData(url: URL): URL | null {
  if (!url.pathname.endsWith(SINGLE_FETCH_SUFFIX)) return null;
  const pathname = url.pathname === ROOT_DATA_PATH ? "/" : url.pathname.slice(0, -SINGLE_FETCH_SUFFIX.length);
  if (!isPagePath(pathname)) return null;
  const page = new URL(pathname, url.origin);
  for (const [name, value] of url.searchParams) if (name !== "_routes" && name !== "index") page.searchParams.append(name, value);
  return page;
}

/** The build's hashed scripts, styles and catalogues: never change under their name. */
export function isBuildAsset(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;

/** Pictures a page shows: uploaded files the platform serves, the seed's posters, and the site's own images. */
export function isPicture(pathname: string): boolean {
  if (pathname === "/api/file/download") return true;
  if (isNeverKept(pathname)) return false;
  return IMAGE_EXTENSION.test(pathname);
}

/**
 * Which cache may keep a page's answer, from its Cache-Control (app/routes/page.tsx): a public render (the same for
 * every visitor) goes to the shared cache; a private one, whether a signed-in person's page ("private, no-store") or a
 * visitor's page too time-bound to share ("private, no-cache"), only to the personal cache, which logout empties;
 * anything else (no-store without private: errors, answers to forms; or no header) is not kept.
 */
export function pageCacheScope(cacheControl: string | null): "shared" | "personal" | null {
  const directives = (cacheControl ?? "")
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim().split("=")[0]);
  if (directives.includes("private")) return "personal";
  if (directives.includes("public") && !directives.includes("no-store")) return "shared";
  return null;
}

/**
 * What a kept page loads: its module scripts and preloads, stylesheets and pictures under the site's origin, as absolute
 * URLs (a page kept for offline reading must find them too). The worker fetches each through its own routes.
 */
export function resourcesOfPage(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:link|script|img|source)\b[^>]*?\s(?:href|src)="([^"]+)"/gi)) {
    const raw = match[1].replaceAll("&amp;", "&");
    let url: URL;
    try {
      url = new URL(raw, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (isBuildAsset(url.pathname) || isPicture(url.pathname)) found.add(url.href);
  }
  return [...found];
}
