import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { createManualChunks, widgetManifestEntries } from "./vite.chunks";
import { widgetFolders } from "./scripts/widget-folders";

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

/**
 * In the browser build each widget module registers itself with the renderer when its chunk runs, so the client entry
 * finds the first page's widgets by importing the chunks the server modulepreloaded, without carrying the registry
 * of every widget's chunk and its preload list (a lazy chunk, app/renderer/widget-loaders.ts, used by navigations).
 */
function widgetSelfRegistration(root: string): Plugin {
  const typeOfComponent = new Map(widgetFolders().map(({ type, folder }) => [`${root}/widgets/${folder}/component.tsx`, type]));
  const registry = `${root}/app/renderer/widget-components.ts`;
  return {
    name: "widget-self-registration",
    apply: "build",
    transform(code, id, options) {
      const type = typeOfComponent.get(id);
      if (!type || options?.ssr) return null;
      const registration = [
        `import { registerWidgetModule as __registerWidgetModule } from ${JSON.stringify(registry)};`,
        `import * as __widgetModule from ${JSON.stringify(id)};`,
        `__registerWidgetModule(${JSON.stringify(type)}, __widgetModule);`,
      ].join("\n");
      return { code: `${code}\n${registration}\n`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    browserReactI18next(import.meta.dirname),
    reactRouter(),
    tsconfigPaths(),
    ...(isSsrBuild ? [] : [widgetManifestEntries(import.meta.dirname), widgetSelfRegistration(import.meta.dirname)]),
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
