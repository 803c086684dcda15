/**
 * Issue 15's "few files on the critical path", held in every CI run rather than only by `npm run bench`: the build's
 * chunk plan counts a page's widget units before tree-shaking and allows itself one unit of slack for it (ADR 106), so
 * what a page really loads first is checked here, on every page config, at the URL the bench measures — for a visitor
 * and for a signed-in, phone-bound person, since a gated page preloads its widgets' code only for someone it lets in.
 */
import { expect, test } from "@playwright/test";
import { FIRST_LOAD_GOAL, firstLoadScriptUrls } from "../../bench/first-load.ts";
import { routeTargets } from "../../bench/route-targets.ts";
import { logInByCode } from "./platform-support";

test("every page's first load is at most the goal's number of scripts, signed out and signed in", async ({ baseURL, request }) => {
  test.setTimeout(300_000);
  const origin = baseURL ?? "";
  const targets = await routeTargets(origin);
  expect(targets.length).toBeGreaterThan(100);
  const person = await logInByCode(request);
  const counted: { url: string; viewer: string; scripts: number }[] = [];
  for (const target of targets) {
    const visitor = await fetch(new URL(target.url, origin), { signal: AbortSignal.timeout(30_000) });
    expect(visitor.status, target.url).toBe(target.expectedStatus);
    counted.push({ url: target.url, viewer: "visitor", scripts: firstLoadScriptUrls(await visitor.text()).length });
    const signedIn = await fetch(new URL(target.url, origin), {
      headers: { cookie: `token=${person.token}` },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    expect(signedIn.status, `${target.url} signed in`).toBe(target.expectedStatus);
    counted.push({ url: target.url, viewer: "signed in", scripts: firstLoadScriptUrls(await signedIn.text()).length });
  }
  // The session counted: a sign-in-gated page preloads its widgets' code for the person only (ADR 100).
  const scriptsOfMe = (viewer: string) => counted.find((entry) => entry.url === "/me" && entry.viewer === viewer)?.scripts ?? 0;
  expect(scriptsOfMe("signed in")).toBeGreaterThan(scriptsOfMe("visitor"));
  // Every page loads the entry, the framework, the root and the page route at least.
  for (const { url, viewer, scripts } of counted) expect(scripts, `${url} (${viewer})`).toBeGreaterThanOrEqual(4);
  expect(counted.filter(({ scripts }) => scripts > FIRST_LOAD_GOAL.scripts)).toEqual([]);
});
