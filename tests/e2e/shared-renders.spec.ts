/**
 * Signed-in renders shared by the viewer's class (ADR 083), in one journey: two people of one class get one render of
 * /me, and each sees their own name in it once the page is hydrated; nobody's name is in the shared HTML.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { holdSession, logInByCode } from "./platform-support";

test("two people of one class share /me's render, and each sees their own name once it hydrates", async ({ browser, baseURL }) => {
  const contexts = [
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } }),
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } }),
  ];
  try {
    const sessions = [await logInByCode(contexts[0].request), await logInByCode(contexts[1].request)];
    const served: string[] = [];
    for (const [index, context] of contexts.entries()) {
      await holdSession(context, baseURL!, sessions[index]);
      const page = await context.newPage();
      page.on("response", (response) => {
        if (new URL(response.url()).pathname === "/me" && response.request().resourceType() === "document")
          served.push(response.headers()["x-render-cache"] ?? "render");
      });
      const answer = await page.goto("/me");
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      const html = (await answer?.text()) ?? "";
      for (const { user } of sessions) for (const own of [user.userName, String(user.nickname ?? user.userName)]) expect(html).not.toContain(own);
      await waitForHydration(page);
      const { user } = sessions[index];
      await expect(page.locator(".profile-card h1")).toHaveText(String(user.nickname || user.userName));
      await page.screenshot({ path: `test-results/shared-me-${index}.png` });
    }
    expect(served).toEqual(["render", "hit"]);
  } finally {
    for (const context of contexts) await context.close();
  }
});
