import express, { type Request, type Router } from "express";
import { isLoopbackAddress } from "./security.server.ts";
import type { DevToolsReach, ServerEnv } from "./env.server.ts";
import { NO_DEV_TOOL_HEADER, type EmbeddedPlatform } from "@platform/index.server.ts";

/** What the server says at start about the developer tools: where they are, or why they are off. */
export function devToolsNotice(env: ServerEnv): string {
  if (env.devTools === "loopback") return `developer tools (outbox, accounts, WeChat scans): http://localhost:${env.port}/dev/outbox, from this machine only`;
  if (env.devTools === "network")
    return `developer tools (outbox, accounts, WeChat scans): /dev/outbox on port ${env.port}, reachable from the network (DEV_TOOLS=network)`;
  if (env.appEnv === "local")
    return `developer tools are off (NODE_ENV=production): SMS and email codes print here; "npm run dev" serves the outbox at http://localhost:${env.port}/dev/outbox`;
  return "developer tools are off";
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/;

/**
 * Loopback reach means the connection comes from this machine and names it: the socket's own address (a proxy's
 * X-Forwarded-For never counts) and a Host of localhost, so a site rebinding its name to 127.0.0.1 is refused too.
 */
function fromThisMachine(request: Request): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && LOOPBACK_HOSTS.test(request.headers.host ?? "");
}

/** The tool's form, as the embedded platform's developer pages read it. */
function toolRequest(request: Request): globalThis.Request {
  const fields = request.method === "POST" ? new URLSearchParams(request.body as Record<string, string> | undefined).toString() : undefined;
  return new globalThis.Request(`http://embedded${request.originalUrl}`, {
    method: request.method === "HEAD" ? "GET" : request.method,
    headers: fields === undefined ? undefined : { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
  });
}

/**
 * The embedded platform's developer pages (what third parties would do: the SMS/email outbox, the WeChat scan, the
 * payment provider's cashier, the scholar-claim review, the live host), mounted at /dev only with APP_ENV=local and
 * never with NODE_ENV=production (ADR 076). This server gates who may reach them and relays; anyone else gets a plain 404.
 */
export function devTools(platform: EmbeddedPlatform, reach: Exclude<DevToolsReach, "off">): Router {
  const router = express.Router();
  router.use("/dev", (request, response, next) => {
    if (reach === "loopback" && !fromThisMachine(request)) response.status(404).end();
    else next();
  });
  // Only the tools' own forms: a page's body is the route action's to read (ADR 029).
  router.use("/dev", express.urlencoded({ extended: false, limit: "10kb" }));
  router.use("/dev", async (request, response, next) => {
    const answer = await platform.devTools.fetch(toolRequest(request));
    if (answer.headers.has(NO_DEV_TOOL_HEADER)) {
      next();
      return;
    }
    response.status(answer.status);
    answer.headers.forEach((value, key) => response.setHeader(key, value));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return router;
}
