import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// The server's data folder, known to the tests (the workers inherit it): the operator test starts a second node on the
// same console store, as a deployment of two nodes runs.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "e2e-"));
const SWEEPS = ["**/accessibility.spec.ts", "**/layout-sweep.spec.ts"];
/**
 * Checks of how fast a page answers (ADR 090): with shards side by side on two cores they measure the other shard, so
 * scripts/e2e-shards.ts runs them alone afterwards: E2E_TIMED=apart leaves them out, E2E_TIMED=only runs just them.
 */
const TIMED = ["**/faults.spec.ts"];
const timed = process.env.E2E_TIMED;
const e2eProject =
  timed === "only"
    ? { name: "e2e", testDir: "tests/e2e", testMatch: TIMED }
    : { name: "e2e", testDir: "tests/e2e", testIgnore: timed === "apart" ? [...SWEEPS, ...TIMED] : SWEEPS };

export default defineConfig({
  // The browser suite, and the attack suite of tests/security (ADR 019) against the same server.
  // The walks over every page config (axe-core and the layout sweep, ADR 058) are a project of their own, run by
  // `npm run test:sweeps`: they take longer than CI's budget allows.
  projects: [e2eProject, { name: "security", testDir: "tests/security" }, { name: "sweeps", testDir: "tests/e2e", testMatch: SWEEPS }],
  fullyParallel: false,
  workers: 1,
  // docs/decisions/012: a test that passes on its retry is reported as flaky, never silently.
  retries: 1,
  // Two shards share two cores in CI (ADR 090): a journey that takes 20 s alone may take 35 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 7"],
    browserName: "chromium",
    // A service worker answers a page's requests before page.route() sees them (ADR 046): suites that hold back or fake
    // a file would race its registration. Only the offline suite lets the worker run (test.use there).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  webServer: {
    command: `node --import tsx tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "production" },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
