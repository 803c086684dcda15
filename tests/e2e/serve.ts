/**
 * The server the browser suite talks to: the production build, a fresh temporary database, and a copy of
 * page-configs/ plus fixtures (a broken config, a page whose data source fails) in a temporary folder. The load suite
 * starts it too, in a folder it names (E2E_DATA_DIR) so that a restart finds the same database, and stops it with
 * SIGTERM as a deployment would.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@server/app.server.ts";
import { readServerEnv } from "@server/env.server.ts";
import { createHttpServer, stopGracefully } from "@server/lifecycle.server.ts";
import { OPS_TEST_STAFF } from "./ops-staff.ts";

const root = join(import.meta.dirname, "..", "..");
const work = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "e2e-"));
mkdirSync(work, { recursive: true });
const configs = join(work, "page-configs");
cpSync(join(root, "page-configs"), configs, { recursive: true });
// A fixture never shadows a real page: copied without overwriting.
for (const name of readdirSync(join(import.meta.dirname, "fixtures"))) {
  cpSync(join(import.meta.dirname, "fixtures", name), join(configs, name), { force: false });
}

const fromEnvironment = readServerEnv(
  {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3210",
    HOST: "127.0.0.1",
    DATABASE_FILE: join(work, "platform.sqlite"),
    PAGE_CONFIGS_DIR: configs,
    CAPTCHA: "test",
    // The suite speaks for many people from one machine: each test names its address in X-Forwarded-For.
    TRUST_PROXY: "127.0.0.1",
  },
  root,
);
// The suite reads codes from the outbox like a developer; the environment never grants that to a production build.
const env = { ...fromEnvironment, devTools: "loopback" as const };
const { app, attachRealtime, platform, consoleStore, beginDraining, close } = await createApp({
  env,
  root,
  development: false,
  log: () => {},
  realtimeTestHooks: true,
});
// A promotion on every fresh browser would cover each test's page; the accounts suite switches it on where it tests it.
if (platform) platform.promotions.firstVisit = false;
// The suite's staff are made in the store directly (in production: the first admin by npm run ops:add-staff, the rest at /ops/staff).
// A second node joining the first one's console store (E2E_JOINS_STORE) finds them there: saving them again would end
// the sessions the first node's tests hold.
if (!process.env.E2E_JOINS_STORE) {
  for (const staff of Object.values(OPS_TEST_STAFF)) await consoleStore.saveStaff(staff.username, staff.role, staff.password, new Date());
}
const server = createHttpServer(app);
server.listen(env.port, env.host);
const realtime = attachRealtime(server);
process.once("SIGTERM", () => {
  void stopGracefully({ server, beginDraining, closeSockets: () => realtime.close(), close }).then(() => process.exit(0));
});
