/**
 * Navigation for code outside components (the API client's answers): the app's router once the shell has mounted,
 * so a toast shown before navigating stays on screen; a full page load before that.
 */
type Navigate = (to: string) => void;

let current: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate;
}

export function navigateTo(to: string): void {
  if (current) current(to);
  else window.location.assign(to);
}

/** A path of this site, never another origin ("//host", "/\\host") nor a script URL. */
export function internalPath(path: unknown, query?: unknown): string | null {
  if (typeof path !== "string" || !/^\/(?![/\\])[A-Za-z0-9_\-/]*$/.test(path)) return null;
  const search = typeof query === "string" ? query.replace(/^\?/, "") : "";
  return search && /^[A-Za-z0-9_\-=&%.]+$/.test(search) ? `${path}?${search}` : path;
}

/** An http(s) URL to open outside the site; javascript:, data: and the like are refused. */
export function externalUrl(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
