import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@widgets": fileURLToPath(new URL("./widgets", import.meta.url)),
      "@schemas": fileURLToPath(new URL("./schemas", import.meta.url)),
    },
  },
  build: { manifest: true, target: "es2022" },
  server: { hmr: process.env.NODE_ENV !== "test" },
});
