/**
 * The pages people land on most, checked by axe-core and for 40 px tap targets in every CI run: the full walk over
 * every page config (accessibility.spec.ts) takes longer than CI's budget and runs in `npm run test:sweeps`. Chinese
 * as a signed-in person (the personal pages only they see) and English as a visitor (the registration form), so both
 * languages and both viewers are covered in two walks.
 */
import { expect, test, waitForHydration } from "./fixtures";
import { axeProblems, smallTargets } from "./a11y-checks";
import { holdSession, logInByCode, speak } from "./platform-support";

const LANDING_PAGES = ["/home", "/liveList", "/docList", "/2023ames", "/circle", "/essayList", "/qaList", "/jobList"];
const SIGNED_IN_PAGES = ["/me", "/messageCenter", "/myOrder"];
const VISITOR_PAGES = ["/register", "/about"];

for (const walk of [
  { lang: "zh", viewer: "signed in", paths: [...LANDING_PAGES, ...SIGNED_IN_PAGES] },
  { lang: "en", viewer: "visitor", paths: [...LANDING_PAGES, ...VISITOR_PAGES] },
] as const) {
  test(`the core pages have no serious accessibility violation and 40 px tap targets (${walk.lang}, ${walk.viewer})`, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    await speak(context, baseURL!, walk.lang);
    if (walk.viewer === "signed in") await holdSession(context, baseURL!, await logInByCode(page.request));
    const problems: string[] = [];
    for (const path of walk.paths) {
      const answer = await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(answer?.status(), path).toBe(200);
      await waitForHydration(page);
      problems.push(...(await axeProblems(page)).map((line) => `${path} ${line}`));
      problems.push(...(await smallTargets(page)).map((line) => `${path} tap target ${line}`));
    }
    expect(problems).toEqual([]);
  });
}
