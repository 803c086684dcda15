/** Promotions and tracking: first-visit adverts, the adverts' list, tracking events, a member's delivery address. */
export { activityRoutes } from "./routes.server.ts";
export type { Promotions } from "./rules.server.ts";
