/**
 * Every named call has a request contract (contracts/requests/, ADR 104) and the embedded platform serves its path
 * with its method; the platform refuses a write that breaks its contract with a 400 naming the field, in the caller's
 * language, and leaves reads and well-formed writes to their handlers.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as groups from "~/api/all-calls";
import type { CallDefinition } from "~/api/api-client";
import { readRequestContracts } from "@contracts/request-contracts.server";
import { createRouter } from "@platform/kernel/router.server";
import type { callApi } from "~/api/calls";
import type { orderCalls } from "~/api/groups/order";
import type { accountCalls } from "~/api/groups/account";
import type { ApiRequests } from "@contracts/generated/requests";
import { requestValidators } from "@schemas/generated/requests.validators.js";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

declare const call: typeof callApi;
declare const cancel: typeof orderCalls.cancel;
declare const logout: typeof accountCalls.logout;

/** Never run: `npm run typecheck` holds these, each error expected where a call's parameters break its contract. */
function callsTypedByTheirContracts() {
  void call(cancel, { orderNo: "E20270601000001" });
  void call(logout);
  // @ts-expect-error a call whose contract requires a parameter cannot leave it out
  void call(cancel);
  // @ts-expect-error nor send it under another name
  void call(cancel, { orderId: "E20270601000001" });
  // @ts-expect-error nor of another type
  void call(cancel, { orderNo: 5 });
  // @ts-expect-error a call sent nothing takes no parameter
  void call(logout, { everywhere: true });
}

const api = useEmbeddedPlatform("2027-06-01T08:00:00.000Z", { captchaTestMode: true });
const contracts = readRequestContracts();
const namedCalls = Object.values(groups).flatMap((group) => Object.entries(group as Record<string, CallDefinition>));

describe("request contracts", () => {
  it("cover every named call, and name nothing else", () => {
    const uncovered = namedCalls.filter(([, call]) => !contracts.has(call.path)).map(([name]) => name);
    expect(uncovered).toEqual([]);
    const called = new Set(namedCalls.map(([, call]) => call.path));
    expect([...contracts.keys()].filter((path) => !called.has(path))).toEqual([]);
  });

  it("type a call and check a request alike: what the compiler takes, the platform's validator takes", () => {
    expectTypeOf(callsTypedByTheirContracts).returns.toBeVoid();
    const sample: ApiRequests["/order/cancel"] = { orderNo: "E20270601000001" };
    expect(requestValidators["/order/cancel"](structuredClone(sample))).toBe(true);
    expect(requestValidators["/order/cancel"]({ orderId: "E20270601000001" })).toBe(false);
  });

  it("name forms that exist, and types once each", () => {
    const forms = [...contracts.values()].flatMap((contract) => (contract["x-form"] ? [contract["x-form"]] : []));
    expect(forms.filter((form) => !existsSync(join(import.meta.dirname, "../../schemas/forms", `${form}.schema.json`)))).toEqual([]);
    const titles = [...contracts.values()].map((contract) => contract.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("belong to paths the platform serves with the call's method", () => {
    const routes = new Set(api.platform.api.routes().map((route) => `${route.method} ${route.path}`));
    const unserved = namedCalls
      .filter(([, call]) => !routes.has(`${call.method ?? "POST"} ${call.path}`) && !routes.has(`ANY ${call.path}`))
      .map(([name, call]) => `${name} (${call.method ?? "POST"} ${call.path})`);
    expect(unserved).toEqual([]);
  });
});

/** A router whose handlers fail as a handler without its own checks fails on what it was not meant to be sent. */
function routerWithFailingHandlers() {
  const failing = () => {
    throw new TypeError("Cannot read properties of undefined");
  };
  return createRouter(api.platform.db, [
    { method: "POST", path: "/booksScore", handler: failing },
    { method: "POST", path: "/wxpay/jsapi", handler: failing },
    { method: "POST", path: "/web/login", handler: failing },
    { method: "POST", path: "/no-contract", handler: failing },
  ]);
}

async function post(path: string, body: Record<string, unknown>, lang: "zh" | "en") {
  const request = new Request(`http://platform.test/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", lang },
    body: JSON.stringify(body),
  });
  const response = await routerWithFailingHandlers().fetch(request);
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data?: unknown } };
}

describe("the platform's answer to a request that breaks its contract", () => {
  it("is a 400 naming the wrong field in the caller's language, not the handler's failure", async () => {
    const zh = await post("/booksScore", { bookId: 3, score: "high" }, "zh");
    expect(zh.body).toEqual({ code: 400, message: "参数 score 的值无效", data: { fields: { score: "参数 score 的值无效" } } });
    const en = await post("/booksScore", { bookId: "3", score: "5", extra: true }, "en");
    expect(en).toMatchObject({ status: 500, body: { code: 500 } });
  });

  it("names a missing or blank field", async () => {
    const missing = await post("/wxpay/jsapi", { paymentNo: "P1" }, "en");
    expect(missing.body).toEqual({ code: 400, message: "Missing parameter: openid", data: { fields: { openid: "Missing parameter: openid" } } });
    const blank = await post("/wxpay/jsapi", { paymentNo: "P1", openid: "  " }, "zh");
    expect(blank.body).toMatchObject({ code: 400, message: "缺少参数 openid" });
    // JSON's null is no value: the check must not read it as "" or 0 and let it through.
    const nulled = await post("/wxpay/jsapi", { paymentNo: "P1", openid: null }, "en");
    expect(nulled.body).toMatchObject({ code: 400, message: "Missing parameter: openid" });
  });

  it("checks a form's request for the fields sent beside the form; a path without a contract stays a 500", async () => {
    const beside = await post("/web/login", { mobile: "13800000000", password: "x", sourceUrl: { page: "/home" } }, "en");
    expect(beside.body).toMatchObject({ code: 400, message: "Invalid value for parameter: sourceUrl" });
    const formOnly = await post("/web/login", { mobile: 13800000000 }, "en");
    expect(formOnly.body.code).toBe(500);
    expect((await post("/no-contract", {}, "en")).body.code).toBe(500);
  });

  it("leaves what the handlers check to them, with their own messages", async () => {
    const answer = await api.call("/qa/answer", { body: { questionId: "x", content: "hi" }, token: (await api.newUser()).token, lang: "en" });
    expect(answer.body.code).toBe(400);
    expect(answer.body.message).not.toMatch(/parameter/);
  });
});
