import { describe, expect, it } from "vitest";
import type { OpsDraft, OpsMe } from "@contracts/ops";
import { PASSWORD, useOpsConsole } from "./ops-fixture";
import { CONSOLE_ENGINES } from "./postgres-database";

const SITE_MEMBER = "token=a-member-of-the-site";

describe.each(CONSOLE_ENGINES)("the console's staff and previews on %s", (engine) => {
  const ops = useOpsConsole(engine === "sqlite" ? 3411 : 3415, "2026-11-01T00:00:00.000Z", engine);
  const count = async (text: string) => ((await ops.sql<{ n: number }>(text))[0] as { n: number }).n;
  const column = async (text: string) => (await ops.sql(text)).map((row) => Object.values(row)[0]);

  describe("who reaches the console", () => {
    it("asks a visitor to sign in: 401 from the API, a redirect to the login page from a page", async () => {
      const api = await ops.request("/ops/api/pages");
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ error: "unauthenticated", message: "请先登录运营后台" });
      const page = await ops.request("/ops/pages?x=1");
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/ops/login?next=%2Fops%2Fpages%3Fx%3D1");
      // The login page itself is open: it reaches the page renderer.
      expect((await ops.request("/ops/login")).status).toBe(418);
      // Pages outside /ops are not the console's.
      expect((await ops.request("/opsy")).status).toBe(418);
    });

    it("refuses a signed-in member of the site who is not staff: 403 on every page, preview and API", async () => {
      for (const path of ["/ops", "/ops/pages", "/ops.data", "/ops/preview/2023ames", "/ops/api/pages", "/ops/api/me", "/ops/api/metadata", "/ops/api/audit"]) {
        const response = await ops.request(path, { cookie: `${SITE_MEMBER}; lang=en` });
        expect(response.status, path).toBe(403);
      }
      const refused = await ops.request("/ops/api/publish", { cookie: `${SITE_MEMBER}; lang=en`, body: { path: "/2023ames" } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "forbidden", message: "You are not allowed to do this" });
    });

    it("signs staff in with an HttpOnly, SameSite=Strict cookie scoped to /ops; staff who are also members get in", async () => {
      await ops.store.saveStaff("alice", "publisher", PASSWORD, ops.now());
      const response = await ops.request("/ops/api/login", { body: { username: "Alice", password: PASSWORD } });
      expect(response.status).toBe(200);
      const me = (await response.json()) as OpsMe;
      expect(me).toEqual({
        username: "alice",
        role: "publisher",
        expiresAt: new Date(ops.now().getTime() + 12 * 3_600_000).toISOString(),
        idleExpiresAt: new Date(ops.now().getTime() + 30 * 60_000).toISOString(),
      });
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^ops_session=[A-Za-z0-9]{32}; Path=\/ops; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      const session = cookie.split(";")[0];
      const pages = await ops.request("/ops/api/pages", { cookie: `${SITE_MEMBER}; ${session}` });
      expect(pages.status).toBe(200);
      expect(pages.headers.get("cache-control")).toBe("private, no-store");
      expect((await ops.request("/ops/pages", { cookie: session })).status).toBe(418);
    });

    it("refuses cross-site writes before they act", async () => {
      const session = await ops.signIn("alice", "publisher");
      const response = await ops.request("/ops/api/draft", {
        cookie: session,
        headers: { "sec-fetch-site": "cross-site" },
        body: { path: "/2023ames", text: "{}" },
      });
      expect(response.status).toBe(403);
      expect(await count("SELECT COUNT(*) AS n FROM ops_drafts")).toBe(0);
    });

    it("lets an editor save drafts and preview, but not publish or roll back", async () => {
      const session = await ops.signIn("ed", "editor");
      const saved = await ops.request("/ops/api/draft", { cookie: session, body: { path: "/2023ames", text: "{ not yet json" } });
      expect(saved.status).toBe(200);
      const draft = (await saved.json()) as OpsDraft;
      expect(draft).toMatchObject({ editor: "ed", config: null, baseVersion: 1 });
      expect(draft.problems[0].pointer).toBe("/");
      for (const [path, body] of [
        ["/ops/api/publish", { path: "/2023ames" }],
        ["/ops/api/rollback", { path: "/2023ames", version: 1 }],
      ] as const) {
        const response = await ops.request(path, { cookie: `${session}; lang=en`, body });
        expect(response.status, path).toBe(403);
      }
      // Also at the store, for a caller that skips the routes' checks.
      const token = session.split("=")[1];
      const direct = await ops.store.call("POST", "/publish", { params: { path: "/2023ames", text: "{}" }, session: token, at: ops.now() });
      expect(direct.code).toBe(403);
      expect(await count("SELECT COUNT(*) AS n FROM ops_page_versions WHERE path = '/2023ames'")).toBe(1);
      await ops.request("/ops/api/draft/discard", { cookie: session, body: { path: "/2023ames" } });
    });

    it("ends a session after 30 idle minutes, and after 12 hours however busy", async () => {
      const idle = await ops.signIn("alice", "publisher");
      ops.advance(29 * 60_000);
      expect((await ops.request("/ops/api/me", { cookie: idle })).status).toBe(200);
      ops.advance(29 * 60_000);
      expect((await ops.request("/ops/api/me", { cookie: idle })).status).toBe(200);
      ops.advance(31 * 60_000);
      expect((await ops.request("/ops/api/me", { cookie: idle })).status).toBe(401);

      const busy = await ops.signIn("alice", "publisher");
      for (let hour = 0; hour < 12 * 3; hour++) {
        ops.advance(20 * 60_000);
        const status = (await ops.request("/ops/api/me", { cookie: busy })).status;
        expect(status, `after ${(hour + 1) * 20} minutes`).toBe(hour + 1 < 36 ? 200 : 401);
      }
    });

    it("ends a session at logout", async () => {
      const session = await ops.signIn("alice", "publisher");
      const out = await ops.request("/ops/api/logout", { cookie: session, method: "POST" });
      expect(out.status).toBe(204);
      expect(out.headers.get("set-cookie")).toMatch(/^ops_session=; Path=\/ops; HttpOnly; SameSite=Strict; Max-Age=0/);
      expect((await ops.request("/ops/api/me", { cookie: session })).status).toBe(401);
    });

    it("lets no stranger lock a staff account: failures slow the next try by name and address and ask for the captcha", async () => {
      await ops.store.saveStaff("mallory", "editor", PASSWORD, ops.now());
      const stranger = { "x-forwarded-for": "203.0.113.7" };
      const owner = { "x-forwarded-for": "198.51.100.2" };
      const login = (headers: Record<string, string>, body: Record<string, unknown>) =>
        ops.request("/ops/api/login", { cookie: "lang=en", headers, body: { username: "mallory", ...body } });
      const captcha = async () => {
        const randStr = `captcha${Math.random().toString(36).slice(2, 12)}`;
        await ops.platform.api.fetch(new Request(`http://embedded/api/web/captcha.jpg?randStr=${randStr}`));
        const ticket = ops.platform.db.prepare("SELECT answer FROM captchas WHERE rand_str = ?").pluck().get(randStr) as string;
        return { randStr, ticket };
      };

      // Three wrong passwords are answered at once; the third says the next try waits 2 s and needs the captcha.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const wrong = await login(stranger, { password: `guess ${attempt}` });
        expect(wrong.status).toBe(401);
        expect(await wrong.json()).toEqual({
          error: "invalidCredentials",
          message: "Wrong name or password",
          ...(attempt === 3 ? { captchaRequired: true, retryAfterSeconds: 2 } : {}),
        });
      }
      const early = await login(stranger, { password: "guess 4" });
      expect(early.status).toBe(429);
      expect(early.headers.get("retry-after")).toBe("2");
      expect(await early.json()).toMatchObject({ error: "rateLimited", retryAfterSeconds: 2, captchaRequired: true });
      ops.advance(2_000);
      const noCaptcha = await login(stranger, { password: "guess 4" });
      expect(noCaptcha.status).toBe(428);
      expect(await noCaptcha.json()).toMatchObject({ error: "captchaRequired", captchaRequired: true });
      const wrongCaptcha = await login(stranger, { password: "guess 4", ...(await captcha()), ticket: "0000x" });
      expect(wrongCaptcha.status).toBe(428);
      // Each further failure doubles the wait: 4 s, 8 s, 16 s…
      for (const wait of [4, 8, 16]) {
        const wrong = await login(stranger, { password: `guess ${wait}`, ...(await captcha()) });
        expect(wrong.status).toBe(401);
        expect((await wrong.json()).retryAfterSeconds).toBe(wait);
        ops.advance(wait * 1000);
      }

      // The owner, from another address, waits at most the name's short wait and answers the captcha: never locked out.
      const asked = await login(owner, { password: PASSWORD });
      expect(asked.status).toBe(428);
      const signedIn = await login(owner, { password: PASSWORD, ...(await captcha()) });
      expect(signedIn.status).toBe(200);
      // Their success clears the name; the stranger's address still waits for its own failures.
      expect((await login(owner, { password: PASSWORD })).status).toBe(200);
      const strangerAgain = await login(stranger, { password: "guess 99" });
      expect(strangerAgain.status).toBe(428);

      // However long a stranger keeps failing, the name's wait stays at most a minute.
      for (let attempt = 0; attempt < 12; attempt++) {
        await login({ "x-forwarded-for": `203.0.113.${100 + attempt}` }, { password: `spray ${attempt}`, ...(await captcha()) });
        ops.advance(61_000);
      }
      await login({ "x-forwarded-for": "203.0.113.99" }, { password: "spray last", ...(await captcha()) });
      const waited = await login(owner, { password: PASSWORD, ...(await captcha()) });
      expect(waited.status).toBe(429);
      expect(Number(waited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      ops.advance(60_000);
      expect((await login(owner, { password: PASSWORD, ...(await captcha()) })).status).toBe(200);

      // Every refusal is in the audit log, with the address our server found.
      const refusals = await ops.sql<{ detail: string; ip: string }>(
        "SELECT detail, ip FROM ops_audit WHERE actor = 'mallory' AND action = 'loginRefused' ORDER BY id",
      );
      expect(refusals.length).toBe(3 + 1 + 2 + 3 + 1 + 1 + 13 + 1);
      expect(refusals.slice(0, 4).map((row) => row.ip)).toEqual(["203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.7"]);
      expect(refusals.map((row) => row.detail)).toContain("wrong captcha");
    }, 60_000);

    it("refuses more than 30 sign-in calls a minute from one address unread, recording the first refusal of the minute", async () => {
      const flood = { "x-forwarded-for": "203.0.113.200" };
      const statuses: number[] = [];
      for (let call = 0; call < 40; call++) {
        statuses.push((await ops.request("/ops/api/login", { headers: flood, body: { username: `flood${call}`, password: "x" } })).status);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3).every((status) => status === 429 || status === 428)).toBe(true);
      const recorded = (await column("SELECT detail FROM ops_audit WHERE ip = '203.0.113.200' ORDER BY id")) as string[];
      expect(recorded).toHaveLength(31);
      expect(recorded.at(-1)).toBe("more than 30 sign-in calls a minute from this address");
      ops.advance(61_000);
      const next = await ops.request("/ops/api/login", { headers: flood, body: { username: "flood-late", password: "x" } });
      expect(next.status).toBe(428);
    }, 60_000);

    it("counts the address our server names, never one a caller writes into the body", async () => {
      await ops.store.saveStaff("trent", "editor", PASSWORD, ops.now());
      // Through the console: a clientIp field in the browser's body is not passed on.
      await ops.request("/ops/api/login", {
        headers: { "x-forwarded-for": "198.51.100.77" },
        body: { username: "trent", password: "x", clientIp: "10.0.0.1" },
      });
      // At the store: a parameter named clientIp (or ip) names nothing; the address is the one the call names.
      await ops.store.call("POST", "/login", {
        params: { username: "trent", password: "y", clientIp: "10.0.0.2", ip: "10.0.0.3" },
        ip: "198.51.100.78",
        at: ops.now(),
      });
      const addresses = await column("SELECT ip FROM ops_audit WHERE actor = 'trent' ORDER BY id");
      expect(addresses).toEqual(["198.51.100.77", "198.51.100.78"]);
      const keys = await column("SELECT key FROM ops_login_failures WHERE key LIKE 'address:%' ORDER BY key");
      expect(keys).not.toContain("address:10.0.0.1");
      expect(keys).not.toContain("address:10.0.0.2");
      expect(keys).not.toContain("address:10.0.0.3");
    });

    it("records an editor's refused publish and rollback in the audit log, at our server and at the store", async () => {
      const session = await ops.signIn("edna", "editor");
      for (const [path, body] of [
        ["/ops/api/publish", { path: "/2023ames" }],
        ["/ops/api/rollback", { path: "/2023ames", version: 1 }],
      ] as const) {
        expect((await ops.request(path, { cookie: session, body })).status, path).toBe(403);
      }
      const direct = await ops.store.call("POST", "/publish", { params: { path: "/2023ames", text: "{}" }, session: session.split("=")[1], at: ops.now() });
      expect(direct.code).toBe(403);
      const refused = await ops.sql("SELECT path, detail FROM ops_audit WHERE actor = 'edna' AND action = 'publishRefused' ORDER BY id");
      expect(refused).toEqual([
        { path: "/2023ames", detail: "publish: only a publisher may do this" },
        { path: "/2023ames", detail: "rollback: only a publisher may do this" },
        { path: "/2023ames", detail: "publish: only a publisher may do this" },
      ]);
    });

    it("answers a bad body with 400, not a crash", async () => {
      const session = await ops.signIn("alice", "publisher");
      expect((await ops.request("/ops/api/draft", { cookie: session, body: "{broken" })).status).toBe(400);
      expect((await ops.request("/ops/api/draft", { cookie: session, body: { path: "/x" } })).status).toBe(400);
      expect((await ops.request("/ops/api/rollback", { cookie: session, body: { path: "/2023ames", version: "one" } })).status).toBe(400);
      expect((await ops.request("/ops/api/nothing", { cookie: session })).status).toBe(404);
    });
  });

  describe("previews", () => {
    it("renders the draft for a persona at a chosen time, never cached, and logs it", async () => {
      const session = await ops.signIn("ed", "editor");
      const detail = await (await ops.request("/ops/api/page?path=/2023ames", { cookie: session })).json();
      const config = { ...detail.live.config, title: { zh: "草稿标题", en: "Draft title" } };
      expect((await ops.request("/ops/api/draft", { cookie: session, body: { path: "/2023ames", config } })).status).toBe(200);

      const response = await ops.request("/ops/preview/2023ames?lang=en&as=vip&at=2023-04-30T00:00:00.000Z&source=draft&tab=2", { cookie: session });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      // An origin of its own: the previewed page cannot act with the staff browser's own session on the site.
      expect(response.headers.get("content-security-policy")).toBe("sandbox allow-popups");
      const seen = await response.json();
      expect(seen.url).toBe("/2023ames?tab=2");
      expect(seen.cookie).toBe("lang=en; token=ops-preview-persona");
      expect(seen.now).toBe("2023-04-30T00:00:00.000Z");
      // The platform answers the page's sources at the preview's moment too (a sign-up window's state, ADR 089).
      expect(seen.platformClock).toBe("2023-04-30T00:00:00.000Z");
      expect(seen.platformCode).toBe(404);
      expect(seen.user).toMatchObject({ isVip: true });
      expect(seen.entry.title).toEqual({ zh: "草稿标题", en: "Draft title" });
      // The live page is untouched by the preview.
      expect(seen.liveTitle.en).toBe("Asian Meeting of the Econometric Society 2023");

      const live = await (await ops.request("/ops/preview/2023ames?as=visitor&source=v1", { cookie: session })).json();
      expect(live.cookie).toBe("lang=zh");
      expect(live.platformClock).toBe("none");
      expect(live.user).toBeNull();
      expect(live.entry.title.en).toBe("Asian Meeting of the Econometric Society 2023");

      const audit = await ops.sql("SELECT detail, version FROM ops_audit WHERE action = 'preview' ORDER BY id");
      expect(audit).toEqual([
        { detail: "draft as vip in en at 2023-04-30T00:00:00.000Z", version: null },
        { detail: "v1 as visitor in zh", version: 1 },
      ]);
    });

    it("answers 400 to values the contract does not allow and 404 to a page without that source", async () => {
      const session = await ops.signIn("ed", "editor");
      for (const query of ["lang=fr", "as=admin", "source=v0", "at=yesterday"]) {
        expect((await ops.request(`/ops/preview/2023ames?${query}`, { cookie: session })).status, query).toBe(400);
      }
      expect((await ops.request("/ops/preview/2023ames?source=v99", { cookie: session })).status).toBe(404);
      expect((await ops.request("/ops/preview/nowhere?source=live", { cookie: session })).status).toBe(404);
    });
  });
});
