/**
 * The shared fixture of the browser suite: every test fails when its page logged a console error, threw an
 * uncaught error, or React reported a hydration problem. The one exception is the browser's own
 * "Failed to load resource" line for a page response that answered 404 or 500 on purpose (unknown paths, the
 * broken config): Chromium logs that line for any non-2xx page response. A 500 counts as on purpose only where
 * the test declares it (`consoleGuard.expectServerError(path)`). A page response is the main frame's
 * document, or, for a client-side navigation, React Router's single-fetch request of that page (`/path.data`),
 * which carries the page's status. Any other failed resource (asset, image, API call) still fails the test.
 */
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export interface ConsoleProblem {
  kind: "console.error" | "pageerror" | "hydration" | "server-error";
  text: string;
  url: string;
}

/** React 19 reports hydration mismatches as minified errors #418/#423/#425 in production builds, by text in development. */
const HYDRATION = /hydrat|did not match|server rendered (html|text)|Minified React error #(418|419|422|423|425)\b/i;
const EXPECTED_PAGE_LINE = /^Failed to load resource: the server responded with a status of (404|500)\b/;

/** React Router's single-fetch URL of a page: `/path.data`, with `_routes` naming the route whose loader runs. */
function isSingleFetchUrl(url: URL): boolean {
  return url.pathname.endsWith(".data") && url.searchParams.has("_routes");
}

/** The page a page response belongs to: `/path.data` is the data of `/path` (and `/_root.data` of `/`). */
function pagePath(url: URL): string {
  if (!isSingleFetchUrl(url)) return url.pathname;
  const path = url.pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

function describeMessage(message: ConsoleMessage): ConsoleProblem {
  return { kind: "console.error", text: message.text(), url: message.location().url };
}

/**
 * Watches one page. `problems()` lists what it saw, apart from the "Failed to load resource" lines of page
 * responses that were expected: any 404 page (an unknown path is a page of the site), and a 500 page only where the
 * test said so with `expectServerError(path)`. A 500 page the test did not expect is a problem in itself.
 */
export function watchConsole(page: Page) {
  const seen: ConsoleProblem[] = [];
  /** URLs of page responses whose failure line is expected. */
  const expectedFailures = new Set<string>();
  /** 500 page responses, by URL and page path, to check against what the test expected. */
  const serverErrors: { url: string; path: string }[] = [];
  const serverErrorsExpected = new Set<string>();

  page.on("response", (response) => {
    const request = response.request();
    const status = response.status();
    if (status !== 404 && status !== 500) return;
    const url = new URL(response.url());
    const isDocument = request.resourceType() === "document" && request.frame() === page.mainFrame();
    const isPageData = request.resourceType() === "fetch" && isSingleFetchUrl(url);
    if (!isDocument && !isPageData) return;
    expectedFailures.add(response.url());
    if (status === 500) serverErrors.push({ url: response.url(), path: pagePath(url) });
  });
  page.on("console", (message) => {
    const type = message.type();
    if (type === "error") seen.push(describeMessage(message));
    else if ((type === "warning" || type === "log" || type === "info") && HYDRATION.test(message.text())) {
      seen.push({ ...describeMessage(message), kind: "hydration" });
    }
  });
  page.on("pageerror", (error) => {
    seen.push({ kind: HYDRATION.test(`${error.message}`) ? "hydration" : "pageerror", text: `${error.name}: ${error.message}`, url: page.url() });
  });

  const unexpected500 = (url: string) => serverErrors.some((entry) => entry.url === url && !serverErrorsExpected.has(entry.path));

  return {
    /** This test visits a page that must answer 500 (e.g. a broken config). */
    expectServerError(path: string): void {
      serverErrorsExpected.add(path);
    },
    problems(): ConsoleProblem[] {
      const lines = seen.filter(
        (problem) =>
          !(problem.kind === "console.error" && EXPECTED_PAGE_LINE.test(problem.text) && expectedFailures.has(problem.url) && !unexpected500(problem.url)),
      );
      const crashes = serverErrors
        .filter((entry) => !serverErrorsExpected.has(entry.path))
        .map((entry): ConsoleProblem => ({ kind: "server-error", text: `unexpected 500 answer for ${entry.path}`, url: entry.url }));
      return [...crashes, ...lines];
    },
  };
}

export const test = base.extend<{ consoleGuard: ReturnType<typeof watchConsole> }>({
  consoleGuard: [
    async ({ page }, use) => {
      const guard = watchConsole(page);
      await use(guard);
      expect(guard.problems(), "console errors, page errors, hydration warnings or server errors on the pages visited").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has taken over the server HTML: hydration is committed (the root is no longer dehydrated), every
 * widget hydrating late (ADR 037) is live (unless `lateWidgets` is false), and the effects that follow it (scroll
 * listeners, navigation effects) had a task to run in. Polls on a timer rather than on animation frames, and when
 * hydration does not come it fails with what the page looked like,
 * so that a slow or stuck hydration is told apart from a test that ran out of time elsewhere.
 */
export async function waitForHydration(page: Page, timeout = 15_000, { lateWidgets = true } = {}): Promise<void> {
  const hydrated = (withLate: boolean) => {
    const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
    if (!key) return false;
    const container = (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key];
    const rootHydrated = container.stateNode?.current?.memoizedState?.isDehydrated === false;
    // The page's own "hydrated" flag flips in a transition after that (HydrationProvider).
    return rootHydrated && document.documentElement.hasAttribute("data-hydrated") && !(withLate && document.querySelector('[data-hydrate="late"]'));
  };
  try {
    await page.waitForFunction(hydrated, lateWidgets, { polling: 50, timeout });
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        hasReactRoot: Object.keys(document).some((name) => name.startsWith("__reactContainer$")),
        scripts: document.scripts.length,
      }))
      .catch((reason: unknown) => String(reason));
    throw new Error(`hydration did not complete within ${timeout} ms; the page: ${JSON.stringify(seen)}`, { cause: error });
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
