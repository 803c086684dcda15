/** Routing rules of spec §2, as pure functions shared by the server loader and the client. */
import { decodeQueryText } from "./query-text";

const SAFE_QUERY_VALUE = /^[A-Za-z0-9_-]+$/;

export const FIXED_REDIRECTS: Record<string, string> = {
  "/": "/home",
  "/appDownload": "/toApp",
};

/** Where a request must be redirected before any page is resolved, or null. */
export function redirectFor(pathname: string, search: string): string | null {
  const fixed = FIXED_REDIRECTS[pathname];
  if (fixed) return fixed + search;
  if (pathname.includes("Mobile")) {
    const target = pathname.slice(0, -6) || "/";
    return normalizeRedirectTarget(target) + search;
  }
  return null;
}

/** A redirect target never leaves the site: collapse leading slashes and backslashes. */
function normalizeRedirectTarget(path: string): string {
  const cleaned = path.replace(/\\/g, "/").replace(/^\/+/, "/");
  return cleaned.startsWith("/") ? cleaned : `/${cleaned}`;
}

export function isSafeQueryValue(value: string): boolean {
  return SAFE_QUERY_VALUE.test(value);
}

export interface QueryDeclaration {
  required?: boolean;
  default?: string;
  /** base64url: the (safe) value carries free text, which the page reads decoded. */
  encoding?: "base64url";
}

/** Only declared query values, only when safe; defaults fill the gaps. */
export function readQuery(searchParams: URLSearchParams, declared: Record<string, QueryDeclaration> = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, declaration] of Object.entries(declared)) {
    const raw = searchParams.get(name);
    const value = raw !== null && isSafeQueryValue(raw) ? (declaration.encoding === "base64url" ? decodeQueryText(raw) : raw) : null;
    if (value !== null) query[name] = value;
    else if (declaration.default !== undefined) query[name] = declaration.default;
  }
  return query;
}

/** Whether a path is one of the live-view paths whose playback flag resets to 0 (spec §2). */
export function isLiveViewPath(pathname: string): boolean {
  return pathname === "/viewLive" || pathname.startsWith("/liveSpec") || pathname === "/liveIndex";
}

/** Keeps an in-site path for redirects such as ?redirect=…; anything else becomes the fallback. */
export function safeInternalPath(target: string | null | undefined, fallback = "/home"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const url = new URL(target, "http://internal.invalid");
    if (url.origin !== "http://internal.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
