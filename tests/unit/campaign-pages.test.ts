import { createSourceCache } from "~/pipeline/source-cache.server";
/**
 * The promise of docs/campaign-pages.md, end to end without a browser: a new conference page is one JSON file in the
 * configs folder (PAGE_CONFIGS_DIR), with no code change. The same loader as the server validates it (and the config
 * check names a mistake by file and pointer), its path serves it with data from the platform, and its publish window
 * gates it on the server's clock: not yet open, open, and after the end either closed or kept for the replay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { createApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { loadPage } from "~/pipeline/load-page.server";
import type { PageView } from "~/pipeline/page-view";
import { PageRenderer } from "~/renderer/PageRenderer";
import type { AppServices } from "~/services";
import { createPageConfigStore } from "@server/page-configs.server";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { SPECIAL_IDS } from "@platform/specials/index.server";
import { i18nFor, type Lang } from "./render-widget";

const run = promisify(execFile);
const root = join(import.meta.dirname, "..", "..");

let directory: string;
let configs: string;
let platform: EmbeddedPlatform;
let clock = new Date("2026-11-20T04:00:00.000Z");

/** What an operator writes for a new conference: texts, guests and agenda in the config, sign-up from the platform's event. */
const newConference = {
  $schema: "../schemas/generated/page-config.bundle.json",
  path: "/2027cfmef",
  title: { zh: "2027中国金融市场与经济预测论坛", en: "China Financial Markets and Economic Forecasting Forum 2027" },
  layout: { theme: "conference" },
  publish: { from: "2026-11-15T09:00:00+08:00", until: "2027-04-18T18:00:00+08:00", afterUntil: "closed" },
  data: {
    signUp: { api: "/signData/isCanAdd", params: { specialId: SPECIAL_IDS.abferac } },
  },
  widgets: [
    {
      type: "eventHero",
      props: {
        kicker: { zh: "CFMEF 2027 · 厦门", en: "CFMEF 2027 · XIAMEN" },
        title: { zh: "2027中国金融市场与经济预测论坛", en: "China Financial Markets and Economic Forecasting Forum 2027" },
        palette: "teal",
        pattern: "waves",
        facts: [
          { icon: "calendar", label: { zh: "时间", en: "Dates" }, from: "2027-04-17T08:30:00+08:00", to: "2027-04-18T12:00:00+08:00" },
          { icon: "venue", label: { zh: "地点", en: "Venue" }, value: { zh: "厦门大学经济楼", en: "Economics Building, Xiamen University" } },
        ],
      },
    },
    { type: "countdown", props: { until: "2027-01-13T18:00:00+08:00", label: { zh: "距报名截止还有", en: "Sign-up closes in" } } },
    {
      type: "agenda",
      props: {
        title: { zh: "议程", en: "Programme" },
        palette: "teal",
        items: [
          { day: { zh: "4月17日", en: "17 Apr" }, time: "08:30–09:00", kind: "opening", title: { zh: "开幕式", en: "Opening" } },
          {
            day: { zh: "4月17日", en: "17 Apr" },
            time: "09:00–10:00",
            kind: "keynote",
            title: { zh: "年度宏观经济预测", en: "The macroeconomic outlook" },
            speaker: { zh: "陈静", en: "Jing Chen" },
          },
        ],
      },
    },
    {
      type: "eventGuests",
      props: {
        title: { zh: "嘉宾", en: "Guests" },
        palette: "teal",
        items: [{ name: { zh: "陈静", en: "Jing Chen" }, org: { zh: "厦门大学经济学院", en: "School of Economics, Xiamen University" } }],
      },
    },
    { type: "signUpForm", data: "signUp", props: { palette: "teal" } },
  ],
};

/** A past conference kept online after its window: the replay entry shows because its event is over. */
const pastConference = {
  path: "/2023amesKept",
  title: { zh: "2023计量经济学会亚洲会议", en: "AMES 2023" },
  publish: { from: "2023-05-01T09:00:00+08:00", until: "2023-08-05T18:00:00+08:00", afterUntil: "keep" },
  data: { special: { api: "/special/detail", params: { id: SPECIAL_IDS["2023ames"] } } },
  widgets: [
    { type: "eventHero", props: { title: "{data.special.title}", badge: "{data.special.status}", badgeLabels: { "4": "{t.meeting.phase.4}" } } },
    {
      type: "hero",
      visibleWhen: { value: "{data.special.status}", in: [4] },
      props: { title: "{t.spec.page.replayTitle}", actionText: "{t.spec.page.watchReplay}", actionLink: "{data.special.liveLink}" },
    },
  ],
};

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "campaign-"));
  configs = join(directory, "page-configs");
  // A campaign joins the product's pages, which it links to: the check refuses links to pages no config serves.
  cpSync(join(root, "page-configs"), configs, { recursive: true });
  writeFileSync(join(configs, "2027cfmef.json"), JSON.stringify(newConference, null, 2));
  writeFileSync(join(configs, "2023amesKept.json"), JSON.stringify(pastConference, null, 2));
  writeFileSync(
    join(configs, "2023amesClosed.json"),
    JSON.stringify({ ...pastConference, path: "/2023amesClosed", publish: { ...pastConference.publish, afterUntil: "closed" } }, null, 2),
  );
  platform = createEmbeddedPlatform({ file: join(directory, "p.sqlite"), now: () => clock, log: () => {} });
}, 60_000);

afterAll(() => {
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

function services(): AppServices {
  const store = createPageConfigStore({ directory: configs, catalogues: loadCatalogues(root), watchForChanges: false, log: () => {} });
  return {
    pages: store,
    api: createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => platform.api.fetch(new Request(input, init)) }),
    sourceCache: createSourceCache(() => clock.getTime()),
    nonce: "n",
    now: () => clock,
    sessionUser: async () => null,
    widgetModuleUrls: () => [],
    publicOrigin: "http://localhost:3000",
    isProduction: false,
  };
}

/** The loader's path for a visitor: the store resolves the path, loadPage gates and loads it. */
async function serve(path: string, lang: Lang = "zh"): Promise<PageView> {
  const s = services();
  const entry = s.pages.resolve(path);
  expect(entry?.status, `${path}: ${JSON.stringify(entry)}`).toBe("valid");
  if (entry?.status !== "valid") throw new Error("invalid");
  return loadPage({ request: new Request(`http://site.test${path}`), config: entry.config, services: s, token: null, lang });
}

async function render(view: PageView, lang: Lang = "zh"): Promise<string> {
  const i18n = await i18nFor(lang);
  return renderToString(
    createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, { initialEntries: [view.path] }, createElement(PageRenderer, { view }))),
  );
}

describe("a campaign page is one JSON file", () => {
  it("is validated and served from its folder, with its widgets and the platform's data", async () => {
    clock = new Date("2026-11-20T04:00:00.000Z");
    const view = await serve("/2027cfmef");
    expect(view.kind).toBe("page");
    expect(view.data.signUp).toMatchObject({ status: "ok", value: { canAdd: true, reason: "open", specialId: SPECIAL_IDS.abferac } });
    const html = await render(view);
    expect(html).toContain('data-page="/2027cfmef"');
    expect(html).toContain("<h1>2027中国金融市场与经济预测论坛</h1>");
    expect(html).toContain("<dd>2027年4月17日—18日</dd>");
    expect(html).toMatch(/<strong data-unit="days">54<\/strong>天/);
    expect(html).toContain('<p class="agenda-title">年度宏观经济预测</p>');
    expect(html).toContain('<span class="event-guest-name">陈静</span>');
    expect(html).toContain('data-sign-up="open"');
    expect(html).toContain("报名截止：2027年1月13日 18:00");
    // A page is loaded in the viewer's language: its data and its config's texts come in that language only (ADR 030, 034).
    const english = await render(await serve("/2027cfmef", "en"), "en");
    expect(english).toContain("<h1>China Financial Markets and Economic Forecasting Forum 2027</h1>");
    expect(english).toContain("Economics Building, Xiamen University");
  });

  it("before its window opens it is a clear 'not yet open' page, after it closes an 'ended' notice", async () => {
    clock = new Date("2026-11-15T00:59:00.000Z");
    const early = await serve("/2027cfmef");
    expect(early.kind).toBe("notYetOpen");
    expect(early.data).toEqual({});
    const earlyHtml = await render(early);
    expect(earlyHtml).toContain("页面尚未开放");
    expect(earlyHtml).toContain("2026年11月15日 09:00");
    expect(earlyHtml).not.toContain("event-hero");

    clock = new Date("2027-04-18T10:01:00.000Z");
    const late = await serve("/2027cfmef");
    expect(late.kind).toBe("closed");
    expect(await render(late)).toContain("活动已结束");
    clock = new Date("2026-11-20T04:00:00.000Z");
  });

  it("after its window a page kept with afterUntil 'keep' shows its replay; 'closed' shows the notice", async () => {
    const kept = await serve("/2023amesKept");
    expect(kept.kind).toBe("page");
    const html = await render(kept);
    expect(html).toContain("<h1>2023计量经济学会亚洲会议</h1>");
    expect(html).toContain(">可看回放</span>");
    expect(html).toMatch(/<a [^>]*href="\/viewLive\?id=\d+"[^>]*>观看回放<\/a>/);

    const closed = await serve("/2023amesClosed");
    expect(closed.kind).toBe("closed");
    expect(await render(closed)).not.toContain("观看回放");
  });

  it("the config check accepts the folder, and names a mistake by file and JSON pointer", async () => {
    const env = { ...process.env, PAGE_CONFIGS_DIR: configs };
    const good = await run("npx", ["tsx", "scripts/check-configs.ts"], { cwd: root, env });
    const pages = readdirSync(configs).filter((name) => name.endsWith(".json")).length;
    expect(good.stdout).toMatch(new RegExp(`${pages} page configs, 4 templates .* all valid`));

    const broken = join(directory, "broken-configs");
    cpSync(configs, broken, { recursive: true });
    const mistake = structuredClone(newConference) as Record<string, any>;
    mistake.widgets[1].props.until = "13 Jan 18:00";
    writeFileSync(join(broken, "2027cfmef.json"), JSON.stringify(mistake));
    const wrongCall = structuredClone(pastConference) as Record<string, any>;
    wrongCall.data.special.api = "/special/noSuchCall";
    wrongCall.widgets.at(-1).props.actionLink = "/noSuchPage?id={data.special.id}";
    writeFileSync(join(broken, "2023amesKept.json"), JSON.stringify(wrongCall));
    const failed = await run("npx", ["tsx", "scripts/check-configs.ts"], { cwd: root, env: { ...env, PAGE_CONFIGS_DIR: broken } }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("2027cfmef.json /widgets/1/props/until:");
    expect(failed?.stderr).toContain("2023amesKept.json /data/special/api: the embedded platform API does not serve POST /special/noSuchCall");
    expect(failed?.stderr).toMatch(/2023amesKept\.json \/widgets\/\d+\/props\/actionLink: links to \/noSuchPage, which no page config serves/);
  }, 60_000);
});
