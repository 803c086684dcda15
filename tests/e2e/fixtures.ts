/**
 * The shared fixture of the browser suite: every test fails when its page logged a console error, threw an
 * uncaught error, or React reported a hydration problem. The one exception is the browser's own
 * "Failed to load resource" line for a document the test navigated to on purpose that answered 404 or 500
 * (the unknown-path and broken-config pages): that line is how Chromium reports any non-2xx document.
 */
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export interface ConsoleProblem {
  kind: "console.error" | "pageerror" | "hydration";
  text: string;
  url: string;
}

/** React 19 reports hydration mismatches as minified errors #418/#423/#425 in production builds, by text in development. */
const HYDRATION = /hydrat|did not match|server rendered (html|text)|Minified React error #(418|419|422|423|425)\b/i;
const EXPECTED_DOCUMENT_LINE = /^Failed to load resource: the server responded with a status of (404|500)\b/;

function describe(message: ConsoleMessage): ConsoleProblem {
  return { kind: "console.error", text: message.text(), url: message.location().url };
}

/** Watches one page; `problems()` lists what it saw apart from the expected error documents' own lines. */
export function watchConsole(page: Page) {
  const seen: ConsoleProblem[] = [];
  /** Main-frame document responses with status 404/500, by URL: the only ones whose console line is expected. */
  const errorDocuments = new Set<string>();

  page.on("response", (response) => {
    const request = response.request();
    if (request.resourceType() === "document" && request.frame() === page.mainFrame() && (response.status() === 404 || response.status() === 500)) {
      errorDocuments.add(response.url());
    }
  });
  page.on("console", (message) => {
    const type = message.type();
    if (type === "error") seen.push(describe(message));
    else if ((type === "warning" || type === "log" || type === "info") && HYDRATION.test(message.text())) {
      seen.push({ ...describe(message), kind: "hydration" });
    }
  });
  page.on("pageerror", (error) => {
    seen.push({ kind: HYDRATION.test(`${error.message}`) ? "hydration" : "pageerror", text: `${error.name}: ${error.message}`, url: page.url() });
  });

  return {
    problems(): ConsoleProblem[] {
      return seen.filter((problem) => !(problem.kind === "console.error" && EXPECTED_DOCUMENT_LINE.test(problem.text) && errorDocuments.has(problem.url)));
    },
  };
}

export const test = base.extend<{ consoleGuard: ReturnType<typeof watchConsole> }>({
  consoleGuard: [
    async ({ page }, use) => {
      const guard = watchConsole(page);
      await use(guard);
      expect(guard.problems(), "console errors, page errors or hydration warnings on the pages visited").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has taken over the server HTML: the router exists and the shell's nodes carry React's
 * fibers. From then on React's root listeners are attached, and a click on a part not yet hydrated makes React
 * hydrate it synchronously before dispatching, so interactions reach their handlers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer.site-footer") ?? document.querySelector("main.site-main");
    const router = (window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } }).__reactRouterDataRouter;
    return Boolean(router?.state?.initialized && footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber$")));
  });
}
