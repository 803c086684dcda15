/**
 * First-load JavaScript of one page: what a browser fetches before the page is interactive, i.e. every
 * <script src> and <link rel="modulepreload"> of the server-rendered HTML, each gzipped on its own (as a server
 * or CDN would send it) and summed. Lazy chunks the page may import later are deliberately not counted.
 */
import { gzipSync } from "node:zlib";
import { HOST } from "./net.ts";

export interface FirstLoad {
  status: number;
  /** Set when the page answered with a redirect; the figures are then those of the page redirected to. */
  redirectedTo: string | null;
  urls: string[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The goals for every route: few files on the critical path (issue 15), and little JavaScript beyond the framework's
 * (issue 32's 1.15x, tighter than issue 15's 1.20x).
 */
export const FIRST_LOAD_GOAL = { scripts: 10, ratio: 1.15 } as const;

export function firstLoadVerdict(ours: FirstLoad, floor: FirstLoad): { scripts: boolean; ratio: boolean } {
  return { scripts: ours.urls.length <= FIRST_LOAD_GOAL.scripts, ratio: floor.gzipBytes > 0 && ours.gzipBytes <= FIRST_LOAD_GOAL.ratio * floor.gzipBytes };
}

type Attributes = Map<string, string>;

function parseAttributes(source: string): Attributes {
  const attributes: Attributes = new Map();
  // Attribute order and quoting differ between React's own tags and the ones React Router writes, so read
  // name/value pairs rather than matching one fixed spelling.
  for (const match of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Script URLs a browser loads eagerly for this HTML, in document order, each once. */
export function firstLoadScriptUrls(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = parseAttributes(tag[2]);
    if (tag[1].toLowerCase() === "script") {
      const src = attributes.get("src");
      if (src) found.add(src);
    } else {
      const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
      const href = attributes.get("href");
      if (href && rel.includes("modulepreload")) found.add(href);
    }
  }
  // React Router boots from an inline module script whose static imports are, today, all modulepreloaded too.
  // Counting them as well keeps the figure honest should a release stop emitting one of those preloads.
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (parseAttributes(script[1]).get("type") !== "module" || parseAttributes(script[1]).has("src")) continue;
    for (const specifier of script[2].matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
      found.add(specifier[1] ?? specifier[2]);
    }
  }
  return [...found];
}

async function fetchOk(url: URL): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) {
    // Most likely build/ was replaced while the server was running (new hashes); a rerun fixes it.
    throw new Error(`GET ${url.pathname} answered ${response.status} (did build/ change during the run? rerun the benchmark)`);
  }
  return response;
}

export async function measureFirstLoad(origin: string, path: string): Promise<FirstLoad> {
  const page = await fetch(new URL(path, origin), { signal: AbortSignal.timeout(15_000) });
  const html = await page.text();
  if (!(page.headers.get("content-type") ?? "").includes("text/html")) throw new Error(`GET ${path} did not answer HTML (status ${page.status})`);

  const urls = firstLoadScriptUrls(html).map((href) => new URL(href, page.url));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    // The benchmark talks to loopback only; a third-party script would be a finding to report, not to fetch.
    if (url.hostname !== HOST) throw new Error(`${path} loads a script from ${url.origin}, outside the benchmark's loopback servers`);
    const body = Buffer.from(await (await fetchOk(url)).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return {
    status: page.status,
    redirectedTo: page.redirected ? new URL(page.url).pathname : null,
    urls: urls.map((url) => url.pathname),
    rawBytes,
    gzipBytes,
  };
}
