/**
 * Path spelling against every gate (ADR 039): each gated path is sent in dot-segment, escape, slash and case variants
 * exactly as written (curl --path-as-is; fetch and Playwright's request would resolve the dots first). Written plainly, each
 * is stopped (a 3xx to the login or a 4xx); no spelling may be answered with a success or a server error instead.
 */
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { printFigures } from "./support";

interface RawAnswer {
  status: number;
  location: string;
}

function rawRequest(baseURL: string, path: string, method: "GET" | "POST"): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const body = method === "POST" ? JSON.stringify({ username: "x", password: "y", clientIp: "10.9.9.9", path: "/home", text: "{}" }) : undefined;
    const call = httpRequest(
      {
        host: hostname,
        port,
        path,
        method,
        headers: { "X-Forwarded-For": "198.51.100.7", ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}) },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, location: String(answer.headers.location ?? "") }));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

/** Ways of writing `path` that a URL parser, but not a naive prefix test, reads as `path`. */
function spellings(path: string): string[] {
  const [first, ...rest] = path.slice(1).split("/");
  const tail = rest.length ? `/${rest.join("/")}` : "";
  const upperFirst = `${first[0].toUpperCase()}${first.slice(1)}`;
  const escapedLetter = `%${first.charCodeAt(1).toString(16)}`;
  const variants = [
    `/./${first}${tail}`,
    `/x/../${first}${tail}`,
    `/%2e/${first}${tail}`,
    `/%2E%2E/${first}${tail}`.replace("/%2E%2E/", "/x/%2E%2E/"),
    `/.%2e/${first}${tail}`,
    `//${first}${tail}`,
    `/${first}//${rest.join("//")}`,
    `/${first}/./${rest.join("/")}`,
    `/${first}/x/../${rest.join("/")}`,
    `/${first}/%2e/${rest.join("/")}`,
    `/${first}/%2E%2E/${first}/${rest.join("/")}`,
    `/${first[0]}${escapedLetter}${first.slice(2)}${tail}`,
    `/${upperFirst}${tail}`,
    `/${first.toUpperCase()}${tail}`,
    `/${first}%2f${rest.join("%2f")}`,
    `/${first}%2F${rest.join("%2F")}`,
    `/${first}\\${rest.join("\\")}`,
    `/${first}/%5c../${first}/${rest.join("/")}`,
    `/x/..%2f${first}${tail}`,
    `/${first}/${rest.join("/")}/.`,
    `/${first}/${rest.join("/")}/x/..`,
  ];
  return [...new Set(variants.filter((variant) => variant !== path))];
}

/** A success or a server error, or a redirect elsewhere than where the plain path's gate sends a stranger. */
function gotPast(answer: RawAnswer, plain: RawAnswer): boolean {
  if (answer.status < 300 || answer.status >= 500) return true;
  return answer.status < 400 && answer.location.split("?")[0] !== plain.location.split("?")[0];
}

/** Paths behind a gate, with how each answers a stranger when written plainly. */
const GATED: { path: string; method: "GET" | "POST" }[] = [
  { path: "/api/opsConsole/live", method: "GET" },
  { path: "/api/opsConsole/pages", method: "GET" },
  { path: "/api/opsConsole/login", method: "POST" },
  { path: "/api/opsConsole/audit", method: "POST" },
  { path: "/api/opsConsole/publish", method: "POST" },
  { path: "/ops/pages", method: "GET" },
  { path: "/ops/audit", method: "GET" },
  { path: "/ops/edit", method: "GET" },
  { path: "/ops/api/me", method: "GET" },
  { path: "/ops/api/pages", method: "GET" },
  { path: "/ops/preview/home", method: "GET" },
];

test("no spelling of a gated path gets past its gate", async ({ baseURL }) => {
  let sent = 0;
  const passed: string[] = [];
  for (const { path, method } of GATED) {
    const plain = await rawRequest(baseURL!, path, method);
    expect(plain.status, path).not.toBe(200);
    for (const variant of spellings(path)) {
      const answer = await rawRequest(baseURL!, variant, method);
      sent++;
      if (gotPast(answer, plain)) passed.push(`${method} ${variant} → ${answer.status} ${answer.location}`);
    }
  }
  // The console's shell and its data requests, in the cases and dot spellings that once served the shell to visitors.
  for (const variant of ["/Ops", "/OPS/audit", "/./ops.data", "/Ops.data", "/ops/../OPS", "/%6Fps/pages"]) {
    const answer = await rawRequest(baseURL!, variant, "GET");
    sent++;
    if (answer.status < 300 || answer.status >= 500) passed.push(`GET ${variant} → ${answer.status}`);
  }
  printFigures("Path spellings against gates", {
    "gated paths": GATED.length,
    "spellings sent": sent,
    "got past a gate": passed.length,
  });
  expect(passed).toEqual([]);
});

test("a page reached by dots is the page the plain path serves, and escapes in pages still work", async ({ baseURL }) => {
  expect((await rawRequest(baseURL!, "/x/../home", "GET")).status).toBe(200);
  expect((await rawRequest(baseURL!, "/%68ome", "GET")).status).toBe(200);
  expect((await rawRequest(baseURL!, "/home%2f..%2fops", "GET")).status).toBe(400);
});
