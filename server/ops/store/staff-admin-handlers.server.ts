import type { StaffRole } from "@contracts/ops.ts";
import { audit, ConsoleRefusal, ok, type ConsoleAnswer, type ConsoleCall } from "./answers.server.ts";
import type { SqlEngine } from "./sql-engine.server.ts";
import { createStaffAdmin } from "./staff-admin.server.ts";
import type { StaffSession } from "./staff.server.ts";

type Handler = (call: ConsoleCall) => Promise<ConsoleAnswer>;

const text = (call: ConsoleCall, name: string): string => {
  const value = call.params[name];
  if (typeof value !== "string" || !value) throw new ConsoleRefusal(400, `${name} is required`, { problem: "required", field: name });
  return value.slice(0, 200);
};

/**
 * The store's calls for managing staff (ADR 078): an admin's, refused to anyone else with the refusal audited; and the
 * two open calls of a one-time link (who it is for, and setting the password through it).
 */
export function staffAdminHandlers(engine: SqlEngine, sessionOf: (call: ConsoleCall) => Promise<StaffSession>): Record<string, Handler> {
  const admin = createStaffAdmin(engine);
  const adminOf = async (call: ConsoleCall, action: string): Promise<StaffSession> => {
    const session = await sessionOf(call);
    if (session.role !== "admin") {
      await audit(engine, call.at, session.username, "forbidden", { detail: `${action}: only an admin may do this`, ip: call.ip });
      throw new ConsoleRefusal(403, "only an admin may manage staff");
    }
    return session;
  };
  const name = (call: ConsoleCall) => text(call, "username").trim().toLowerCase();
  return {
    "GET /staff": async (call) => {
      await adminOf(call, "listStaff");
      return ok({ staff: await admin.list(call.at) });
    },
    "POST /staff/add": async (call) => {
      const session = await adminOf(call, "addStaff");
      return ok(await admin.add(session.username, name(call), text(call, "role") as StaffRole, call.at));
    },
    "POST /staff/role": async (call) => {
      const session = await adminOf(call, "changeRole");
      await admin.changeRole(session.username, name(call), text(call, "role") as StaffRole, call.at);
      return ok();
    },
    "POST /staff/disable": async (call) => {
      const session = await adminOf(call, "disableStaff");
      if (typeof call.params.disabled !== "boolean") throw new ConsoleRefusal(400, "disabled must be true or false");
      await admin.setDisabled(session.username, name(call), call.params.disabled, call.at);
      return ok();
    },
    "POST /staff/reset": async (call) => {
      const session = await adminOf(call, "resetStaff");
      return ok(await admin.reset(session.username, name(call), call.at));
    },
    "GET /password": async (call) => ok(await admin.linkInfo(text(call, "token"), call.at)),
    "POST /password": async (call) => {
      const password = call.params.password;
      if (typeof password !== "string") throw new ConsoleRefusal(400, "password is required", { problem: "passwordLength", field: "password" });
      return ok(await admin.setPassword(text(call, "token"), password, call.ip, call.at));
    },
  };
}
