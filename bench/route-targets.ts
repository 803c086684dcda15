/**
 * Every page config as a URL to measure (issue 15's first-load goals): a page that needs query values at the first
 * link to it that the other pages show, as a user reaches it (the seed decides which items exist). Shared by
 * `npm run bench` and the browser suite's check that every route's first load stays within its scripts
 * (tests/e2e/first-load-scripts.spec.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const NOT_FOUND_CONFIG_PATH = "/404";
const UNKNOWN_PATH = "/__bench-no-such-page";

export interface RouteTarget {
  label: string;
  url: string;
  /** Anything else means the figures are those of an error or not-found page, which the report points out. */
  expectedStatus: number;
}

interface ConfigRoute {
  path: string;
  /** Query values the page cannot render without (the item a detail page shows). */
  required: string[];
}

function configRoutes(): ConfigRoute[] {
  const directory = join(root, "page-configs");
  const files = readdirSync(directory).filter((name) => name.endsWith(".json"));
  return files.sort().map((file) => {
    const config = JSON.parse(readFileSync(join(directory, file), "utf8")) as { path: string; query?: Record<string, { required?: boolean }> };
    const required = Object.entries(config.query ?? {}).filter(([, declared]) => declared.required);
    return { path: config.path, required: required.map(([name]) => name) };
  });
}

const linksIn = (html: string) => [...html.matchAll(/href="(\/[^"#]*)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));

/**
 * One request per page config. A page that needs query values is measured at the first link to it that the other
 * pages show, as a user reaches it (the seed decides which items exist); failing that, at a made-up id.
 */
export async function routeTargets(origin: string): Promise<RouteTarget[]> {
  const routes = configRoutes();
  const found = new Map<string, string>();
  let toRead = routes.filter((route) => route.required.length === 0 && route.path !== NOT_FOUND_CONFIG_PATH).map((route) => route.path);
  const read = new Set<string>();
  while (toRead.length > 0) {
    const next: string[] = [];
    for (const url of toRead) {
      read.add(url);
      const page = await fetch(new URL(url, origin), { signal: AbortSignal.timeout(15_000) });
      for (const link of linksIn(await page.text())) {
        const target = new URL(link, origin);
        const route = routes.find((candidate) => candidate.path === target.pathname && candidate.required.length > 0);
        if (!route || found.has(route.path) || !route.required.every((name) => target.searchParams.get(name))) continue;
        found.set(route.path, link);
        if (!read.has(link)) next.push(link);
      }
    }
    toRead = next;
  }
  return routes.map((route) => {
    if (route.path === NOT_FOUND_CONFIG_PATH) return { label: `${NOT_FOUND_CONFIG_PATH} (via ${UNKNOWN_PATH})`, url: UNKNOWN_PATH, expectedStatus: 404 };
    const url =
      found.get(route.path) ?? (route.required.length ? `${route.path}?${new URLSearchParams(route.required.map((name) => [name, "1"]))}` : route.path);
    return { label: url, url, expectedStatus: 200 };
  });
}
