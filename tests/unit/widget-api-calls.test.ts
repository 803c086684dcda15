/**
 * Widgets call the platform one way (ADR 069): by the named calls of widgets/kit/api.ts, whose answers are typed by
 * the contracts. A widget that names a platform path, calls the API client or fetch itself, or casts an answer is
 * refused here, naming the file and line.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { readContracts } from "@contracts/api-contracts.server";
import { namedCallPaths } from "@server/contract-samples.server";

const root = join(import.meta.dirname, "..", "..");
const widgetsDir = join(root, "widgets");

/**
 * Modules that call something other than a named platform call: the kit's reader of a page config's own sources
 * hands the config's source to the pipeline, and the citations part fetches our server's /cite route, not the platform.
 */
const NOT_PLATFORM_CALLERS = new Set(["widgets/kit/sources.ts", "widgets/parts/citations.ts"]);

function widgetSources(): string[] {
  return readdirSync(widgetsDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== "registry.ts" && file !== join("kit", "api.ts"))
    .map((file) => join(widgetsDir, file));
}

const apiPaths = new Set([...readContracts().keys(), ...namedCallPaths()]);

/** Each string literal of a line that is a platform API path ("/circle/praise", "/qa/detail?id=1"). */
function apiPathLiterals(line: string): string[] {
  return [...line.matchAll(/["'`](\/[A-Za-z][\w./-]*)(?:\?[^"'`]*)?["'`]/g)].map((match) => match[1]).filter((path) => apiPaths.has(path));
}

interface Refusal {
  pattern: RegExp;
  why: string;
}

const REFUSALS: Refusal[] = [
  { pattern: /\bbrowserApi\b/, why: "calls the API client itself: use a named call (callApi(group.name, params))" },
  { pattern: /\bfetch\(/, why: "calls fetch: use a named call of widgets/kit/api.ts" },
  { pattern: /\.request(<|\()/, why: "calls a client's request(): use a named call of widgets/kit/api.ts" },
  { pattern: /\b(callApi|callLiveRoom)</, why: "types a call's answer by hand: the contract types it (drop the type argument)" },
  { pattern: /\b(answer|envelope|reply|response)(\.data)?\)? as\b/, why: "casts an answer: read it as its contract's type" },
];

function problemsOf(file: string): string[] {
  const name = relative(root, file);
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, index) => {
      const at = `${name}:${index + 1}`;
      const paths = apiPathLiterals(line).map((path) => `${at} names the platform path "${path}": use the named call for it`);
      const refused = NOT_PLATFORM_CALLERS.has(name) ? [] : REFUSALS.filter(({ pattern }) => pattern.test(line)).map(({ why }) => `${at} ${why}`);
      return [...paths, ...refused];
    });
}

describe("widgets call the platform by name only", () => {
  it("finds the widget sources and the platform's paths", () => {
    expect(widgetSources().length).toBeGreaterThan(150);
    expect(apiPaths.size).toBeGreaterThan(150);
  });

  it("refuses a raw path, a raw call, a hand-typed answer and a cast", () => {
    expect(apiPathLiterals(`const answer = await browserApi.request("/circle/praise", { params });`)).toEqual(["/circle/praise"]);
    expect(apiPathLiterals(`<SmartLink to="/docDetail?id=1">`)).toEqual([]);
    const refused = (line: string) => REFUSALS.filter(({ pattern }) => pattern.test(line)).length;
    expect(refused(`await browserApi.request<{ url: string }>(path, { params })`)).toBe(2);
    expect(refused(`await callApi<{ url: string }>(accountCalls.uploadFile, body)`)).toBe(1);
    expect(refused(`const value = answer.data as Person;`)).toBe(1);
    expect(refused(`const answer = await callApi(socialCalls.follow, { userId });`)).toBe(0);
  });

  it("holds for every widget source", () => {
    expect(widgetSources().flatMap(problemsOf)).toEqual([]);
  });
});
