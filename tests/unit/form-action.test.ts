/**
 * The route action of forms posted without scripts (ADR 029): what it trusts (the page config and the widgets'
 * declarations, never the body's idea of a call), what it validates and what it writes back.
 */
import { describe, expect, it, vi } from "vitest";
import type { ApiClient, ApiRequest } from "~/api/api-client";
import type { ApiEnvelope } from "@contracts/envelope";
import type { PageConfig } from "@schemas/generated/page-config";
import { NATIVE_POSTS, handleFormPost } from "~/pipeline/form-action.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import type { AppServices } from "~/services";

const vipExchange = {
  path: "/vipExchange",
  title: { zh: "兑换", en: "Redeem" },
  widgets: [{ type: "codeRedeem", props: { doneLink: "/vipIndex" } }],
} as PageConfig;
const register = {
  path: "/register",
  title: { zh: "注册", en: "Sign up" },
  query: { channel: {} },
  widgets: [{ type: "registerForm", props: { channel: "{query.channel}", nextLink: "/registerResult" } }],
} as PageConfig;

function services(config: PageConfig, answers: (path: string, request: ApiRequest) => ApiEnvelope) {
  const request = vi.fn(async (path: string, options: ApiRequest = {}) => answers(path, options));
  const value: AppServices = {
    pages: { resolve: (path) => (path === config.path ? { status: "valid", file: "x.json", config } : null), paths: () => [], notFound: () => config },
    api: { request } as unknown as ApiClient,
    sourceCache: createSourceCache(() => 0),
    nonce: "n",
    now: () => new Date("2027-01-10T00:00:00Z"),
    sessionUser: async () => null,
    widgetModuleUrls: () => [],
    sessionCookie: (token) => `token=${token}; HttpOnly`,
    clientAddress: "198.51.100.4",
    publicOrigin: "http://localhost",
    isProduction: false,
  };
  return { services: value, request };
}

const post = (path: string, body: Record<string, string> | string, cookie = "token=t1; lang=en") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });

async function nativeAnswer(result: unknown) {
  return (result as { data: { nativeForm: { id: string; values: Record<string, string>; fields: Record<string, string> } } }).data.nativeForm;
}

describe("the form action", () => {
  it("refuses a malformed value with the schema's message keys before calling the platform, keeping what was typed", async () => {
    const { services: app, request } = services(vipExchange, () => ({ code: 200 }));
    const answer = await nativeAnswer(await handleFormPost(post("/vipExchange", { _form: "member-code", code: " ab " }), app, "en"));
    expect(answer).toEqual({ id: "member-code", values: { code: "ab" }, fields: { code: "points:errors.codeFormat" } });
    expect(request).not.toHaveBeenCalled();
  });

  it("calls the declared platform path with the session, language and address, and redirects to the declared next page", async () => {
    const { services: app, request } = services(vipExchange, () => ({ code: 200, data: { expiresAt: "2027-04-10" } }));
    const response = (await handleFormPost(post("/vipExchange", { _form: "member-code", code: "ABCD-EFGH-JKLM", path: "/evil" }), app, "en")) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/vipIndex");
    expect(request).toHaveBeenCalledTimes(1);
    const [path, options] = request.mock.calls[0];
    expect(path).toBe("/members/exchange");
    expect(options?.params).toEqual({ code: "ABCD-EFGH-JKLM" });
    expect(options?.headers).toEqual({ lang: "en", token: "t1", "X-Forwarded-For": "198.51.100.4" });
  });

  it("puts the platform's refusal under the field the widget names", async () => {
    const { services: app } = services(vipExchange, () => ({ code: 0, message: "This code has been used" }));
    const answer = await nativeAnswer(await handleFormPost(post("/vipExchange", { _form: "member-code", code: "ABCD-EFGH-JKLM" }), app, "en"));
    expect(answer.fields).toEqual({ code: "This code has been used" });
  });

  it("accepts only forms the page shows: another page's form is answered with a message and calls nothing", async () => {
    const { services: app, request } = services(vipExchange, () => ({ code: 200 }));
    const answer = await nativeAnswer(
      await handleFormPost(
        post("/vipExchange", { _form: "change-password", oldPassword: "abc12345", password: "abc12345", passwordNext: "abc12345" }),
        app,
        "zh",
      ),
    );
    expect(answer.fields).toEqual({ _form: "common:forms.needsScript" });
    expect(request).not.toHaveBeenCalled();
  });

  it("takes nothing when the page is closed or not yet open, as the page itself shows", async () => {
    const closed = { ...vipExchange, publish: { until: "2027-01-01T00:00:00Z", afterUntil: "closed" } } as PageConfig;
    const early = { ...vipExchange, publish: { from: "2027-02-01T00:00:00Z" } } as PageConfig;
    for (const [config, message] of [
      [closed, "common:publish.closedText"],
      [early, "common:publish.notYetOpenTitle"],
    ] as const) {
      const { services: app, request } = services(config, () => ({ code: 200 }));
      const answer = await nativeAnswer(await handleFormPost(post("/vipExchange", { _form: "member-code", code: "ABCD-EFGH-JKLM" }), app, "zh"));
      expect(answer).toEqual({ id: "member-code", values: { code: "ABCD-EFGH-JKLM" }, fields: { _form: message } });
      expect(request).not.toHaveBeenCalled();
    }
  });

  it("applies the page's and the form widget's gates before calling the platform", async () => {
    const gatedPage = { ...vipExchange, gate: "vip" } as PageConfig;
    const gatedWidget = { ...vipExchange, widgets: [{ ...vipExchange.widgets[0], gate: "login" }] } as PageConfig;
    for (const [config, message] of [
      [gatedPage, "common:gate.needLogin.text"],
      [gatedWidget, "common:gate.needLogin.text"],
    ] as const) {
      const { services: app, request } = services(config, () => ({ code: 200 }));
      const answer = await nativeAnswer(await handleFormPost(post("/vipExchange", { _form: "member-code", code: "ABCD-EFGH-JKLM" }, "lang=zh"), app, "zh"));
      expect(answer.fields).toEqual({ _form: message });
      expect(request).not.toHaveBeenCalled();
    }
    const member = services(gatedPage, () => ({ code: 200, data: { expiresAt: "2027-04-10" } }));
    member.services.sessionUser = async () => ({ id: 7, userName: "13800000000" });
    const answer = await nativeAnswer(await handleFormPost(post("/vipExchange", { _form: "member-code", code: "ABCD-EFGH-JKLM" }), member.services, "zh"));
    expect(answer.fields).toEqual({ _form: "common:gate.needVip.text" });
    expect(member.request).not.toHaveBeenCalled();
  });

  it("every form declared to work without scripts has its precompiled validator", async () => {
    for (const declared of NATIVE_POSTS) {
      const validators = (await declared.kit.loadValidators()).default as Record<string, unknown>;
      expect(typeof validators[String((declared.kit.schema as { $id?: string }).$id)], declared.id).toBe("function");
    }
  });

  it("registers, logs in, sets the session cookie and never writes a password back", async () => {
    const calls: string[] = [];
    const { services: app, request } = services(register, (path) => {
      calls.push(path);
      return path === "/reg/register" ? ({ code: 200, success: true } as ApiEnvelope) : { code: 100000, data: { token: "fresh", user: { id: 9 } } };
    });
    const body = {
      _form: "register-page",
      mobilePrefix: "86",
      userName: "13800000000",
      smsVerifyCode: "123456",
      password: "abc12345",
      passwordNext: "abc12345",
      regChannel: "forged",
    };
    const response = (await handleFormPost(post("/register?channel=partner_1", body, ""), app, "zh")) as Response;
    expect(calls).toEqual(["/reg/register", "/web/login"]);
    // The channel is the page's (its query), not the body's.
    expect(request.mock.calls[0][1]?.params).toMatchObject({ regChannel: "partner_1", userName: "13800000000" });
    expect(response.headers.get("Location")).toBe("/registerResult");
    expect(response.headers.get("Set-Cookie")).toBe("token=fresh; HttpOnly");

    const refused = await nativeAnswer(await handleFormPost(post("/register", { ...body, passwordNext: "other123" }, ""), app, "zh"));
    expect(refused.fields).toEqual({ passwordNext: "password:errors.mismatch" });
    expect(refused.values).not.toHaveProperty("password");
    expect(refused.values).not.toHaveProperty("passwordNext");
    expect(refused.values.userName).toBe("13800000000");
  });

  it("reads only a urlencoded body of a plain form's size", async () => {
    const { services: app } = services(vipExchange, () => ({ code: 200 }));
    const json = new Request("http://localhost/vipExchange", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    await expect(handleFormPost(json, app, "zh")).rejects.toMatchObject({ status: 400 });
    await expect(handleFormPost(post("/vipExchange", `_form=member-code&code=${"A".repeat(20_000)}`), app, "zh")).rejects.toMatchObject({ status: 400 });
  });
});
