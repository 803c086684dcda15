/**
 * What the GET walk (ADR 042) needs of the platform's route table: which routes answer a GET (GET and ANY), which
 * parameters each reads, and values to try for each. Shared by the unit test, which watches the database itself, and
 * the attack suite, which calls the running server from another site.
 */
import type { EmbeddedPlatform } from "@server/platform-api/index.server";
import type { ApiContext, RouteDefinition } from "@server/platform-api/router.server";

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
