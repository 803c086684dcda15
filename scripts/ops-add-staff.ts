/**
 * Adds an operations-console staff member, or changes the role (and, given one, the password) of an existing one:
 *   npm run ops:add-staff -- --username alice --role publisher [--password …]
 * The password comes from --password, else OPS_PASSWORD, else a prompt (not echoed); an existing member keeps theirs
 * when none is given. Works on the embedded platform's database (DATABASE_FILE or data/platform.sqlite); staff of the
 * test, staging and production platforms are added on those platforms (ADR 026).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { StaffRole } from "@contracts/ops.ts";
import { readServerEnv } from "@server/env.server.ts";
import { openDatabase } from "@server/platform-api/db.server.ts";
import { createOpsConsole } from "@server/platform-api/ops.server.ts";
import { createHotSearches } from "@server/platform-api/hot-searches.server.ts";

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
if (env.platformBaseUrl) fail(`APP_ENV=${env.appEnv} uses the platform at ${env.platformBaseUrl}: add staff there, not in a local database`);

const db = openDatabase(env.databaseFile);
try {
  const exists = db.prepare("SELECT 1 FROM ops_staff WHERE username = ?").get(values.username.toLowerCase()) !== undefined;
  let password = values.password ?? process.env.OPS_PASSWORD ?? null;
  if (password === null && !exists) {
    if (!process.stdin.isTTY) fail("a new staff member needs a password: --password, OPS_PASSWORD or a terminal to type it in");
    password = await promptHidden(`Password for ${values.username}: `);
  }
  const outcome = createOpsConsole(db, createHotSearches(db)).saveStaff(values.username.toLowerCase(), values.role as StaffRole, password, new Date());
  console.log(`${values.username.toLowerCase()} ${outcome === "created" ? "added" : "updated"} as ${values.role} in ${env.databaseFile}`);
} catch (error) {
  fail((error as Error).message);
} finally {
  db.close();
}
