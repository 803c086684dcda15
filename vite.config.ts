import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { browserWidgetModules, createManualChunks, minifyFirstLoad, widgetManifestEntries } from "./vite.chunks";
import { serviceWorker } from "./scripts/service-worker-build";

/**
 * `react-i18next` is our binding (app/renderer/react-i18next-binding.ts) in both builds, over the same translator
 * (ADR 028, ADR 038).
 */
function ownReactI18next(root: string): Plugin {
  const replacement = `${root}/app/renderer/react-i18next-binding.ts`;
  return {
    name: "own-react-i18next",
    enforce: "pre",
    resolveId(source) {
      return source === "react-i18next" ? replacement : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    ownReactI18next(import.meta.dirname),
    reactRouter(),
    tsconfigPaths(),
    ...(isSsrBuild
      ? []
      : [widgetManifestEntries(import.meta.dirname), minifyFirstLoad(), browserWidgetModules(import.meta.dirname), serviceWorker(import.meta.dirname)]),
  ],
  build: {
    manifest: true,
    target: "es2022",
    // The server bundle is not downloaded; only the browser's files are grouped for the first load (ADR 028).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: { manualChunks: createManualChunks(import.meta.dirname) },
          // react-i18next imports one helper from i18next; the module's only top-level effect is creating the default
          // instance, which the browser never uses (app/i18n/client-i18n.ts), so it must not pull i18next in.
          treeshake: { moduleSideEffects: (id: string) => !/\/node_modules\/i18next\//.test(id), manualPureFunctions: ["I18n.createInstance"] },
        },
  },
  server: { hmr: process.env.NODE_ENV !== "test" },
}));
