/**
 * The "floor": the smallest React Router framework-mode app (a root route rendering one heading, no i18n, no
 * widgets), built by the very packages in this repository's node_modules, so its first-load JavaScript is what
 * the framework costs before we add anything.
 *
 * It lives in a temporary folder outside the repository: building it inside would drag in our Vite config,
 * tsconfig paths and app/ directory. Module resolution works through a node_modules symlink back to ours.
 */
import { execFile } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { closeServer, listenInRange, HOST } from "./net.ts";

const BUILD_TIMEOUT_MS = 180_000;

/** The version installed in our node_modules, so the floor's package.json describes exactly what it is built with. */
function installedVersion(repositoryRoot: string, name: string): string {
  return (JSON.parse(readFileSync(join(repositoryRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

function floorFiles(repositoryRoot: string): Record<string, string> {
  // React Router's default entry.server is picked from package.json: without @react-router/node among the
  // dependencies the build refuses, and without isbot it runs `npm install` to add it. Listing both (as the
  // versions already installed) keeps the build offline and the temp folder the only thing written.
  const dependencies = Object.fromEntries(
    ["@react-router/node", "isbot", "react", "react-dom", "react-router"].map((name) => [name, installedVersion(repositoryRoot, name)]),
  );
  return {
    "package.json": JSON.stringify({ name: "react-router-floor", private: true, type: "module", dependencies }, null, 2),
    "react-router.config.ts": `export default { appDirectory: "app", buildDirectory: "build", ssr: true };\n`,
    // Same build target as our vite.config.ts, so syntax lowering does not tilt the comparison. The Vite cache
    // goes to the temp folder: its default (node_modules/.vite) would follow the symlink into the repository.
    "vite.config.ts": [
      `import { reactRouter } from "@react-router/dev/vite";`,
      `import { defineConfig } from "vite";`,
      `export default defineConfig({ plugins: [reactRouter()], cacheDir: ".vite-cache", logLevel: "warn", build: { target: "es2022" } });`,
      ``,
    ].join("\n"),
    "tsconfig.json": JSON.stringify({ compilerOptions: { jsx: "react-jsx", module: "ES2022", moduleResolution: "bundler", target: "ES2022" } }),
    "app/routes.ts": `export default [];\n`,
    "app/root.tsx": [
      `import type { ReactNode } from "react";`,
      `import { Links, Meta, Scripts } from "react-router";`,
      ``,
      `export function Layout({ children }: { children: ReactNode }) {`,
      `  return (`,
      `    <html lang="en">`,
      `      <head>`,
      `        <meta charSet="utf-8" />`,
      `        <Meta />`,
      `        <Links />`,
      `      </head>`,
      `      <body>`,
      `        {children}`,
      `        <Scripts />`,
      `      </body>`,
      `    </html>`,
      `  );`,
      `}`,
      ``,
      `export default function App() {`,
      `  return <h1>Hello</h1>;`,
      `}`,
      ``,
    ].join("\n"),
  };
}

export interface FloorApp {
  origin: string;
  close(): Promise<void>;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, timeout: BUILD_TIMEOUT_MS, env: { ...process.env, NODE_ENV: "production" } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

/** Deletes the temporary folder, unlinking the node_modules symlink first so nothing can follow it into ours. */
function removeFolder(directory: string) {
  const link = join(directory, "node_modules");
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link);
  rmSync(directory, { recursive: true, force: true });
}

/** Writes, builds and serves the floor app; close() stops the server and deletes the folder. */
export async function startFloorApp(repositoryRoot: string): Promise<FloorApp> {
  const directory = mkdtempSync(join(tmpdir(), "rr-floor-"));
  let server: Server | null = null;
  try {
    for (const [name, text] of Object.entries(floorFiles(repositoryRoot))) {
      mkdirSync(join(directory, name, ".."), { recursive: true });
      writeFileSync(join(directory, name), text);
    }
    symlinkSync(join(repositoryRoot, "node_modules"), join(directory, "node_modules"), "dir");
    await run(join(repositoryRoot, "node_modules", ".bin", "react-router"), ["build"], directory);

    // Served the way ours is (Express 5 + @react-router/express + static assets), so only the app differs.
    const build = (await import(pathToFileURL(join(directory, "build", "server", "index.js")).href)) as ServerBuild;
    const clientDir = join(directory, "build", "client");
    const app = express();
    app.use("/assets", express.static(join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { index: false }));
    app.all("/{*path}", createRequestHandler({ build, mode: "production" }));
    server = createServer(app);
    const port = await listenInRange(server);
    const running = server;
    return {
      origin: `http://${HOST}:${port}`,
      async close() {
        await closeServer(running);
        removeFolder(directory);
      },
    };
  } catch (error) {
    if (server) await closeServer(server);
    removeFolder(directory);
    throw error;
  }
}
