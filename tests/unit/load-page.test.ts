import { createSourceCache } from "~/pipeline/source-cache.server";
import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { withConfigDefaults } from "@server/config-check.server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PageConfig } from "@schemas/generated/page-config";
import { isSubjectMissing, loadPage } from "~/pipeline/load-page.server";
import { createApiClient, type ApiClient, type ApiRequest } from "~/api/api-client";
import type { ApiEnvelope } from "@contracts/envelope";
import type { AppServices, PageConfigStore } from "~/services";
import type { SessionUser } from "@contracts/gate";
import { loadWidgetComponents } from "~/renderer/widget-components";
import { widgetRegistry } from "@widgets/registry";

// Widget modules load once per process; load them first so timings measure the data sources only.
beforeAll(() => loadWidgetComponents(Object.keys(widgetRegistry)), 30_000);

type Responder = (path: string, request: ApiRequest) => Promise<ApiEnvelope> | ApiEnvelope;

const member: SessionUser = { id: 1, userName: "13800000000", isBindPhone: 1 };
let uniq = 0;
const api = (name: string) => `/unit${++uniq}/${name}`;

function services(respond: Responder, options: { now?: Date; user?: SessionUser | null } = {}) {
  const request = vi.fn(async (path: string, req: ApiRequest = {}) => respond(path, req));
  const sessionUser = vi.fn(async () => options.user ?? null);
  const pages: PageConfigStore = { resolve: () => null, paths: () => [], notFound: () => ({ path: "/404", title: { zh: "无", en: "None" }, widgets: [] }) };
  const value: AppServices = {
    pages,
    api: { request } as unknown as ApiClient,
    sourceCache: createSourceCache(() => value.now().getTime()),
    nonce: "n",
    now: () => options.now ?? new Date("2027-01-10T00:00:00Z"),
    sessionUser,
    widgetModuleUrls: (folders) => folders.map((folder) => `/assets/${folder}.js`),
    publicOrigin: "http://localhost:3000",
    isProduction: false,
  };
  return { services: value, request, sessionUser };
}

function config(partial: Partial<PageConfigInput>): PageConfig {
  return withConfigDefaults({ path: "/unitLoad", title: { zh: "加载", en: "Load" }, widgets: [], ...partial });
}

const item = { title: "{item.title}" };
const ok = (data: unknown): ApiEnvelope => ({ code: 200, message: "success", data });
const delay = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const requestFor = (url = "http://site.test/unitLoad") => new Request(url);

describe("loadPage", () => {
  it("loads sources in parallel", async () => {
    const a = api("a");
    const b = api("b");
    const page = config({
      data: { a: { api: a }, b: { api: b } },
      widgets: [
        { type: "contentList", data: "a", props: { item } },
        { type: "contentList", data: "b", props: { item } },
      ],
    });
    const { services: s, request } = services((path) => delay(200, ok({ list: [{ title: path }], total: 1 })));
    const started = performance.now();
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    const elapsed = performance.now() - started;
    expect(request).toHaveBeenCalledTimes(2);
    expect(view.data.a).toEqual({ status: "ok", value: { list: [{ title: a }], total: 1 } });
    expect(view.data.b).toEqual({ status: "ok", value: { list: [{ title: b }], total: 1 } });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(350);
  });

  it("a failing source is an error while the others are ok", async () => {
    const good = api("good");
    const bad = api("bad");
    const page = config({
      data: { good: { api: good }, bad: { api: bad }, silent: { api: api("silent") } },
      widgets: [
        { type: "contentList", data: "good", props: { item } },
        { type: "contentList", data: "bad", props: { item } },
        { type: "contentList", data: "silent", props: { item } },
      ],
    });
    const { services: s } = services((path) => (path === good ? ok({ list: [] }) : path === bad ? { code: 500, message: "boom" } : { code: 404 }));
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.kind).toBe("page");
    expect(view.data.good).toEqual({ status: "ok", value: { list: [] } });
    expect(view.data.bad).toEqual({ status: "error", message: "boom", code: 500 });
    expect(view.data.silent).toEqual({ status: "error", message: "code 404", code: 404 });
    expect(isSubjectMissing(view)).toBe(false);
  });

  it("a detail page whose subject source answers not found is missing; another failure is not", async () => {
    const subject = api("subject");
    const related = api("related");
    const page = config({
      data: { subject: { api: subject, notFoundWhenMissing: true }, related: { api: related } },
      widgets: [{ type: "contentList", data: "related", props: { item } }],
    });
    const answer = (subjectCode: number) => services((path) => (path === subject ? { code: subjectCode, message: "no" } : { code: 404 })).services;
    const missing = await loadPage({ request: requestFor(), config: page, services: answer(404), token: null, lang: "zh" });
    expect(isSubjectMissing(missing)).toBe(true);
    const failing = await loadPage({ request: requestFor(), config: page, services: answer(500), token: null, lang: "zh" });
    expect(isSubjectMissing(failing)).toBe(false);
  });

  it("treats codes 200 and 1 as success and missing data as null", async () => {
    const one = api("one");
    const page = config({ data: { one: { api: one }, two: { api: api("two") } } });
    const { services: s } = services((path) => (path === one ? { code: 1, message: "ok" } : { code: 200, data: 0 }));
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.data.one).toEqual({ status: "ok", value: null });
    expect(view.data.two).toEqual({ status: "ok", value: 0 });
  });

  it("a source that times out is an error, and the page still loads", async () => {
    const slow = api("slow");
    const fast = api("fast");
    // the real API client over a fetch that answers slowly, honouring the abort signal as fetch does
    const fakeFetch = vi.fn(
      (url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const wait = String(url).endsWith(slow) ? 5_000 : 10;
          const timer = setTimeout(() => resolve(Response.json(ok({ list: [] }))), wait);
          init?.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(init.signal!.reason);
          });
        }),
    );
    const client = createApiClient({ baseUrl: "http://platform.test", fetch: fakeFetch as unknown as typeof fetch });
    const { services: s } = services(() => ok(null));
    s.api = client;
    const page = config({
      data: { slow: { api: slow, timeoutMs: 150 }, fast: { api: fast } },
      widgets: [
        { type: "contentList", data: "slow", props: { item } },
        { type: "contentList", data: "fast", props: { item } },
      ],
    });
    const started = performance.now();
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(view.data.slow).toMatchObject({ status: "error" });
    expect(view.data.slow.status === "error" && view.data.slow.message).toMatch(/Timed out/);
    expect(view.data.fast).toEqual({ status: "ok", value: { list: [] } });
  });

  it("passes the source's method, bound params, timeout and the viewer's token", async () => {
    const detail = api("detail");
    const page = config({
      query: { id: { default: "1" }, tab: { default: "a" } },
      data: { detail: { api: detail, method: "GET", params: { id: "{query.id}", tab: "{query.tab}", size: 5 }, timeoutMs: 2000 }, list: { api: api("list") } },
    });
    const { services: s, request, sessionUser } = services(() => ok({}), { user: member });
    await loadPage({ request: requestFor("http://site.test/unitLoad?id=42&tab=<b>"), config: page, services: s, token: "tok-1", lang: "zh" });
    expect(sessionUser).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(detail, {
      method: "GET",
      params: { id: "42", tab: "a", size: 5 },
      timeoutMs: 2000,
      headers: { token: "tok-1", lang: "zh" },
    });
    expect(request).toHaveBeenCalledWith(expect.stringMatching(/\/list$/), {
      method: "POST",
      params: {},
      timeoutMs: 5000,
      headers: { token: "tok-1", lang: "zh" },
    });
  });

  it("reads only declared, safe query values", async () => {
    const page = config({ query: { id: {}, tab: { default: "live" } } });
    const { services: s } = services(() => ok(null));
    const view = await loadPage({
      request: requestFor("http://site.test/unitLoad?id=a%20b&tab=video&x=1"),
      config: page,
      services: s,
      token: null,
      lang: "zh",
    });
    expect(view.query).toEqual({ tab: "video" });
    expect(view.path).toBe("/unitLoad");
  });

  it("never requests a gated source for a visitor, and does for a logged-in user", async () => {
    const papers = api("papers");
    const banners = api("banners");
    const page = config({
      data: { papers: { api: papers }, banners: { api: banners } },
      widgets: [
        { type: "bannerCarousel", props: { items: "{data.banners.list}" } },
        { type: "contentList", data: "papers", gate: "login", props: { item } },
      ],
    });
    const visitor = services(() => ok({ list: [] }));
    const view = await loadPage({ request: requestFor(), config: page, services: visitor.services, token: null, lang: "zh" });
    expect(view.data.papers).toEqual({ status: "gated", outcome: "needLogin" });
    expect(view.data.banners).toEqual({ status: "ok", value: { list: [] } });
    expect(visitor.request.mock.calls.map(([path]) => path)).toEqual([banners]);
    expect(visitor.sessionUser).not.toHaveBeenCalled();

    const signedIn = services(() => ok({ list: [] }), { user: member });
    const memberView = await loadPage({ request: requestFor(), config: page, services: signedIn.services, token: "tok", lang: "zh" });
    expect(memberView.user).toEqual(member);
    expect(memberView.data.papers).toEqual({ status: "ok", value: { list: [] } });
    expect(signedIn.request.mock.calls.map(([path]) => path).sort()).toEqual([banners, papers].sort());
  });

  it("a token whose session is gone is treated as a visitor", async () => {
    const papers = api("papers");
    const page = config({ data: { papers: { api: papers } }, widgets: [{ type: "contentList", data: "papers", gate: "login", props: { item } }] });
    const { services: s, request } = services(() => ok({ list: [] }), { user: null });
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: "expired", lang: "zh" });
    expect(view.user).toBeNull();
    expect(view.data.papers).toEqual({ status: "gated", outcome: "needLogin" });
    expect(request).not.toHaveBeenCalled();
  });

  it("a page gate the viewer does not meet loads no data at all", async () => {
    const page = config({
      gate: "login",
      data: { a: { api: api("a") }, b: { api: api("b"), side: "client" } },
      widgets: [{ type: "contentList", data: "a", props: { item } }],
    });
    const { services: s, request } = services(() => ok({ list: [] }));
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.kind).toBe("page");
    expect(view.gate).toBe("needLogin");
    expect(view.data).toEqual({ a: { status: "gated", outcome: "needLogin" }, b: { status: "gated", outcome: "needLogin" } });
    expect(request).not.toHaveBeenCalled();
  });

  it("client-side sources are left loading for the browser", async () => {
    const mine = api("mine");
    const page = config({ data: { mine: { api: mine, side: "client" } }, widgets: [{ type: "contentList", data: "mine", props: { item } }] });
    const { services: s, request } = services(() => ok({ list: [] }), { user: member });
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: "tok", lang: "zh" });
    expect(view.data.mine).toEqual({ status: "loading" });
    expect(request).not.toHaveBeenCalled();
  });

  it("caches a public source for cacheSeconds, for visitors only", async () => {
    const cachedApi = api("cached");
    const page = config({ data: { cached: { api: cachedApi, cacheSeconds: 60 } } });
    let now = new Date("2027-01-10T00:00:00Z");
    let answer = 0;
    const { services: s, request } = services(() => ok(++answer));
    s.now = () => now;
    const first = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    const second = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(first.data.cached).toEqual({ status: "ok", value: 1 });
    expect(second.data.cached).toEqual({ status: "ok", value: 1 });
    expect(request).toHaveBeenCalledTimes(1);

    const withToken = await loadPage({ request: requestFor(), config: page, services: s, token: "tok", lang: "zh" });
    expect(withToken.data.cached).toEqual({ status: "ok", value: 2 });

    now = new Date(now.getTime() + 61_000);
    const expired = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(expired.data.cached).toEqual({ status: "ok", value: 3 });
    expect(request).toHaveBeenCalledTimes(3);
  });

  it("asks the platform in the viewer's language, and keeps one cached answer per language", async () => {
    const contest = api("contest");
    const page = config({ data: { contest: { api: contest, cacheSeconds: 60 } } });
    const { services: s, request } = services((_path, req) => ok(req?.headers?.lang === "en" ? "Economics Reading Contest" : "经管好书阅读大赛"));
    const zh = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    const en = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "en" });
    const enAgain = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "en" });
    const zhAgain = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(zh.data.contest).toEqual({ status: "ok", value: "经管好书阅读大赛" });
    expect(en.data.contest).toEqual({ status: "ok", value: "Economics Reading Contest" });
    expect(enAgain.data.contest).toEqual(en.data.contest);
    expect(zhAgain.data.contest).toEqual(zh.data.contest);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls.map(([, req]) => req?.headers)).toEqual([{ lang: "zh" }, { lang: "en" }]);
  });

  it("does not cache errors", async () => {
    const flaky = api("flaky");
    const page = config({ data: { flaky: { api: flaky, cacheSeconds: 60 } } });
    let calls = 0;
    const { services: s } = services(() => (++calls === 1 ? { code: 500, message: "down" } : ok("up")));
    expect((await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" })).data.flaky).toEqual({
      status: "error",
      message: "down",
      code: 500,
    });
    expect((await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" })).data.flaky).toEqual({ status: "ok", value: "up" });
  });

  it("before the publish window opens: notYetOpen, with no widgets and no data", async () => {
    const page = config({
      publish: { from: "2027-01-13T18:00:00+08:00", until: "2027-02-01T00:00:00+08:00" },
      data: { a: { api: api("a") } },
      widgets: [{ type: "contentList", data: "a", props: { item } }],
    });
    const { services: s, request } = services(() => ok({ list: [] }), { now: new Date("2027-01-13T09:59:00Z") });
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.kind).toBe("notYetOpen");
    expect(view.publishFrom).toBe("2027-01-13T18:00:00+08:00");
    expect(view.config.widgets).toEqual([]);
    expect(view.config.data).toEqual({});
    expect(view.data).toEqual({});
    expect(view.widgetTypes).toEqual([]);
    expect(view.preload).toEqual([]);
    expect(request).not.toHaveBeenCalled();
  });

  it("inside the window: the page", async () => {
    const page = config({
      publish: { from: "2027-01-13T18:00:00+08:00", until: "2027-02-01T00:00:00+08:00" },
      data: { a: { api: api("a") } },
      widgets: [{ type: "contentList", data: "a", props: { item } }],
    });
    const { services: s } = services(() => ok({ list: [] }), { now: new Date("2027-01-13T10:00:01Z") });
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.kind).toBe("page");
    expect(view.widgetTypes).toEqual(["contentList"]);
    expect(view.preload).toEqual(["/assets/content-list.js"]);
    expect(view.data.a).toEqual({ status: "ok", value: { list: [] } });
  });

  it("after the window closes: closed, unless afterUntil is keep", async () => {
    const window = { from: "2027-01-01T00:00:00+08:00", until: "2027-02-01T00:00:00+08:00" };
    const widgets: PageConfig["widgets"] = [{ type: "contentList", data: "a", props: { item } }];
    const after = new Date("2027-02-01T00:00:01+08:00");

    const closed = services(() => ok({ list: [] }), { now: after });
    const view = await loadPage({
      request: requestFor(),
      config: config({ publish: window, data: { a: { api: api("a") } }, widgets }),
      services: closed.services,
      token: null,
      lang: "zh",
    });
    expect(view.kind).toBe("closed");
    expect(view.config.widgets).toEqual([]);
    expect(view.data).toEqual({});
    expect(closed.request).not.toHaveBeenCalled();

    const kept = services(() => ok({ list: [] }), { now: after });
    const keptView = await loadPage({
      request: requestFor(),
      config: config({ publish: { ...window, afterUntil: "keep" }, data: { a: { api: api("a") } }, widgets }),
      services: kept.services,
      token: null,
      lang: "zh",
    });
    expect(keptView.kind).toBe("page");
    expect(keptView.data.a).toEqual({ status: "ok", value: { list: [] } });
  });

  it("preloads the code of the widgets hydrating with the page, and leaves what only late widgets use to the browser (ADR 037)", async () => {
    const title = { zh: "a", en: "a" };
    const page = config({
      widgets: [
        { type: "hero", props: { title } },
        { type: "registerForm" },
        { type: "hero", props: { title } },
        { type: "richText", props: { blocks: [{ kind: "paragraph", text: title }] } },
      ],
    });
    const urls = (folders: string[]) => folders.flatMap((folder) => [`/assets/${folder}.js`, `/assets/${folder}.css`]);
    const { services: s } = services(() => ok(null));
    const view = await loadPage({ request: requestFor(), config: page, services: { ...s, widgetModuleUrls: urls }, token: null, lang: "zh" });
    expect(view.lateNodes).toEqual([1, 2, 3]);
    // Every widget's styles are linked, so the server's HTML is styled before any late code arrives.
    expect(view.preload).toEqual(["/assets/hero.js", "/assets/hero.css", "/assets/register-form.css", "/assets/rich-text.css"]);
    expect(view.lateCode).toEqual(["/assets/register-form.js", "/assets/rich-text.js"]);
  });

  it("reports the server time, the status and the widget types of the page", async () => {
    const page = config({
      status: 404,
      widgets: [{ type: "tabs", props: { labels: [{ zh: "一", en: "One" }] }, children: [{ type: "hero", props: { title: { zh: "a", en: "a" } } }] }],
    });
    const { services: s } = services(() => ok(null), { now: new Date("2027-01-10T00:00:00Z") });
    const view = await loadPage({ request: requestFor(), config: page, services: s, token: null, lang: "zh" });
    expect(view.status).toBe(404);
    expect(view.serverNow).toBe(Date.parse("2027-01-10T00:00:00Z"));
    expect(view.widgetTypes).toEqual(["hero", "tabs"]);
    expect(view.preload.sort()).toEqual(["/assets/hero.js", "/assets/tabs.js"]);
  });
});
