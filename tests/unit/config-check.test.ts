import { beforeAll, describe, expect, it } from "vitest";
import { checkPageConfig, withConfigDefaults } from "@server/config-check.server";
import { loadCatalogues, type Catalogues } from "@contracts/catalogues.server";

let catalogues: Catalogues;
beforeAll(() => {
  catalogues = loadCatalogues();
});

/** A small but complete config: data with a query binding, lists, tabs, t-bindings in both languages. */
function validConfig(): Record<string, any> {
  return {
    path: "/unitCheck",
    aliases: ["/unitCheckAlias"],
    title: { zh: "检查", en: "Check" },
    keepAlive: true,
    gate: "visitor",
    query: { id: { default: "1" }, tab: {} },
    data: {
      lives: { api: "/plan/list", params: { pageSize: 6, keyword: "{query.tab}" }, cacheSeconds: 30 },
      mine: { api: "/user/orders", side: "client", gate: "login" },
    },
    publish: { from: "2027-01-01T00:00:00+08:00", until: "2027-02-01T00:00:00+08:00" },
    widgets: [
      { type: "hero", props: { title: "{t.home.latest}", subtitle: { zh: "副标题", en: "Subtitle" }, tone: "dark", actionLink: "/liveList?id={query.id}" } },
      {
        type: "tabs",
        props: { labels: ["{t.home.tabLive}", { zh: "我的", en: "Mine" }], queryKey: "tab" },
        children: [
          {
            type: "contentList",
            data: "lives",
            props: {
              title: "{t.live.title}",
              paged: true,
              item: {
                title: "{item.title}",
                badge: "{item.status}",
                badgeLabels: { "2": "{t.live.status.2}" },
                count: "{item.viewCount}",
                link: "{item.link}",
              },
            },
          },
          { type: "contentList", data: "mine", gate: "login", props: { item: { title: "{item.title}" } } },
        ],
      },
      { type: "countdown", props: { until: "2027-01-13T18:00:00+08:00", label: { zh: "距截止", en: "Closes in" } } },
      { type: "emptyState", visibleWhen: { value: "{data.lives.total}", equals: 0 } },
    ],
  };
}

const check = (config: unknown) => checkPageConfig(JSON.stringify(config), catalogues);

describe("checkPageConfig", () => {
  it("accepts a valid config", () => {
    const result = check(validConfig());
    expect(result.problems).toEqual([]);
    expect(result.config?.path).toBe("/unitCheck");
  });

  it("rejects a wrong prop value for the widget's type, at the prop's JSON pointer", () => {
    const config = validConfig();
    config.widgets[0].props.tone = "neon";
    const result = check(config);
    expect(result.config).toBeNull();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].pointer).toBe("/widgets/0/props/tone");
    expect(result.problems[0].message).toContain('"brand"');
  });

  it("checks props of nested children by their own type", () => {
    const config = validConfig();
    config.widgets[1].children[0].props.variant = "carousel";
    const result = check(config);
    expect(result.problems.map((p) => p.pointer)).toEqual(["/widgets/1/children/0/props/variant"]);
  });

  it("rejects an unknown widget type", () => {
    const config = validConfig();
    config.widgets.push({ type: "marquee", props: {} });
    const result = check(config);
    expect(result.config).toBeNull();
    expect(result.problems.some((p) => p.pointer === "/widgets/4/type" && /must be one of/.test(p.message))).toBe(true);
  });

  it("rejects an unknown property, naming it", () => {
    const config = validConfig();
    config.widgets[0].props.colour = "red";
    const result = check(config);
    expect(result.problems).toContainEqual({ pointer: "/widgets/0/props", message: 'unknown property "colour"' });

    const top = validConfig();
    top.widget = [];
    expect(check(top).problems).toContainEqual({ pointer: "/", message: 'unknown property "widget"' });
  });

  it("rejects missing required props", () => {
    const noProps = validConfig();
    delete noProps.widgets[2].props;
    expect(check(noProps).problems).toContainEqual({ pointer: "/widgets/2/props", message: 'missing required property "until"' });

    const noTitle = validConfig();
    delete noTitle.widgets[0].props.title;
    expect(check(noTitle).problems).toContainEqual({ pointer: "/widgets/0/props", message: 'missing required property "title"' });

    const noPath = validConfig();
    delete noPath.path;
    expect(check(noPath).problems).toContainEqual({ pointer: "/", message: 'missing required property "path"' });
  });

  it("rejects a text that is neither a zh/en pair nor a binding", () => {
    const config = validConfig();
    config.widgets[0].props.title = "plain text";
    const result = check(config);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].pointer).toBe("/widgets/0/props/title");
    expect(result.problems[0].message).toMatch(/zh\/en pair/);
  });

  it("rejects an undeclared data source in `data`", () => {
    const config = validConfig();
    config.widgets[1].children[0].data = "livez";
    const result = check(config);
    expect(result.config).not.toBeNull();
    expect(result.problems).toEqual([{ pointer: "/widgets/1/children/0/data", message: 'data source "livez" is not declared in "data"' }]);
  });

  it("rejects an undeclared data source in a {data.x} binding, in props and in visibleWhen", () => {
    const config = validConfig();
    config.widgets[0].props.subtitle = "{data.plan.title}";
    config.widgets[3].visibleWhen.value = "{data.other.total}";
    const result = check(config);
    expect(result.problems).toEqual([
      { pointer: "/widgets/0/props/subtitle", message: 'data source "plan" is not declared in "data"' },
      { pointer: "/widgets/3/visibleWhen/value", message: 'data source "other" is not declared in "data"' },
    ]);
  });

  it("rejects an undeclared query binding, in props and in source params", () => {
    const config = validConfig();
    config.widgets[0].props.actionLink = "/liveList?id={query.planId}";
    config.data.lives.params.keyword = "{query.kw}";
    const result = check(config);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { pointer: "/widgets/0/props/actionLink", message: 'query value "planId" is not declared in "query"' },
        { pointer: "/data/lives/params/keyword", message: 'query value "kw" is not declared in "query"' },
      ]),
    );
    expect(result.problems).toHaveLength(2);
  });

  it("source params may bind only {query.…}", () => {
    const config = validConfig();
    config.data.lives.params.keyword = "{data.mine.id}";
    expect(check(config).problems).toContainEqual({ pointer: "/data/lives/params/keyword", message: "data source params may only bind {query.…}" });
  });

  it("rejects an i18n key missing in both languages, naming each", () => {
    const config = validConfig();
    config.widgets[0].props.title = "{t.home.noSuchKey}";
    const result = check(config);
    expect(result.problems).toEqual([
      { pointer: "/widgets/0/props/title", message: 'i18n key "home:noSuchKey" is missing in zh' },
      { pointer: "/widgets/0/props/title", message: 'i18n key "home:noSuchKey" is missing in en' },
    ]);
  });

  it("rejects an i18n key missing in only one language", () => {
    const onlyZh = structuredClone(catalogues);
    onlyZh.zh.home = { ...onlyZh.zh.home, unitOnlyZh: "只有中文" };
    const config = validConfig();
    config.widgets[0].props.title = "{t.home.unitOnlyZh}";
    const result = checkPageConfig(JSON.stringify(config), onlyZh);
    expect(result.problems).toEqual([{ pointer: "/widgets/0/props/title", message: 'i18n key "home:unitOnlyZh" is missing in en' }]);

    const onlyEn = structuredClone(catalogues);
    onlyEn.en.home = { ...onlyEn.en.home, unitOnlyEn: "English only" };
    config.widgets[0].props.title = "{t.home.unitOnlyEn}";
    expect(checkPageConfig(JSON.stringify(config), onlyEn).problems).toEqual([
      { pointer: "/widgets/0/props/title", message: 'i18n key "home:unitOnlyEn" is missing in zh' },
    ]);
  });

  it("an i18n key must name a text, not a group of texts", () => {
    const config = validConfig();
    config.widgets[0].props.title = "{t.live.status}";
    const result = check(config);
    expect(result.problems.map((p) => p.message)).toEqual(['i18n key "live:status" is missing in zh', 'i18n key "live:status" is missing in en']);
  });

  it("rejects tabs whose labels and children differ in number", () => {
    const config = validConfig();
    config.widgets[1].props.labels.push({ zh: "第三", en: "Third" });
    expect(check(config).problems).toEqual([{ pointer: "/widgets/1/children", message: "tabs has 3 labels but 2 children" }]);

    const fewer = validConfig();
    fewer.widgets[1].children.push({ type: "emptyState" });
    expect(check(fewer).problems).toEqual([{ pointer: "/widgets/1/children", message: "tabs has 2 labels but 3 children" }]);
  });

  it("rejects invalid JSON with a readable message", () => {
    const result = checkPageConfig('{ "path": "/x", ', catalogues);
    expect(result.config).toBeNull();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].pointer).toBe("/");
    expect(result.problems[0].message).toMatch(/^invalid JSON: /);
  });

  it("rejects values the schema constrains outside widgets", () => {
    const badPath = validConfig();
    badPath.path = "unitCheck";
    expect(check(badPath).problems.map((p) => p.pointer)).toContain("/path");
    badPath.path = "/unit check";
    expect(check(badPath).problems.map((p) => p.pointer)).toContain("/path");
    badPath.path = "/unitCheck";
    badPath.aliases = ["/ok", "/not ok"];
    expect(check(badPath).problems.map((p) => p.pointer)).toContain("/aliases/1");

    const badGate = validConfig();
    badGate.gate = "admin";
    expect(check(badGate).problems.map((p) => p.pointer)).toContain("/gate");

    const badDefault = validConfig();
    badDefault.query.id.default = "<x>";
    expect(check(badDefault).problems.map((p) => p.pointer)).toContain("/query/id/default");

    const badDate = validConfig();
    badDate.publish.from = "next monday";
    expect(check(badDate).problems.map((p) => p.pointer)).toContain("/publish/from");
  });
});

describe("withConfigDefaults", () => {
  it("fills in schema defaults everywhere: data sources, publish window, props, nested nodes written without props", () => {
    const config = withConfigDefaults({
      path: "/defaults",
      title: { zh: "默认", en: "Defaults" },
      publish: { until: "2099-01-01T00:00:00+08:00" },
      data: { guests: { api: "/guest/list" } },
      widgets: [
        { type: "hero", props: { title: { zh: "标题", en: "Title" } } },
        { type: "tabs", props: { labels: [{ zh: "嘉宾", en: "Guests" }] }, children: [{ type: "guestList", data: "guests" }] },
      ],
    });
    expect(config.data?.guests).toMatchObject({ method: "POST", side: "server" });
    expect(config.publish?.afterUntil).toBe("closed");
    expect(config.widgets[0].props).toMatchObject({ tone: "brand" });
    expect(config.widgets[1].props).toMatchObject({ sticky: false });
    expect(config.widgets[1].children?.[0].props).toEqual({ listField: "list", showRoles: true });
  });

  it("refuses an invalid config with the pointer of each problem", () => {
    expect(() => withConfigDefaults({ path: "/bad", title: { zh: "坏", en: "Bad" }, widgets: [{ type: "hero", props: { tone: "neon" } }] } as never)).toThrow(
      /\/widgets\/0\/props/,
    );
  });
});
