/**
 * What the GET walk (ADR 042) needs of the platform's route table: which routes answer a GET (GET and ANY), which
 * parameters each reads, and values to try for each. Shared by the unit test, which watches the database itself, and
 * the attack suite, which calls the running server from another site.
 */
import type { Db } from "@platform/kernel/db.server";
import type { EmbeddedPlatform } from "@platform/index.server";
import type { ApiContext, RouteDefinition } from "@platform/kernel/router.server";

export interface GetRoute {
  method: RouteDefinition["method"];
  path: string;
  /** The parameters the handler read when given a value for every one it asked for. */
  params: string[];
}

/** Every route a GET reaches: GET routes, and ANY routes no GET route of the same path shadows. */
export function getRoutes(platform: EmbeddedPlatform): RouteDefinition[] {
  const routes = platform.api.routes();
  const byGet = new Set(routes.filter((route) => route.method === "GET").map((route) => route.path));
  return routes.filter((route) => route.method === "GET" || (route.method === "ANY" && !byGet.has(route.path)));
}

/**
 * The parameters each GET route reads, found by calling its handler with a params object that records every name asked
 * for and answers it with a first candidate value, twice (a handler may ask for more once the first ones make sense),
 * inside a transaction rolled back afterwards: finding the names changes nothing.
 */
export async function discoverParams(platform: EmbeddedPlatform, headers: Record<string, string>, candidates: (name: string) => string[]): Promise<GetRoute[]> {
  const found: GetRoute[] = [];
  for (const route of getRoutes(platform)) {
    const names = new Set<string>();
    for (let pass = 0; pass < 2; pass++) {
      const params = new Proxy({} as Record<string, unknown>, {
        get: (_target, name) => {
          if (typeof name !== "string") return undefined;
          names.add(name);
          return candidates(name)[0];
        },
        has: (_target, name) => typeof name === "string",
      });
      const context: ApiContext = {
        db: platform.db,
        params,
        headers: new Headers(headers),
        token: headers.token ?? null,
        ip: "192.0.2.250",
        now: () => new Date(),
      };
      platform.db.exec("BEGIN");
      try {
        await route.handler(context);
      } catch {
        // A handler that cannot take the values still named what it read.
      } finally {
        platform.db.exec("ROLLBACK");
      }
    }
    found.push({ method: route.method, path: route.path, params: [...names].sort() });
  }
  return found;
}

/** The parameter sets to try on a route: the nth candidate of every parameter it reads, for as many n as the longest list has. */
export function paramSets(route: GetRoute, candidates: (name: string) => string[]): Record<string, string>[] {
  const rounds = Math.max(1, ...route.params.map((name) => candidates(name).length));
  return Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(
      route.params.map((name) => {
        const values = candidates(name);
        return [name, values[round % values.length]];
      }),
    ),
  );
}

/** Values a walk tries: every table's first and last id, items of every kind, essays of every state, codes that name things. */
export function walkValues(db: Db): { ids: string[]; codes: string[] } {
  const ids = new Set<string>();
  for (const name of db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'").pluck().all() as string[]) {
    if (!(db.pragma(`table_info("${name}")`) as { name: string; pk: number }[]).some((column) => column.name === "id" && column.pk === 1)) continue;
    const row = db.prepare(`SELECT MIN(id) AS first, MAX(id) AS last FROM "${name}"`).get() as { first: number | null; last: number | null };
    for (const id of [row.first, row.last]) if (id !== null) ids.add(String(id));
  }
  // A detail route wants an id of its own kind; essays are read differently in every state and visibility.
  for (const row of db.prepare("SELECT MIN(id) AS first, MAX(id) AS last FROM items GROUP BY kind").all() as { first: number; last: number }[]) {
    ids.add(String(row.first)).add(String(row.last));
  }
  for (const id of db.prepare("SELECT MIN(item_id) FROM essays GROUP BY status, visibility").pluck().all() as number[]) ids.add(String(id));
  const codes = db
    .prepare("SELECT code FROM give_links UNION SELECT author_code FROM scholars WHERE author_code IS NOT NULL LIMIT 20")
    .pluck()
    .all() as string[];
  return { ids: [...ids], codes };
}

/** The candidate values of a parameter: by its name, ids for any *id / *Id, else a number and a flag. */
export function walkCandidates(ids: string[], codes: string[], orderNos: string[]): (name: string) => string[] {
  const named: Record<string, string[]> = {
    receive: ["true", "1"],
    keyword: ["货币政策", "数字金融"],
    searchType: ["0", "4"],
    type: ["newcomer", "help", "1"],
    kind: ["essay", "circle", "question", "answer", "video"],
    randStr: ["walkcaptcha0001"],
    path: ["/2023ames", "/home"],
    version: ["1"],
    orderNo: [...orderNos, "1"],
    code: codes,
    authorCode: codes,
    pageNum: ["1"],
    pageSize: ["5"],
  };
  return (name) => named[name] ?? (/id$/i.test(name) ? ids : ["1", "true"]);
}
