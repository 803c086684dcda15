/**
 * Bad input (issue 17): oversized, malformed and wrongly typed bodies, odd methods, odd paths and unicode oddities on
 * every page and every API path the embedded platform serves. Goal: no answer of 500 or more, no stack trace in a body.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { OPS_API } from "../../contracts/ops";
import { printFigures } from "./support";

const root = join(import.meta.dirname, "..", "..");
const pagePaths = readdirSync(join(root, "page-configs"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => (JSON.parse(readFileSync(join(root, "page-configs", file), "utf8")) as { path: string }).path);

/** The embedded platform's route table, read by the server's own loader (it imports JSON the test runner cannot). */
function apiPaths(): string[] {
  const script = `
    import { mkdtempSync, rmSync } from "node:fs";
    import { tmpdir } from "node:os";
    import { join } from "node:path";
    import { createEmbeddedPlatform } from "./platform/index.server.ts";
    const directory = mkdtempSync(join(tmpdir(), "routes-"));
    const platform = createEmbeddedPlatform({ file: join(directory, "p.sqlite"), seed: false, log: () => {} });
    console.log(JSON.stringify([...new Set(platform.api.routes().map((route) => route.path))]));
    platform.close();
    rmSync(directory, { recursive: true, force: true });`;
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1) ?? "[]") as string[];
}

const STACK = /\bat [\w$.<>]+ \(|node:internal|\.(ts|js):\d+:\d+|TypeError:|ReferenceError:/;
const ODD_SUFFIXES = ["%0A", "%0D", "%E2%80%A8", "%E2%80%A9", "%00", "%", "%ff", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/"];
const ODD_METHODS = ["OPTIONS", "PROPFIND", "TRACE", "PUT", "PATCH", "DELETE", "MKCOL", "LOCK", "COPY", "MOVE", "SEARCH", "PURGE"];
const WRONG_TYPES = {
  id: { nested: true },
  pageNum: "many",
  pageSize: -5,
  productId: "abc",
  quantity: Number.MAX_SAFE_INTEGER + 2,
  phoneNum: [13800138000],
  content: 12345,
  nickname: null,
  code: { $ne: null },
  orderNo: ["1"],
  idempotencyKey: "短",
};
const ODD_UNICODE = { content: "\ud800\udfff\u202e\u200b\u0000", nickname: "\u202egnp.exe", keyword: "𝕏".repeat(300), detail: "\uFEFF\u2028\u2029" };

test("no bad input gets a 5xx or shows a stack trace, on any page or API path", async ({ request }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const byClass = new Map<string, number>();
  let probes = 0;
  const check = async (label: string, answer: Promise<{ status(): number; text(): Promise<string> }>, refusalMayCutUpload = false) => {
    probes++;
    const response = await answer.catch((error: Error) => {
      // The server answers an oversized body before reading it and closes the socket, so the client can still be writing.
      if (refusalMayCutUpload && /EPIPE|ECONNRESET/.test(error.message)) return null;
      throw error;
    });
    if (!response) {
      byClass.set("closed while uploading", (byClass.get("closed while uploading") ?? 0) + 1);
      return;
    }
    const status = response.status();
    const statusClass = `${Math.floor(status / 100)}xx`;
    byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
    const body = await response.text().catch(() => "");
    if (status >= 500) problems.push(`${label} answered ${status}`);
    if (STACK.test(body)) problems.push(`${label} shows a stack trace`);
  };
  const big = "x".repeat(1_100_000);

  const api = apiPaths();
  expect(api.length).toBeGreaterThan(100);
  for (const path of api) {
    const url = `/api${path}`;
    await check(`GET ${url}`, request.get(url));
    await check(`POST ${url} broken JSON`, request.post(url, { headers: { "content-type": "application/json" }, data: "{" }));
    await check(`POST ${url} array`, request.post(url, { headers: { "content-type": "application/json" }, data: "[1,2]" }));
    await check(`POST ${url} wrong types`, request.post(url, { data: WRONG_TYPES }));
    await check(`POST ${url} unicode`, request.post(url, { data: ODD_UNICODE }));
    await check(`POST ${url} form`, request.post(url, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "a=%E0%A4%A&b" }));
    await check(`POST ${url} 1.1 MB`, request.post(url, { headers: { "content-type": "application/json" }, data: big }), true);
    await check(`TRACE ${url}`, request.fetch(url, { method: "TRACE" }));
    await check(`GET ${url}%0A`, request.get(`${url}%0A`));
  }
  // The operations console's API (our server's, not the platform's): the same bodies, from a visitor and from a staff
  // session that does not exist.
  const consolePaths = Object.values(OPS_API);
  for (const url of consolePaths) {
    for (const cookie of ["", "ops_session=forged"]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      await check(`GET ${url} ${cookie}`, request.get(url, { headers }));
      await check(`POST ${url} broken JSON ${cookie}`, request.post(url, { headers: { ...headers, "content-type": "application/json" }, data: "{" }));
      await check(`POST ${url} wrong types ${cookie}`, request.post(url, { headers, data: WRONG_TYPES }));
      await check(`POST ${url} 1.1 MB ${cookie}`, request.post(url, { headers: { ...headers, "content-type": "application/json" }, data: big }), true);
    }
  }
  await check("GET /ops/preview odd query", request.get("/ops/preview/2023ames?lang=%ff&at=%00&source=v99999999999999999999"));
  // The upload path takes bodies up to 8 MB, but only from someone who names a session: a visitor's 1.1 MB goes unread.
  const visitorUpload = await request.post("/api/file/upload", { headers: { "content-type": "application/json" }, data: big }).catch(() => null);
  expect(visitorUpload === null || visitorUpload.status() === 413, "a visitor's large upload is refused before it is read").toBe(true);
  for (const path of pagePaths) {
    await check(`GET ${path} odd query`, request.get(`${path}?id=%00%E2%80%A8&kw=%ff&tab=-1&x=${"y".repeat(3000)}`));
    await check(`POST ${path} garbage`, request.post(path, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "%%%&=&" }));
    await check(`POST ${path} 1.1 MB`, request.post(path, { headers: { "content-type": "text/plain" }, data: big }), true);
    for (const method of ODD_METHODS) await check(`${method} ${path}`, request.fetch(path, { method }));
    for (const suffix of ODD_SUFFIXES) await check(`GET ${path}${suffix}`, request.get(`${path}${suffix}`));
  }

  printFigures("Bad input", {
    "API paths": api.length,
    "console API paths": consolePaths.length,
    "page paths": pagePaths.length,
    probes,
    ...Object.fromEntries([...byClass.entries()].sort().map(([statusClass, count]) => [`answered ${statusClass}`, count])),
    "5xx or stack traces": problems.length,
  });
  expect(problems).toEqual([]);
});
