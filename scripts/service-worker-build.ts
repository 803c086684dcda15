/**
 * Bundles the service worker (app/offline/worker/service-worker.ts, ADR 046) into the client build as /sw.js, once
 * Vite has written the browser's files: one classic script with Workbox's modules inside, so the worker imports
 * nothing at run time (the worker's own CSP would refuse importScripts from elsewhere). It is not part of any page's
 * graph, so no page's first load grows.
 */
import { join } from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";
import { SERVICE_WORKER_URL } from "../app/offline/cache-rules.ts";

export function serviceWorker(root: string): Plugin {
  return {
    name: "service-worker",
    apply: "build",
    async writeBundle(options) {
      if (!options.dir) return;
      await build({
        entryPoints: [join(root, "app/offline/worker/service-worker.ts")],
        outfile: join(options.dir, SERVICE_WORKER_URL.slice(1)),
        bundle: true,
        format: "iife",
        target: "es2022",
        minify: true,
        // Workbox's development logging is left out of production workers by this very test.
        define: { "process.env.NODE_ENV": '"production"' },
        tsconfig: join(root, "app/offline/worker/tsconfig.json"),
        logLevel: "warning",
      });
    },
  };
}
