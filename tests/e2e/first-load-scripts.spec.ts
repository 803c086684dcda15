/**
 * Issue 15's "few files on the critical path", held in every CI run rather than only by `npm run bench`: the build's
 * chunk plan counts a page's widget units before tree-shaking and allows itself one unit of slack for it (ADR 106), so
 * what a page really loads first is checked here, on every page config, at the URL the bench measures.
 */
import { expect, test } from "@playwright/test";
import { FIRST_LOAD_GOAL, firstLoadScriptUrls } from "../../bench/first-load.ts";
import { routeTargets } from "../../bench/route-targets.ts";

test("every page's first load is at most the goal's number of scripts", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const targets = await routeTargets(origin);
  expect(targets.length).toBeGreaterThan(100);
  const counted: { url: string; scripts: number }[] = [];
  for (const target of targets) {
    const answer = await fetch(new URL(target.url, origin), { signal: AbortSignal.timeout(30_000) });
    expect(answer.status, target.url).toBe(target.expectedStatus);
    counted.push({ url: target.url, scripts: firstLoadScriptUrls(await answer.text()).length });
  }
  // Every page loads the entry, the framework, the root and the page route at least.
  for (const { url, scripts } of counted) expect(scripts, url).toBeGreaterThanOrEqual(4);
  expect(counted.filter(({ scripts }) => scripts > FIRST_LOAD_GOAL.scripts)).toEqual([]);
});
