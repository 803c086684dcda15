import type { Db } from "../kernel/db.server.ts";
import { eventAdminRoutes } from "./routes.server.ts";

/**
 * The event a page signs people up for, as the operations console edits it beside the page (ADR 071): the sign-up
 * window, capacity, form, required fields and agreement; the guests with photo, affiliation and role; the agenda.
 */
export function createEventAdmin(db: Db) {
  return { routes: eventAdminRoutes(db) };
}
