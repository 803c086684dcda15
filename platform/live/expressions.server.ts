import { ok, type RouteDefinition } from "../kernel/router.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";

export interface Expression {
  code: string;
  name: string;
  nameEn: string;
}

/** The emoji the chat and comments offer (spec §7 /expression/list, ADR 081): the platform's set, read once. */
export function expressionRoutes(): RouteDefinition[] {
  const list = seedData<Expression[]>("expressions.json");
  return [{ method: "ANY", path: "/expression/list", handler: () => ok({ list }) }];
}
