import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [reactRouter(), tsconfigPaths()],
  build: { manifest: true, target: "es2022" },
  server: { hmr: process.env.NODE_ENV !== "test" },
});
