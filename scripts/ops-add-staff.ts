/**
 * Adds an operations-console staff member, or changes the role (and, given one, the password) of an existing one:
 *   npm run ops:add-staff -- --username alice --role publisher [--password …]
 * The password comes from --password, else OPS_PASSWORD, else a prompt (not echoed); an existing member keeps theirs
 * when none is given. Works on the console's store wherever the server keeps it (ADR 052): CONSOLE_DATABASE_URL
 * (PostgreSQL), else CONSOLE_DATABASE_FILE (by default data/console.sqlite), in every APP_ENV.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { StaffRole } from "@contracts/ops.ts";
import { readServerEnv } from "@server/env.server.ts";
import { openConsoleStore } from "@server/ops/store/index.server.ts";
import { NO_PLATFORM } from "@server/ops/store/platform-calls.server.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(terminal);
    (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => write(text.startsWith(question) ? text : "");
    terminal.question(question, (answer) => {
      terminal.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const { values } = parseArgs({ options: { username: { type: "string" }, role: { type: "string" }, password: { type: "string" } } });
if (!values.username || !values.role) fail("usage: npm run ops:add-staff -- --username <name> --role editor|publisher [--password <password>]");
const env = readServerEnv();
const where = env.consoleDatabaseUrl ? "the PostgreSQL store (CONSOLE_DATABASE_URL)" : env.consoleDatabaseFile;

const store = await openConsoleStore({ databaseUrl: env.consoleDatabaseUrl, file: env.consoleDatabaseFile }, { platform: NO_PLATFORM });
try {
  const username = values.username.toLowerCase();
  const exists = await store.staffExists(username);
  let password = values.password ?? process.env.OPS_PASSWORD ?? null;
  if (password === null && !exists) {
    if (!process.stdin.isTTY) fail("a new staff member needs a password: --password, OPS_PASSWORD or a terminal to type it in");
    password = await promptHidden(`Password for ${values.username}: `);
  }
  const outcome = await store.saveStaff(username, values.role as StaffRole, password, new Date());
  console.log(`${username} ${outcome === "created" ? "added" : "updated"} as ${values.role} in ${where}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await store.close();
}
