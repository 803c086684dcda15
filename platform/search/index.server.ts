/** Search over every searchable kind (/commonSearc/all, ADR 079) and the hot searches it counts (ADR 042). */
export { searchRoutes } from "./routes.server.ts";
export { createHotSearches, searchClient, type HotSearch, type HotSearches } from "./hot-searches.server.ts";
export { HALF_LIFE_DAYS } from "./queries.server.ts";
