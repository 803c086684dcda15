/**
 * Signed-in views share renders by class (ADR 083). Every page of page-configs/ is loaded from the seeded embedded
 * platform as a shared render for two different people of the same class and rendered to HTML: the loader data and
 * the HTML must be the same, and neither may carry anything of either person — their account name, phone or nickname,
 * or any text the platform answers them and nobody else (their points, orders, sign-ups). And every server-side source
 * whose answer changes with who asks must be left to the browser in a shared render (PER_VIEWER_APIS).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import type { PageConfig } from "@schemas/generated/page-config";
import type { SessionUser } from "@contracts/gate";
import { SUCCESS_CODES } from "@contracts/envelope";
import { createApiClient, type ApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createPageConfigStore } from "@server/page-configs.server";
import { exampleQuery } from "@server/contract-samples.server";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { loadPage } from "~/pipeline/load-page.server";
import { sourceParams } from "~/pipeline/request-source";
import type { PageView } from "~/pipeline/page-view";
import { answersPerViewer, standInFor, subjectAnswersPerViewer, viewerClassOf } from "~/pipeline/viewer-class";
import { PageRenderer } from "~/renderer/PageRenderer";
import { PagePathsContext } from "~/routing/page-paths";
import type { AppServices } from "~/services";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { i18nFor } from "./render-widget";

const root = join(import.meta.dirname, "..", "..");
const clock = new Date("2027-01-10T02:00:00Z");
const embedded = useEmbeddedPlatform(clock.toISOString(), { captchaTestMode: true });
const store = createPageConfigStore({ directory: join(root, "page-configs"), catalogues: loadCatalogues(root), watchForChanges: false, log: () => {} });
const pages = store
  .paths()
  .map((path) => store.resolve(path))
  .flatMap((entry) => (entry?.status === "valid" && !entry.config.path.startsWith(":") ? [entry.config] : []));

interface Person {
  token: string;
  phone: string;
  user: SessionUser;
}

/** The article page's example and its author (seeded). */
const ESSAY = 1236;
const ESSAY_AUTHOR = 113;

let api: ApiClient;
let people: [Person, Person];

async function signedIn(): Promise<Person> {
  const { token, phone } = await embedded.newUser();
  const answer = await api.request<SessionUser>("/web/getUserInfoWithToken", { method: "GET", headers: { token } });
  if (!answer.data) throw new Error("a new user has no session");
  return { token, phone, user: answer.data };
}

function servicesFor(person: Person): AppServices {
  return {
    pages: store,
    api,
    sourceCache: createSourceCache(() => clock.getTime()),
    nonce: "",
    now: () => clock,
    sessionUser: async () => person.user,
    rendersForClass: true,
    widgetModuleUrls: () => [],
    publicOrigin: "http://localhost:3000",
    isProduction: true,
  };
}

function urlOf(config: PageConfig): string {
  const query = new URLSearchParams(exampleQuery(config)).toString();
  return `http://localhost:3000${config.path}${query ? `?${query}` : ""}`;
}

async function sharedView(config: PageConfig, person: Person): Promise<PageView> {
  const request = new Request(urlOf(config), { headers: { Cookie: `token=${person.token}` } });
  const { preload: _, ...view } = await loadPage({ request, config, services: servicesFor(person), token: person.token, lang: "zh" });
  return view;
}

async function htmlOf(view: PageView, config: PageConfig): Promise<string> {
  const i18n = await i18nFor("zh");
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[urlOf(config).slice("http://localhost:3000".length)]}>
        <PagePathsContext.Provider value={new Set(store.paths())}>
          <PageRenderer view={view} />
        </PagePathsContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Where two values differ, as paths of their leaves: what changes between two reads by one person (view counters). */
function differing(a: unknown, b: unknown, path = "", into = new Set<string>()): Set<string> {
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differing((a as never)[key], (b as never)[key], `${path}/${key}`, into);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) into.add(path);
  return into;
}

/** The value with the leaves at those paths blanked, so that what changes on every read is compared no more. */
function without<T>(value: T, paths: Set<string>, path = ""): T {
  if (paths.has(path)) return null as T;
  if (Array.isArray(value)) return value.map((entry, index) => without(entry, paths, `${path}/${index}`)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, without(entry, paths, `${path}/${key}`)])) as T;
  return value;
}

/** Every text and number in an answer, as the words a page could show of it. */
function leaves(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string" || typeof value === "number") into.add(String(value));
  else if (Array.isArray(value)) for (const entry of value) leaves(entry, into);
  else if (value && typeof value === "object") for (const entry of Object.values(value)) leaves(entry, into);
  return into;
}

async function answerOf(config: PageConfig, name: string, token?: string): Promise<{ code: number; data: unknown }> {
  const source = config.data![name];
  const params = sourceParams(source, exampleQuery(config));
  const answer = await api.request(source.api, { method: source.method, params, headers: { lang: "zh", ...(token ? { token } : {}) } });
  return { code: answer.code, data: answer.data };
}

/** Texts a page could show that the platform answered this person and neither the other nor a visitor. */
const personal = new Map<Person, Set<string>>();

beforeAll(async () => {
  api = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => embedded.platform.api.fetch(new Request(input, init)) });
  people = [await signedIn(), await signedIn()];
  // Something of their own to find: a daily sign-in gives each their points and record; the first praises, collects
  // and follows what the article page shows.
  for (const person of people) await api.request("/integralTask/signin", { method: "POST", headers: { token: person.token } });
  const token = people[0].token;
  for (const path of ["/praise/doPraise", "/collect/doCollect"]) await api.request(path, { method: "POST", params: { id: ESSAY }, headers: { token } });
  await api.request("/follow/doFollow", { method: "POST", params: { userId: ESSAY_AUTHOR }, headers: { token } });
}, 60_000);

describe("the viewer's class", () => {
  it("is what the gates say of the person and nothing else; a stand-in meets exactly the same gates", () => {
    const phoneUser: SessionUser = { id: 9, userName: "13800001234", nickname: "林" };
    const unbound: SessionUser = { id: 10, userName: "wx:abc", isBindPhone: 0 };
    const scholar: SessionUser = { id: 11, userName: "13800001235", authorCode: "A100001", isVip: true };
    expect(viewerClassOf(null)).toBe("visitor");
    expect(viewerClassOf(phoneUser)).toBe("user:ok,needVerify,needVip");
    expect(viewerClassOf(unbound)).toBe("user:needBind,needBind,needVip");
    expect(viewerClassOf(scholar)).toBe("user:ok,ok,ok");
    for (const user of [phoneUser, unbound, scholar]) {
      const standIn = standInFor(user);
      expect(viewerClassOf(standIn)).toBe(viewerClassOf(user));
      expect(JSON.stringify(standIn)).not.toMatch(/13800001234|13800001235|A100001|abc|林/);
    }
  });
});

describe("shared renders of every page", () => {
  it("leave every source whose answer depends on who asks to the browser", async () => {
    const missing = new Set<string>();
    for (const config of pages) {
      for (const [name, source] of Object.entries(config.data ?? {})) {
        if (source.side !== "server" || answersPerViewer(source)) continue;
        const visitorBefore = await answerOf(config, name);
        // What the platform refuses a visitor, a shared render leaves to the browser: no answer of it is shared.
        if (!SUCCESS_CODES.has(visitorBefore.code)) continue;
        const [first, second] = [await answerOf(config, name, people[0].token), await answerOf(config, name, people[1].token)];
        const visitor = await answerOf(config, name);
        const counters = differing(visitorBefore, visitor);
        const texts = [visitor, first, second].map((answer) => JSON.stringify(without(answer, counters)));
        if (new Set(texts).size > 1) missing.add(`${source.api} (${config.path} /data/${name})`);
        for (const [index, person] of people.entries()) {
          const own = leaves(index === 0 ? first : second);
          for (const text of leaves(visitor)) own.delete(text);
          for (const text of leaves(index === 0 ? second : first)) own.delete(text);
          for (const text of own) if (text.length >= 4) (personal.get(person) ?? personal.set(person, new Set()).get(person)!).add(text);
        }
      }
    }
    expect([...missing]).toEqual([]);
  }, 120_000);

  it("are the same HTML for two people of one class, with nothing of either in it", async () => {
    expect(viewerClassOf(people[0].user)).toBe(viewerClassOf(people[1].user));
    const found: string[] = [];
    for (const config of pages) {
      if (subjectAnswersPerViewer(config)) {
        // A profile or a post decides its state and status for the person: rendered for them, never kept for a class.
        expect((await sharedView(config, people[0])).forClass, config.path).toBeFalsy();
        continue;
      }
      const [first, second, again] = [await sharedView(config, people[0]), await sharedView(config, people[1]), await sharedView(config, people[0])];
      expect(first.forClass, config.path).toBe(true);
      const counters = differing(first, again);
      const [one, other] = [without(first, counters), without(second, counters)];
      expect(JSON.stringify(other), config.path).toBe(JSON.stringify(one));
      const html = await htmlOf(one, config);
      expect(await htmlOf(other, config), config.path).toBe(html);
      const kept = JSON.stringify(first) + html;
      for (const person of people) {
        const { user, phone } = person;
        const own = [phone, user.userName, user.nickname, ...(personal.get(person) ?? [])].filter((text): text is string => Boolean(text));
        for (const text of own) if (kept.includes(text)) found.push(`${config.path}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  }, 300_000);

  it("carry a visitor's answer of a source that depends on who asks, for the browser to read again", async () => {
    const candidates = pages.filter(
      (config) => !subjectAnswersPerViewer(config) && Object.values(config.data ?? {}).some((source) => answersPerViewer(source) && source.side !== "client"),
    );
    const marked: string[] = [];
    for (const config of candidates) {
      const view = await sharedView(config, people[0]);
      expect(view.forClass, config.path).toBe(true);
      for (const [name, state] of Object.entries(view.data)) if (state.status === "ok" && state.asVisitor) marked.push(`${config.path} ${name}`);
    }
    expect(marked.length).toBeGreaterThan(0);
  });

  it("render a page whose subject answers per person for that person: the essay the viewer praised says so", async () => {
    const page = pages.find((config) => config.path === "/essayInfo")!;
    expect(subjectAnswersPerViewer(page)).toBe(true);
    const view = await sharedView(page, people[0]);
    expect(view.forClass).toBeFalsy();
    expect(view.data.essay).toMatchObject({ status: "ok", value: { id: ESSAY, praised: true } });
  });

  it("share a page whose subject differs per person only in marks: the paper the viewer praised is a visitor's in the HTML", async () => {
    const page = pages.find((config) => config.path === "/docDetail")!;
    const id = Number(exampleQuery(page).id);
    const { token } = people[0];
    for (const path of ["/praise/doPraise", "/collect/doCollect"]) await api.request(path, { method: "POST", params: { id }, headers: { token } });
    expect((await answerOf(page, "doc", token)).data).toMatchObject({ id, praised: true, collected: true });
    const [first, second] = [await sharedView(page, people[0]), await sharedView(page, people[1])];
    expect(first.forClass).toBe(true);
    // The browser reads the person's own answer again (usePageData) and the action bar shows their marks.
    expect(first.data.doc).toMatchObject({ status: "ok", asVisitor: true, value: { id, praised: false, collected: false } });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(await htmlOf(second, page)).toBe(await htmlOf(first, page));
    const shared = pages.filter((config) => ["/docDetail", "/videoDetail", "/videoListBySpecial"].includes(config.path));
    expect(shared.filter(subjectAnswersPerViewer)).toEqual([]);
    // Whose subject differs per person in what may be shown stays the person's (ADR 086).
    const own = pages.filter((config) => ["/circleDetail", "/essayInfo", "/boutiqueDoc", "/userHome"].includes(config.path));
    expect(own.map((config) => subjectAnswersPerViewer(config))).toEqual(own.map(() => true));
  });

  it("leave what the platform refuses a visitor to the browser: the person's orders are loaded with their cookie", async () => {
    const page = pages.find((config) => Object.values(config.data ?? {}).some((source) => source.api === "/order/list"))!;
    const view = await sharedView(page, people[0]);
    const orders = Object.entries(page.data ?? {}).filter(([, source]) => source.api === "/order/list");
    expect(orders.length).toBeGreaterThan(0);
    for (const [name] of orders) expect(view.data[name] ?? { status: "loading" }, name).toEqual({ status: "loading" });
  });
});
