/**
 * Who may use the operations console (issue 16): a signed-in member of the site who is not staff is refused every
 * console page and API call; an editor drafts and previews but cannot publish or roll back, in the page or through
 * the API; a config that fails the schema, posted straight to the API, never goes live.
 */
import { test, expect } from "./fixtures";
import { holdSession, logInByCode } from "./platform-support";
import { LAPTOP, pageExpecting401, signIn } from "./ops-support";
import { OPS_API, OPS_PAGES, OPS_PREVIEW_PREFIX } from "@contracts/ops";

test.use(LAPTOP);

/** Every console call by its method; adding a route to the contract without one here fails the type check. */
const METHOD = {
  login: "POST",
  logout: "POST",
  me: "GET",
  pages: "GET",
  page: "GET",
  version: "GET",
  saveDraft: "POST",
  discardDraft: "POST",
  validate: "POST",
  publish: "POST",
  rollback: "POST",
  diff: "GET",
  copy: "POST",
  metadata: "GET",
  audit: "GET",
  hotSearches: "GET",
  hideSearch: "POST",
  showSearch: "POST",
  staff: "GET",
  addStaff: "POST",
  staffRole: "POST",
  disableStaff: "POST",
  resetStaff: "POST",
  passwordLink: "GET",
  setPassword: "POST",
} as const satisfies Record<keyof typeof OPS_API, "GET" | "POST">;

/** Calls anyone may make: signing in (its answer for wrong credentials is tested by the server's suite) and out, and a password link's. */
const OPEN = new Set<keyof typeof OPS_API>(["login", "logout", "passwordLink", "setPassword"]);

test("a signed-in member who is not staff gets 403 on every console page and API call", async ({ page, context, baseURL }) => {
  const member = await logInByCode(page.request);
  await holdSession(context, baseURL!, member);
  const query = { path: "/2023ames", version: "1", from: "1", to: "1", limit: "10" };
  for (const [name, route] of Object.entries(OPS_API) as [keyof typeof OPS_API, string][]) {
    if (OPEN.has(name)) continue;
    const response =
      METHOD[name] === "GET"
        ? await page.request.get(route, { params: query })
        : await page.request.post(route, { data: { path: "/2023ames", version: 1, from: "/2023ames", to: "/e2eNope", config: {} } });
    expect(response.status(), `${METHOD[name]} ${route}`).toBe(403);
    expect((await response.json()).error, route).toBe("forbidden");
  }
  for (const path of [
    ...Object.values(OPS_PAGES).filter((path) => path !== OPS_PAGES.login && path !== OPS_PAGES.password),
    "/ops/audit",
    "/ops/searches",
    "/ops/edit?path=%2F2023ames",
    `${OPS_PREVIEW_PREFIX}/2023ames?lang=zh&as=visitor&source=live`,
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
  expect(await (await page.request.get("/ops")).text()).toContain("您没有权限执行此操作");
});

test("a visitor is asked to sign in on every console page and answered 401 by the API", async ({ browser }, testInfo) => {
  const { page, context, problems } = await pageExpecting401(browser, testInfo, LAPTOP);
  for (const path of ["/ops", "/ops/audit", "/ops/edit?path=%2F2023ames"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toBe(`/ops/login?next=${encodeURIComponent(path)}`);
  }
  expect((await page.request.get(OPS_API.pages)).status()).toBe(401);
  await page.goto("/ops/audit");
  await expect(page).toHaveURL("/ops/login?next=%2Fops%2Faudit");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByText("请输入用户名")).toBeVisible();
  await page.getByLabel("用户名").fill("e2e-editor");
  await page.getByLabel("密码").fill("not-the-password");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("用户名或密码错误");
  await expect(page.getByLabel("用户名")).toHaveValue("e2e-editor");
  expect(problems()).toEqual([]);
  await context.close();
});

test("an editor drafts and previews but cannot publish: the button says why, the API refuses", async ({ page }) => {
  await signIn(page, "editor", `/ops/edit?path=${encodeURIComponent("/2023ames")}`);
  await page
    .locator("details.ops-widget", { has: page.locator("summary", { hasText: "活动头图" }) })
    .locator(":scope > summary")
    .click();
  await page.locator("#root_widgets_0_props_kicker_en").fill("AMES 2023 (edited by an editor)");
  await expect(page.locator(".ops-save")).toContainText("草稿已保存");
  const publish = page.getByRole("button", { name: "发布", exact: true });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(/只有发布者可以发布或回滚/);

  const refused = await page.request.post(OPS_API.publish, { data: { path: "/2023ames", expectedVersion: 1 } });
  expect(refused.status()).toBe(403);
  expect((await page.request.post(OPS_API.rollback, { data: { path: "/2023ames", version: 1 } })).status()).toBe(403);
  const live = await page.request.get("/2023ames");
  expect(await live.text()).not.toContain("edited by an editor");
  await page.request.post(OPS_API.discardDraft, { data: { path: "/2023ames" } });
});

test("a config that fails the schema, posted straight to the API, never reaches the live store", async ({ page }) => {
  await signIn(page, "publisher");
  const before = await (await page.request.get(OPS_API.page, { params: { path: "/2022acde" } })).json();
  const crafted = { ...before.live.config, layout: { theme: "<script>" }, widgets: [{ type: "eventHero", props: { title: 42 } }] };
  const saved = await page.request.post(OPS_API.saveDraft, { data: { path: "/2022acde", config: crafted } });
  expect(saved.status()).toBe(200);
  const draft = await saved.json();
  expect(draft.problems.map((problem: { pointer: string }) => problem.pointer)).toEqual(expect.arrayContaining(["/layout/theme"]));

  const refused = await page.request.post(OPS_API.publish, { data: { path: "/2022acde", expectedVersion: before.live.version } });
  expect(refused.status()).toBe(422);
  const answer = await refused.json();
  expect(answer.error).toBe("invalid");
  expect(answer.problems.length).toBeGreaterThan(0);

  const notJson = await page.request.post(OPS_API.saveDraft, { data: { path: "/2022acde", text: "{ not json" } });
  expect(notJson.status()).toBe(200);
  expect((await page.request.post(OPS_API.publish, { data: { path: "/2022acde", expectedVersion: before.live.version } })).status()).toBe(422);

  const after = await (await page.request.get(OPS_API.page, { params: { path: "/2022acde" } })).json();
  expect(after.live.version).toBe(before.live.version);
  expect(after.live.config).toEqual(before.live.config);
  const visitor = await page.request.get("/2022acde", { headers: { Cookie: "" } });
  expect(visitor.status()).toBe(200);
  expect(await visitor.text()).toContain(before.live.config.title.zh);
  await page.request.post(OPS_API.discardDraft, { data: { path: "/2022acde" } });
});
