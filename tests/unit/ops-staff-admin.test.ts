import { describe, expect, it } from "vitest";
import type { OpsAuditAnswer, OpsPasswordLinkAnswer, OpsStaffAnswer } from "@contracts/ops";
import { PASSWORD, useOpsConsole } from "./ops-fixture";
import { CONSOLE_ENGINES } from "./postgres-database";

const NEW_PASSWORD = "a much longer phrase";

describe.each(CONSOLE_ENGINES)("staff managed in the console, and the audit log's filters, on %s", (engine) => {
  // Failed sign-ins are part of these tests: the limits of ADR 042 (tested elsewhere) are set out of the way.
  const ops = useOpsConsole(engine === "sqlite" ? 4110 : 4111, "2026-11-01T02:00:00.000Z", engine, {
    freeLoginFailures: 1000,
    captchaAfterFailures: 1000,
    loginCallsPerMinute: 1000,
  });
  const tokenOf = (link: OpsPasswordLinkAnswer) => new URL(link.url).searchParams.get("token") ?? "";
  const actions = async (actor: string) =>
    (await ops.sql<{ action: string }>("SELECT action FROM ops_audit WHERE actor = ? ORDER BY id", [actor])).map((row) => row.action);
  const add = async (admin: string, username: string, role: string) => {
    const response = await ops.request("/ops/api/staff/add", { cookie: admin, body: { username, role } });
    expect(response.status).toBe(200);
    return (await response.json()) as OpsPasswordLinkAnswer;
  };
  const login = (username: string, password: string) => ops.request("/ops/api/login", { body: { username, password } });

  it("adds a person without a password; they set theirs once through a link that is kept hashed", async () => {
    const admin = await ops.signIn("root", "admin");
    const link = await add(admin, "Carol", "editor");
    expect(link).toMatchObject({ username: "carol", purpose: "invite", expiresAt: "2026-11-02T02:00:00.000Z" });
    expect(link.url).toMatch(/\/ops\/password\?token=[A-Za-z0-9]{32}$/);
    const token = tokenOf(link);
    expect(await ops.sql("SELECT 1 FROM ops_password_links WHERE token_hash = ?", [token])).toEqual([]);
    expect((await login("carol", "")).status).toBe(401);

    const listed = (await (await ops.request("/ops/api/staff", { cookie: admin })).json()) as OpsStaffAnswer;
    expect(listed.staff.find((member) => member.username === "carol")).toMatchObject({ role: "editor", state: "waiting", linkExpiresAt: link.expiresAt });
    expect(await (await ops.request(`/ops/api/password?token=${token}`)).json()).toEqual({ username: "carol", purpose: "invite", expiresAt: link.expiresAt });

    const short = await ops.request("/ops/api/password/set", { body: { token, password: "short" }, cookie: "lang=en" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: "badRequest", problem: "passwordLength", field: "password" });
    expect((await ops.request("/ops/api/password/set", { body: { token, password: NEW_PASSWORD } })).status).toBe(204);
    const again = await ops.request("/ops/api/password/set", { body: { token, password: NEW_PASSWORD }, cookie: "lang=en" });
    expect(again.status).toBe(410);
    expect((await again.json()).message).toMatch(/no longer works/);
    expect((await login("carol", NEW_PASSWORD)).status).toBe(200);
    expect(await actions("root")).toContain("staffAdded");
    // Before the password was set, the account signed in as no account does.
    expect(await actions("carol")).toEqual(["loginRefused", "passwordSet", "login"]);
    // Five scrypt hashes: slow on a busy machine.
  }, 20_000);

  it("refuses a taken name and a bad one at the field", async () => {
    const admin = await ops.signIn("root", "admin");
    const taken = await ops.request("/ops/api/staff/add", { cookie: admin, body: { username: "carol", role: "editor" } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ problem: "taken", field: "username" });
    const bad = await ops.request("/ops/api/staff/add", { cookie: admin, body: { username: "9 lives", role: "editor" } });
    expect(await bad.json()).toMatchObject({ error: "badRequest", problem: "username", field: "username" });
    const role = await ops.request("/ops/api/staff/add", { cookie: admin, body: { username: "dora", role: "owner" } });
    expect(await role.json()).toMatchObject({ problem: "role", field: "role" });
  });

  it("a link works for 24 hours only", async () => {
    const admin = await ops.signIn("root", "admin");
    const token = tokenOf(await add(admin, "erin", "publisher"));
    ops.advance(24 * 3_600_000);
    expect((await ops.request(`/ops/api/password?token=${token}`)).status).toBe(410);
    expect((await ops.request("/ops/api/password/set", { body: { token, password: NEW_PASSWORD } })).status).toBe(410);
  });

  it("disabling ends the person's sessions at once; enabling lets them sign in again", async () => {
    const admin = await ops.signIn("root", "admin");
    const editor = await ops.signIn("frank", "editor");
    expect((await ops.request("/ops/api/me", { cookie: editor })).status).toBe(200);
    expect((await ops.request("/ops/api/staff/disable", { cookie: admin, body: { username: "frank", disabled: true } })).status).toBe(204);
    expect((await ops.request("/ops/api/me", { cookie: editor })).status).toBe(401);
    expect((await login("frank", PASSWORD)).status).toBe(401);
    const yourself = await ops.request("/ops/api/staff/disable", { cookie: admin, body: { username: "root", disabled: true } });
    expect(await yourself.json()).toMatchObject({ error: "conflict", problem: "notYourself" });
    expect((await ops.request("/ops/api/staff/disable", { cookie: admin, body: { username: "frank", disabled: false } })).status).toBe(204);
    expect((await login("frank", PASSWORD)).status).toBe(200);
    expect(await actions("root")).toEqual(expect.arrayContaining(["staffDisabled", "staffEnabled"]));
  });

  it("a reset takes the password and the sessions away and sends a new link", async () => {
    const admin = await ops.signIn("root", "admin");
    const publisher = await ops.signIn("gina", "publisher");
    const reset = await ops.request("/ops/api/staff/reset", { cookie: admin, body: { username: "gina" } });
    const link = (await reset.json()) as OpsPasswordLinkAnswer;
    expect(link.purpose).toBe("reset");
    expect((await ops.request("/ops/api/me", { cookie: publisher })).status).toBe(401);
    expect((await login("gina", PASSWORD)).status).toBe(401);
    expect((await ops.request("/ops/api/password/set", { body: { token: tokenOf(link), password: NEW_PASSWORD } })).status).toBe(204);
    expect((await login("gina", NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps the last admin, and refuses staff screens to publishers and editors (403, audited)", async () => {
    const admin = await ops.signIn("root", "admin");
    const demote = await ops.request("/ops/api/staff/role", { cookie: admin, body: { username: "root", role: "editor" } });
    expect(await demote.json()).toMatchObject({ problem: "lastAdmin" });
    for (const [who, role] of [
      ["hank", "publisher"],
      ["ivy", "editor"],
    ] as const) {
      const session = await ops.signIn(who, role);
      expect((await ops.request("/ops/api/staff", { cookie: session })).status).toBe(403);
      expect((await ops.request("/ops/api/staff/add", { cookie: session, body: { username: "mallory", role: "admin" } })).status).toBe(403);
      expect(await actions(who)).toEqual(["login", "forbidden", "forbidden"]);
      expect((await ops.request("/ops/staff", { cookie: session })).status).toBe(403);
    }
    expect((await ops.request("/ops/staff", { cookie: await ops.signIn("ivy", "editor") })).status).toBe(403);
    expect((await ops.request("/ops/staff", { cookie: admin })).status).toBe(418);
    expect(await ops.sql("SELECT 1 FROM ops_staff WHERE username = 'mallory'")).toEqual([]);
  });

  it("folds a burst of autosaves into one row with a count, and filters by person, page, action and Beijing day", async () => {
    const editor = await ops.signIn("judy", "editor");
    const save = (text: string) => ops.request("/ops/api/draft", { cookie: editor, body: { path: "/2023ames", text } });
    for (const text of ["{}", '{"a":1}', '{"a":2}']) {
      expect((await save(text)).status).toBe(200);
      ops.advance(60_000);
    }
    ops.advance(11 * 60_000);
    await save('{"a":3}');
    const audit = async (query: string) => ((await (await ops.request(`/ops/api/audit?${query}`, { cookie: editor })).json()) as OpsAuditAnswer).entries;
    const judys = await audit("actor=judy&action=saveDraft");
    expect(judys.map((entry) => [entry.path, entry.repeats])).toEqual([
      ["/2023ames", 1],
      ["/2023ames", 3],
    ]);
    expect((await audit("path=%2F2023ames&actor=judy")).every((entry) => entry.path === "/2023ames")).toBe(true);
    // The clock is at 2026-11-02 02:xx UTC after the link test's day: 10:xx in Beijing, the same day there.
    const today = ops.now().toISOString().slice(0, 10);
    expect((await audit(`actor=judy&day=${today}`)).length).toBeGreaterThan(0);
    expect(await audit("actor=judy&day=2026-10-01")).toEqual([]);
    expect((await audit("action=refused")).map((entry) => entry.action)).toEqual(expect.arrayContaining(["loginRefused", "forbidden"]));
    const first = await audit("limit=2");
    const next = await audit(`limit=2&before=${first[1].id}`);
    expect(next[0].id).toBeLessThan(first[1].id);
    expect((await ops.request("/ops/api/audit?day=2026-13-45", { cookie: editor })).status).toBe(400);
  });
});
