import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "widgets/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "threads",
    // Many suites start a platform on a freshly seeded SQLite file or a render server: seconds on an idle 2-core
    // machine, several times that while other work shares it. A hung test still fails, just later than vitest's 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A throwaway PostgreSQL for the console store's suites, which run on both engines (ADR 052).
    globalSetup: ["tests/postgres-global-setup.ts"],
  },
});
