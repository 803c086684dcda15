/**
 * Makes the console's very first admin (ADR 078), and prints the one-time link through which they set their password:
 *   npm run ops:add-staff -- --username alice
 * Refused once the store has an admin: from then on admins add, disable and reset staff in the console (/ops/staff).
 * No password is ever given on a command line. Works on the console's store wherever the server keeps it (ADR 052):
 * CONSOLE_DATABASE_URL (PostgreSQL), else CONSOLE_DATABASE_FILE (by default data/console.sqlite), in every APP_ENV.
 */
import { parseArgs } from "node:util";
import { OPS_PAGES, PASSWORD_LINK_QUERY } from "@contracts/ops.ts";
import { readServerEnv } from "@server/env.server.ts";
import { openConsoleStore } from "@server/ops/store/index.server.ts";
import { NO_PLATFORM } from "@server/ops/store/platform-calls.server.ts";

const { values } = parseArgs({ options: { username: { type: "string" } } });
if (!values.username) {
  console.error("usage: npm run ops:add-staff -- --username <name>   (the first admin; later staff are added in the console)");
  process.exit(1);
}
const env = readServerEnv();
const store = await openConsoleStore({ databaseUrl: env.consoleDatabaseUrl, file: env.consoleDatabaseFile }, { platform: NO_PLATFORM });
try {
  const link = await store.firstAdmin(values.username.trim().toLowerCase(), new Date());
  console.log(`${link.username} is the console's first admin. Open this link within 24 hours to set the password (it works once):`);
  console.log(`${env.publicOrigin}${OPS_PAGES.password}?${PASSWORD_LINK_QUERY}=${link.token}`);
} catch (error) {
  const problem = (error as { data?: { problem?: string } }).data?.problem;
  console.error(
    problem === "adminExists"
      ? "The console already has an admin: add staff in the console (/ops/staff)."
      : problem === "username"
        ? "A staff name is 2-32 characters: lower-case letters, digits, _ . -, starting with a letter."
        : (error as Error).message,
  );
  process.exitCode = 1;
} finally {
  await store.close();
}
