/**
 * The live room talking back (ADR 062), two people in one room: the host (the developer tools) pushes, the viewer sees
 * it within a second, and after its socket drops sees what was pushed meanwhile; a questionnaire is answered once;
 * the venue screen shows the push, the sign-in count and the shared results, in zh and en.
 */
import { devices, type APIRequestContext, type Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { planIn } from "./live-helpers";
import { holdSession, logInByCode } from "./platform-support";

// Two people, a host and sockets on a machine shared with other work: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function hostPush(request: APIRequestContext, planId: number, form: Record<string, string>) {
  const answer = await request.post(`/dev/live/${planId}/push`, { form: { ...form, format: "json" } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { push: { seq: number; questionId?: number } };
}

async function openRoom(page: Page, planId: number) {
  await page.goto(`/viewLive?id=${planId}`);
  await waitForHydration(page);
  await expect(page.locator(".room-screen")).toHaveAttribute("data-screen-status", "open");
}

test("the host pushes, the viewer sees it within a second, and again what was pushed while it was away", async ({ page, request }) => {
  const plan = await planIn(request, 2);
  // The screen socket passes through a switch: while "down", the connection drops and every new one is refused.
  let down = false;
  const urls: string[] = [];
  const open: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(/\/ws\/screen/, (socket) => {
    urls.push(socket.url());
    if (down) {
      void socket.close({ code: 1013, reason: "away" });
      return;
    }
    socket.connectToServer();
    open.push(socket);
  });
  await openRoom(page, plan.id);
  const started = Date.now();
  await hostPush(request, plan.id, { kind: "announcement", text: "茶歇十分钟后继续", textEn: "Back after a ten-minute break" });
  await expect(page.locator(".room-screen-card")).toContainText("茶歇十分钟后继续", { timeout: 1_000 });
  expect(Date.now() - started).toBeLessThan(1_500);
  const seen = Number(await page.locator(".room-screen-card").getAttribute("data-push-seq"));

  down = true;
  await Promise.all(open.splice(0).map((socket) => socket.close()));
  await expect(page.locator(".room-screen")).toHaveAttribute("data-screen-status", /reconnecting|connecting/);
  await hostPush(request, plan.id, { kind: "startingSoon", minutes: "5" });
  const last = await hostPush(request, plan.id, { kind: "announcement", text: "下一位报告人：陈思源", textEn: "Next speaker: Chen Siyuan" });
  down = false;
  await expect(page.locator(".room-screen")).toHaveAttribute("data-screen-status", "open", { timeout: 20_000 });
  await expect(page.locator(".room-screen-card")).toHaveAttribute("data-push-seq", String(last.push.seq), { timeout: 1_000 });
  await expect(page.locator(".room-screen-card")).toContainText("下一位报告人：陈思源");
  // It asked for what came after the last push it had shown.
  expect(new URL(urls.at(-1)!).searchParams.get("after")).toBe(String(seen));
});

test("a questionnaire is answered once; the results reach the viewer when the host shares them", async ({ page, request, baseURL }) => {
  const plan = await planIn(request, 2);
  const viewer = await logInByCode(request);
  await holdSession(page.context(), baseURL!, viewer);
  await openRoom(page, plan.id);
  const pushed = await hostPush(request, plan.id, {
    kind: "questionnaire",
    questionKind: "single",
    title: "下一场想听哪个议题？",
    titleEn: "Which topic next?",
    options: "货币政策 | Monetary policy\n国际贸易 | Trade",
  });
  const form = page.locator(`.questionnaire[data-question-id="${pushed.push.questionId}"]`);
  await expect(form).toBeVisible({ timeout: 1_000 });
  await form.getByRole("button", { name: "提交" }).click();
  await expect(form.getByRole("alert")).toHaveText("请选择一个选项");
  await form.getByLabel("国际贸易").check();
  await form.getByRole("button", { name: "提交" }).click();
  await expect(form.locator(".questionnaire-answered")).toHaveText("你已回答，感谢参与");
  // Answering again over the API (a second tab, a replayed request) is refused by the platform.
  const again = await request.post(`/api/planQuestion/createUserAnswer?questionId=${pushed.push.questionId}&optionIds=1`, { headers: { token: viewer.token } });
  expect((await again.json()).code).toBe(409);
  await page.reload();
  await waitForHydration(page);
  await expect(form.locator(".questionnaire-answered")).toBeVisible();
  const share = await request.post(`/dev/live/${plan.id}/share`, { form: { questionId: String(pushed.push.questionId), format: "json" } });
  expect(share.ok()).toBe(true);
  await expect(form.locator(".question-results")).toHaveAttribute("data-results-total", "1", { timeout: 2_000 });
  await page.locator(".room-screen").screenshot({ path: "test-results/room-screen-zh.png" });
});

for (const lang of ["zh", "en"] as const) {
  test(`the venue screen shows the host's push, the sign-in count and shared results (${lang})`, async ({ browser, request, baseURL }) => {
    const plan = await planIn(request, 2, 1);
    const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, baseURL });
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    const venue = await context.newPage();
    try {
      await venue.goto(`/venueScreen?id=${plan.id}`);
      await waitForHydration(venue);
      await expect(venue.locator(".venue-screen")).toHaveAttribute("data-screen-status", "open");
      const before = Number(await venue.getByTestId("venue-signins").textContent());
      const member = await logInByCode(request);
      const signIn = await request.post(`/api/audience/signIn?planId=${plan.id}`, { headers: { token: member.token } });
      expect((await signIn.json()).code).toBe(200);
      await expect(venue.getByTestId("venue-signins")).toHaveText(String(before + 1), { timeout: 2_000 });
      await hostPush(request, plan.id, { kind: "announcement", text: "欢迎来到现场", textEn: "Welcome to the venue" });
      await expect(venue.locator(".venue-card")).toContainText(lang === "en" ? "Welcome to the venue" : "欢迎来到现场", { timeout: 1_000 });
      await expect(venue.locator(".venue-header h2")).toHaveText(lang === "en" ? plan.titleEn : plan.title);
      await venue.screenshot({ path: `test-results/venue-screen-${lang}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
}
