/**
 * The console in an operator's words (issue 28): each kind of problem worded in zh and en without a regex or a JSON
 * pointer, its place numbered as the form numbers (from 1), once; cross-field rules; changes and merges by section.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance, type TFunction } from "i18next";
import { loadCatalogues } from "@contracts/catalogues.server";
import { crossFieldProblems } from "@contracts/config-rules";
import { mergeProblems, schemaProblems } from "~/ops/editor/problems";
import { changeText, problemPlace } from "~/ops/editor/labels";
import { mergeBySection, sameConfig, sectionChanges } from "~/ops/editor/sections";
import { searchBlocks } from "~/ops/editor/fields";
import { widgetMeta } from "@schemas/generated/widget-meta";
import { widgetRegistry } from "@widgets/registry";

const root = join(import.meta.dirname, "..", "..");
const catalogues = loadCatalogues(root, ["ops", "opsEditor"]);
const AMES = JSON.parse(readFileSync(join(root, "page-configs", "2023ames.json"), "utf8")) as Record<string, unknown> & {
  widgets: { type: string; props?: Record<string, unknown> }[];
};
const bundle = JSON.parse(readFileSync(join(root, "schemas/generated/page-config.bundle.json"), "utf8"));
const PATTERNS = {
  [bundle.$defs.link.pattern]: "link",
  [bundle.$defs.internalPath.pattern]: "internalPath",
  [bundle.properties.path.pattern]: "path",
  [bundle.$defs.dataSource.properties.api.pattern]: "api",
};

async function translator(lang: "zh" | "en"): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({ lng: lang, resources: { [lang]: catalogues[lang] }, interpolation: { escapeValue: false } });
  return instance.t;
}

const withChange = (change: (config: typeof AMES) => void) => {
  const config = structuredClone(AMES);
  change(config);
  return config;
};

const REGEX_OR_POINTER = /[\^$\\]|\/widgets\/|\/props\//;

describe("problems in the operator's language", () => {
  const cases: [string, (config: typeof AMES) => void, string, { zh: RegExp; en: RegExp }][] = [
    ["a missing required text", (config) => delete (config as { title?: unknown }).title, "/title", { zh: /必填/, en: /Required/i }],
    ["a path not in the path form", (config) => (config.path = "2027 ames"), "/path", { zh: /以 \/ 开头/, en: /starts with \//i }],
    [
      "a link that is neither / nor https://",
      (config) => ((config.widgets[0].props as { actions: unknown[] }).actions = [{ text: { zh: "报名", en: "Sign up" }, link: "www.example.com" }]),
      "/widgets/0/props/actions/0/link",
      { zh: /以 \/ 或 https:\/\/ 开头/, en: /starts with \/ or https:\/\//i },
    ],
    ["a date that is not a date", (config) => ((config.publish as { from: string }).from = "2027-13-45T09:00"), "/publish/from", { zh: /日期/, en: /date/i }],
    [
      "a value outside its choices",
      (config) => ((config.layout as { theme: string }).theme = "neon"),
      "/layout/theme",
      { zh: /只能选：.*会议/, en: /Choose one of: .*Conference/ },
    ],
  ];
  for (const lang of ["zh", "en"] as const) {
    for (const [kind, change, pointer, words] of cases) {
      it(`words ${kind} in ${lang}, at its field, without a pattern or a pointer`, async () => {
        const t = await translator(lang);
        const problems = schemaProblems(withChange(change), t, PATTERNS);
        const found = problems.filter((problem) => problem.pointer === pointer);
        expect(found).toHaveLength(1);
        expect(found[0].message).toMatch(words[lang]);
        expect(found[0].message).not.toMatch(REGEX_OR_POINTER);
        if (lang === "zh") expect(found[0].message).not.toMatch(/\b(must|missing|match|property)\b/);
      });
    }
  }

  it("places a problem as the form numbers it, from 1, naming the block", async () => {
    const guests = AMES.widgets.findIndex((widget) => widget.type === "eventGuests");
    const zh = await translator("zh");
    const en = await translator("en");
    const pointer = `/widgets/${guests}/props/items/1/name/zh`;
    const config = withChange((draft) => ((draft.widgets[guests].props as { items: unknown[] }).items = [{}, {}]));
    expect(problemPlace(pointer, config, zh, "zh")).toBe(`第 ${guests + 1} 个组件「嘉宾」 › 条目 › 第 2 项 › 姓名 › 中文`);
    expect(problemPlace(pointer, config, en, "en")).toContain(`Block ${guests + 1} “Guests”`);
    expect(problemPlace("/", config, zh, "zh")).toBe("整个页面");
  });

  it("says a problem once: the server's words for a field the form already flags are dropped; coded ones are worded here", async () => {
    const t = await translator("zh");
    const merged = mergeProblems(
      [{ pointer: "/title/zh", message: "必填" }],
      [
        { pointer: "/title", message: '/title missing required property "zh"' },
        { pointer: "/path", message: "path must be /x", code: "pathMismatch", params: { path: "/x" } },
        { pointer: "/path", message: "again", code: "pathMismatch", params: { path: "/x" } },
      ],
      t,
    );
    expect(merged).toEqual([
      { pointer: "/title/zh", message: "必填" },
      { pointer: "/path", message: "路径必须是 /x", code: "pathMismatch", params: { path: "/x" } },
    ]);
  });
});

describe("cross-field rules", () => {
  it("refuse a publish window that ends before it starts, at its end", () => {
    const config = withChange((draft) => (draft.publish = { from: "2027-04-18T09:00:00+08:00", until: "2027-04-17T09:00:00+08:00" }));
    expect(crossFieldProblems(config)).toEqual([{ pointer: "/publish/until", code: "windowOrder", params: { from: "2027-04-18T09:00:00+08:00" } }]);
    expect(crossFieldProblems(withChange((draft) => (draft.publish = { from: "2027-04-17T09:00:00+08:00", until: "2027-04-18T09:00:00+08:00" })))).toEqual([]);
  });

  it("refuse an event fact (a sign-up deadline, the event's dates) that ends before it starts, and leave bindings alone", () => {
    const config = withChange((draft) => {
      draft.widgets[0].props = {
        ...draft.widgets[0].props,
        facts: [
          { icon: "calendar", from: "2027-04-19T09:00:00+08:00", to: "2027-04-18T18:00:00+08:00" },
          { icon: "deadline", from: "{data.special.start}", to: "2027-01-01T00:00:00+08:00" },
        ],
      };
    });
    expect(crossFieldProblems(config).map((problem) => problem.pointer)).toEqual(["/widgets/0/props/facts/0/to"]);
  });
});

describe("sections", () => {
  it("count one removed block as one change, not the blocks below it shifting up", async () => {
    const after = withChange((draft) => draft.widgets.splice(1, 1));
    const changes = sectionChanges(AMES, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ op: "removed", kind: "widget", name: AMES.widgets[1].type, position: 2 });
    expect(changeText(changes[0], await translator("zh"), "zh")).toMatch(/^删除 第 2 个组件「/);
  });

  it("name the fields a change touches, in words", async () => {
    const after = withChange((draft) => ((draft.widgets[0].props as { kicker: unknown }).kicker = { zh: "新", en: "New" }));
    const [change] = sectionChanges(AMES, after);
    expect(changeText(change, await translator("en"), "en")).toBe("Changed Block 1 “Event banner” (Kicker)");
    expect(sameConfig(AMES, structuredClone(AMES))).toBe(true);
  });

  it("merge mine and theirs section by section as chosen, keeping each side's own blocks", () => {
    const mine = withChange((draft) => {
      draft.title = { zh: "我的标题", en: "My title" };
      draft.widgets.push({ type: "countdown", props: { until: "2027-04-18T09:00:00+08:00" } });
    });
    const theirs = withChange((draft) => {
      draft.title = { zh: "他们的标题", en: "Their title" };
      (draft.layout as { theme: string }).theme = "campaign";
      draft.widgets.splice(1, 0, { type: "hero", props: { title: { zh: "新", en: "New" } } });
    });
    const merged = mergeBySection(mine, theirs, { "setting:layout": "theirs", "widget:hero#1": "theirs" }) as typeof AMES;
    expect(merged.title).toEqual({ zh: "我的标题", en: "My title" });
    expect((merged.layout as { theme: string }).theme).toBe("campaign");
    expect(merged.widgets.map((widget) => widget.type)).toEqual([
      AMES.widgets[0].type,
      "hero",
      ...AMES.widgets.slice(1).map((widget) => widget.type),
      "countdown",
    ]);
    const allTheirs = mergeBySection(mine, theirs, Object.fromEntries(sectionChanges(theirs, mine).map((change) => [change.key, "theirs" as const])));
    expect(sameConfig(allTheirs, theirs)).toBe(true);
  });
});

describe("blocks an operator understands", () => {
  it("every widget declares a name, description and icon in zh and en", () => {
    for (const type of Object.keys(widgetRegistry)) {
      const meta = widgetMeta[type];
      expect(meta, type).toBeDefined();
      expect(meta.name.zh && meta.name.en && meta.description.zh && meta.description.en && meta.icon, type).toBeTruthy();
      expect(meta.name.zh, `${type} has a Chinese name, not its code name`).not.toMatch(/^[A-Za-z]+$/);
    }
  });

  it("are found by words of their name or description in either language", () => {
    const types = Object.keys(widgetRegistry);
    expect(searchBlocks(types, "嘉宾", "zh")).toContain("eventGuests");
    expect(searchBlocks(types, "agenda", "en")).toContain("agenda");
    expect(searchBlocks(types, "sign-up", "en")).toContain("signUpForm");
    expect(searchBlocks(types, "倒计时", "zh")).toContain("countdown");
    expect(searchBlocks(types, "倒计时", "zh")).not.toContain("agenda");
  });
});
