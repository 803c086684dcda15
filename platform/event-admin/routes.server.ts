import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import { staffName } from "./checks.server.ts";
import { eventAnswer, findEvent, saveEvent } from "./rules.server.ts";

/** The event with its sign-up, guests and agenda (contracts/api/opsConsole.event.json). */
function readEvent(db: Db, context: ApiContext): Envelope {
  const found = findEvent(db, context);
  return "envelope" in found ? found.envelope : ok(eventAnswer(db, found.row));
}

/** Saves the parts the body names, all or none, as the staff member named in `by` (contracts/api/opsConsole.event.save.json). */
function saveEventCall(db: Db, context: ApiContext): Envelope {
  const found = findEvent(db, context);
  if ("envelope" in found) return found.envelope;
  const by = staffName(context.params.by);
  if (!by) return fail(400, "by is required");
  return saveEvent(db, context, found.row, by);
}

/**
 * The console's event calls (internal, under /opsConsole): our server calls them after it checked the staff member;
 * a browser's /api call never reaches them.
 */
export function eventAdminRoutes(db: Db): RouteDefinition[] {
  return [
    { method: "GET", path: `${OPS_CONSOLE_PREFIX}/event`, handler: (context) => readEvent(db, context) },
    { method: "POST", path: `${OPS_CONSOLE_PREFIX}/event/save`, handler: (context) => saveEventCall(db, context) },
  ];
}
