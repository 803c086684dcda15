import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "widgets/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "threads",
    // A throwaway PostgreSQL for the console store's suites, which run on both engines (ADR 052).
    globalSetup: ["tests/postgres-global-setup.ts"],
  },
});
