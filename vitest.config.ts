import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@widgets": fileURLToPath(new URL("./widgets", import.meta.url)),
      "@schemas": fileURLToPath(new URL("./schemas", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "widgets/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "threads",
  },
});
