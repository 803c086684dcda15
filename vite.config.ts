import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { createManualChunks, widgetManifestEntries, browserWidgetModules } from "./vite.chunks";

/**
 * The browser's `react-i18next` is our hook over the client translator (app/renderer/react-i18next-browser.ts, ADR
 * 028); the server's render keeps the package, which remix-i18next's middleware sets up.
 */
function browserReactI18next(root: string): Plugin {
  const replacement = `${root}/app/renderer/react-i18next-browser.ts`;
  return {
    name: "browser-react-i18next",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return source === "react-i18next" && !options?.ssr ? replacement : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    browserReactI18next(import.meta.dirname),
    reactRouter(),
    tsconfigPaths(),
    ...(isSsrBuild ? [] : [widgetManifestEntries(import.meta.dirname), browserWidgetModules(import.meta.dirname)]),
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
