/**
 * axe-core (WCAG 2.1 A and AA) over every page config, in zh and en, as a visitor and signed in: no serious or
 * critical violation. The same run measures every interactive element a person can tap: at least 40×40 px (a link
 * inside a sentence is exempt, as WCAG 2.5.8 exempts it). One browser context per viewer and one test per viewer and
 * language, the pages in a loop, so the whole walk stays a few minutes on two cores (ADR 058).
 */
import { expect, test, waitForHydration } from "./fixtures";
import { REACHED_AFTER_AN_ACTION, walkEveryPage } from "./page-walk";
import { holdSession, logInByCode, speak, type Lang } from "./platform-support";
import { axeProblems, smallTargets } from "./a11y-checks";

for (const lang of ["zh", "en"] as Lang[]) {
  for (const viewer of ["visitor", "signed in"] as const) {
    test(`every page has no serious accessibility violation and 40 px tap targets (${lang}, ${viewer})`, async ({ page, context, baseURL }) => {
      test.setTimeout(900_000);
      const started = Date.now();
      await speak(context, baseURL!, lang);
      let cookie = `lang=${lang}`;
      if (viewer === "signed in") {
        const session = await logInByCode(page.request);
        await holdSession(context, baseURL!, session);
        cookie += `; token=${session.token}`;
      }
      const walk = await walkEveryPage(page.request, cookie);
      const problems = walk.unreached.filter((path) => !REACHED_AFTER_AN_ACTION.has(path)).map((path) => `${path}: no page links to it`);
      for (const url of walk.urls) {
        const opened = Date.now();
        await page.goto(url, { waitUntil: "domcontentloaded" });
        await waitForHydration(page);
        const hydrated = Date.now();
        const found = [...(await axeProblems(page)).map((line) => `${url} ${line}`)];
        const axed = Date.now();
        found.push(...(await smallTargets(page)).map((line) => `${url} tap target ${line}`));
        problems.push(...found);
        if (process.env.A11Y_TIMING)
          console.log(`${url} open ${hydrated - opened} ms, axe ${axed - hydrated} ms, targets ${Date.now() - axed} ms\n${found.join("\n")}`);
      }
      console.log(`accessibility walk (${lang}, ${viewer}): ${walk.urls.length} pages in ${Math.round((Date.now() - started) / 1000)} s`);
      expect(problems).toEqual([]);
    });
  }
}
