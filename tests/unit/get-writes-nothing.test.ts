/**
 * No GET changes state (issue 26, finding 9; ADR 042). A GET passes no Origin check, so any page on any site can make
 * a signed-in browser send one: every route the platform answers a GET on (GET and ANY routes) is called with a GET,
 * with the parameters its handler reads set to values that reach deep (real ids of every table, the caller's own
 * address, order, draft and help link, receive=true…), as a signed-in member who is also a staff member and as a
 * visitor, while triggers record every row any call inserts, updates or deletes.
 *
 * Left out, each for its reason (the triggers never see them):
 * - rate_events: rate-limit bookkeeping; a GET spends its own caller's budget (a captcha image per address), nobody's data.
 * - captchas: drawing a captcha image is what its GET is for; the answer waits for its one check, grants nothing and is
 *   spent by that check, and a new image never replaces another's (each has its own random randStr).
 * - search_clients, and search_keywords' inserts, deletes and score (search_count, updated_at): hot-search counting is
 *   analytics; a search counts once per client per phrase per day, so another site can add at most its visitor's one.
 *   The operator's columns (hidden_at, hidden_by) are watched.
 * - platform_secrets: a signing key made on its first use (a start makes the same); it changes no one's data.
 * - items.view_count and qa_questions.view_count: read counters, counted by reading.
 * - ops_sessions.last_seen_at: the idle clock of the staff session making the call (ADR 026); the session itself is
 *   watched.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { discoverParams, paramSets, walkCandidates, walkValues } from "./get-route-walk";

const api = useEmbeddedPlatform("2027-06-01T03:00:00.000Z", { captchaTestMode: true });
const { call } = api;

const LEFT_OUT_TABLES = new Set(["rate_events", "captchas", "search_clients", "platform_secrets"]);
const LEFT_OUT_COLUMNS: Record<string, string[]> = {
  items: ["view_count"],
  qa_questions: ["view_count"],
  ops_sessions: ["last_seen_at"],
  search_keywords: ["search_count", "updated_at"],
};
/** Tables whose inserts and deletes are left out too (only some of their columns' updates are watched). */
const UPDATES_ONLY = new Set(["search_keywords"]);

/** Temporary triggers (on this connection only, gone with it) that record every write to a watched table. */
function watchWrites(): { take(): string[] } {
  const db = api.platform.db;
  db.exec("CREATE TEMP TABLE IF NOT EXISTS walk_writes (what TEXT NOT NULL)");
  const tables = (db.pragma("table_list") as { schema: string; name: string; type: string }[])
    .filter((table) => table.schema === "main" && table.type === "table" && !table.name.startsWith("sqlite_"))
    .map((table) => table.name)
    .filter((name) => !LEFT_OUT_TABLES.has(name));
  for (const table of tables) {
    const left = new Set(LEFT_OUT_COLUMNS[table] ?? []);
    const columns = (db.pragma(`table_info("${table}")`) as { name: string }[]).map((column) => column.name).filter((name) => !left.has(name));
    const ops = UPDATES_ONLY.has(table) ? [] : ["INSERT", "DELETE"];
    for (const op of ops) {
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "walk_${table}_${op}" AFTER ${op} ON main."${table}" BEGIN INSERT INTO walk_writes VALUES ('${op} ${table}'); END`,
      );
    }
    // An update that changes a watched column: the columns named, and the value changed (a no-op SET is no write).
    const changed = columns.map((name) => `OLD."${name}" IS NOT NEW."${name}"`).join(" OR ");
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS "walk_${table}_UPDATE" AFTER UPDATE OF ${columns.map((name) => `"${name}"`).join(", ")} ON main."${table}"
       WHEN ${changed} BEGIN INSERT INTO walk_writes VALUES ('UPDATE ${table}'); END`,
    );
  }
  return {
    take: () => {
      const writes = db.prepare("SELECT DISTINCT what FROM walk_writes").pluck().all() as string[];
      db.exec("DELETE FROM walk_writes");
      return writes;
    },
  };
}

describe("no GET changes anything", () => {
  it("walks every route the platform answers a GET on, with values that reach deep, and finds no write", async () => {
    const db = api.platform.db;
    // The caller: a member with things of their own, who is staff as well.
    const member = await api.newUser();
    const token = member.token;
    const address = (
      await call("/userAddress/operation", {
        token,
        body: { receiver: "张三", phone: "13800138000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "颐和园路5号" },
      })
    ).body.data.id as number;
    const goods = (await call("/goods/list", { method: "GET" })).body.data.list[0].productId as number;
    const order = (await call("/order/confirmPay", { token, body: { productId: goods, quantity: 1, addressId: address, idempotencyKey: "walk-order-000001" } }))
      .body.data?.orderNo as string | undefined;
    const link = (await call("/activityGiveCoupon/addGiveLink", { token, body: {} })).body.data.code as string;
    const draft = (await call("/essay/saveDraft", { token, body: { title: "走查用的草稿", content: "<p>草稿</p>" } })).body.data.id as number;
    expect([address, order, link, draft].every(Boolean)).toBe(true);

    // Values to try: every table's first and last id, the caller's own things, and values that switch writes on.
    const values = walkValues(db);
    const ids = [...new Set([String(address), String(draft), ...values.ids])];
    const candidates = walkCandidates(ids, [link, order ?? "", ...values.codes], order ? [order] : []);
    const headers = { token, cookie: "lang=en" };
    // A second member who never ordered: what is offered only to newcomers (the welcome coupon) is theirs to take.
    const newcomer = { token: (await api.newUser()).token, cookie: "lang=en" };
    const routes = await discoverParams(api.platform, headers, candidates);
    expect(routes.length).toBeGreaterThan(100);

    const writes = watchWrites();
    // The watch sees writes: a POST that collects an item and one that takes it back are two.
    const video = (await call("/video/list", { method: "GET", query: { pageSize: "1" } })).body.data.list[0].id as number;
    for (let time = 0; time < 2; time++) await call("/collect/doCollect", { token, body: { id: video } });
    expect(writes.take()).toEqual(expect.arrayContaining(["INSERT collects", "DELETE collects", "UPDATE item_meta"]));
    const found: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const sets = paramSets(route, candidates);
      // As either member (each a staff member too), with every set; as a visitor, with the first.
      for (const [index, params] of sets.entries()) {
        for (const as of index === 0 ? [headers, newcomer, { cookie: "lang=en" }] : [headers, newcomer]) {
          const url = new URL(`http://embedded/api${route.path}`);
          for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
          await api.platform.api.fetch(new Request(url, { method: "GET", headers: as }), "192.0.2.251");
          calls++;
          for (const write of writes.take())
            found.push(`GET ${route.path}?${url.searchParams} ${as === headers ? "(member)" : as === newcomer ? "(newcomer)" : "(visitor)"}: ${write}`);
        }
      }
    }
    console.log(`GET walk: ${routes.length} routes, ${ids.length} ids tried, ${calls} calls, ${found.length} writes`);
    expect(calls).toBeGreaterThan(routes.length * 3);
    expect(found).toEqual([]);
  }, 240_000);
});
