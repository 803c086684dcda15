import { describe, expect, it, vi } from "vitest";
import { dataSourcesReferenced, findBindings, isLocalizedText, parseBinding, readPath, resolveBindings, type BindingScope } from "~/pipeline/bindings";

const scope: BindingScope = {
  query: { id: "42", tab: "video" },
  data: {
    plan: { title: "货币政策前沿讲座", titleEn: "Frontier Lecture on Monetary Policy", viewCount: 12, tags: ["a", "b"] },
    banners: { list: [{ id: 1 }, { id: 2 }], total: 2 },
    empty: { title: "只有中文", titleEn: "" },
  },
  user: { id: 7, userName: "alice" },
  lang: "zh",
};

describe("parseBinding / findBindings", () => {
  it("parses a whole binding into root and path", () => {
    expect(parseBinding("{data.plan.title}")).toEqual({ root: "data", path: ["plan", "title"] });
    expect(parseBinding("{query.id}")).toEqual({ root: "query", path: ["id"] });
  });

  it("rejects text that is not exactly one binding, and unknown roots", () => {
    expect(parseBinding("see {data.plan.title}")).toBeNull();
    expect(parseBinding("{window.location}")).toBeNull();
    expect(parseBinding("{data}")).toBeNull();
    expect(parseBinding("{data.plan.title()}")).toBeNull();
  });

  it("finds every known binding inside text and ignores unknown roots", () => {
    expect(findBindings("{query.id} and {data.plan.title} but not {process.env.X}")).toEqual([
      { root: "query", path: ["id"] },
      { root: "data", path: ["plan", "title"] },
    ]);
  });
});

describe("resolveBindings", () => {
  it("a whole binding resolves to the raw value (array, object, number)", () => {
    expect(resolveBindings("{data.banners.list}", scope)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(resolveBindings("{data.plan.viewCount}", scope)).toBe(12);
    expect(resolveBindings("{data.banners}", scope)).toEqual({ list: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it("inline bindings interpolate as strings; objects and missing values become empty", () => {
    expect(resolveBindings("/viewLive?id={query.id}&n={data.plan.viewCount}", scope)).toBe("/viewLive?id=42&n=12");
    expect(resolveBindings("x{data.banners}y", scope)).toBe("xy");
    expect(resolveBindings("x{data.nothing.here}y", scope)).toBe("xy");
    expect(resolveBindings("{data.nothing.here}", scope)).toBeUndefined();
  });

  it("leaves text without bindings and non-binding braces alone", () => {
    expect(resolveBindings("plain text", scope)).toBe("plain text");
    expect(resolveBindings("{not a binding}", scope)).toBe("{not a binding}");
    expect(resolveBindings("{foo.bar}", scope)).toBe("{foo.bar}");
  });

  it("{t.ns.key} goes through translate with namespace and dotted key", () => {
    const translate = vi.fn((namespace: string, key: string) => `${namespace}:${key}!`);
    expect(resolveBindings("{t.live.status.2}", { ...scope, translate })).toBe("live:status.2!");
    expect(translate).toHaveBeenCalledWith("live", "status.2");
    expect(resolveBindings("[{t.home.views}]", { ...scope, translate })).toBe("[home:views!]");
  });

  it("{t…} without translate falls back to the key", () => {
    expect(resolveBindings("{t.home.views}", { lang: "zh" })).toBe("views");
  });

  it("zh/en pairs become the current language's text", () => {
    const value = { title: { zh: "首页", en: "Home" }, nested: [{ zh: "一", en: "one" }] };
    expect(resolveBindings(value, { ...scope, lang: "zh" })).toEqual({ title: "首页", nested: ["一"] });
    expect(resolveBindings(value, { ...scope, lang: "en" })).toEqual({ title: "Home", nested: ["one"] });
  });

  it("an object with more keys than zh and en is not a language pair", () => {
    expect(isLocalizedText({ zh: "a", en: "b" })).toBe(true);
    expect(isLocalizedText({ zh: "a", en: "b", link: "/x" })).toBe(false);
    expect(isLocalizedText({ zh: "a", de: "b" })).toBe(false);
    expect(resolveBindings({ zh: "a", en: "b", link: "/x" }, { lang: "en" })).toEqual({ zh: "a", en: "b", link: "/x" });
  });

  it("the En sibling rule: in en a field prefers its non-empty `fieldEn` sibling", () => {
    expect(resolveBindings("{data.plan.title}", { ...scope, lang: "en" })).toBe("Frontier Lecture on Monetary Policy");
    expect(resolveBindings("{data.plan.title}", { ...scope, lang: "zh" })).toBe("货币政策前沿讲座");
    // an empty English sibling falls back to the Chinese field
    expect(resolveBindings("{data.empty.title}", { ...scope, lang: "en" })).toBe("只有中文");
    // only the last segment looks for a sibling
    expect(readPath({ a: { b: 1 }, aEn: { b: 2 } }, ["a", "b"], "en")).toBe(1);
  });

  it("{item.x} stays as written while no item is in scope, and resolves per item", () => {
    const template = { title: "{item.title}", link: "/videoDetail?id={item.id}", meta: ["{item.authorName}"] };
    expect(resolveBindings(template, scope)).toEqual(template);
    const item = { id: 9, title: "标题", titleEn: "Title", authorName: "王伟" };
    expect(resolveBindings(template, { ...scope, item })).toEqual({ title: "标题", link: "/videoDetail?id=9", meta: ["王伟"] });
    expect(resolveBindings(template, { ...scope, lang: "en", item })).toEqual({ title: "Title", link: "/videoDetail?id=9", meta: ["王伟"] });
  });

  it("an inline mix resolves known roots and keeps deferred {item…} when no item is in scope", () => {
    expect(resolveBindings("{query.id}-{item.id}", scope)).toBe("42-{item.id}");
  });

  it("never reaches the prototype chain", () => {
    const hostile = { data: { plan: {} as Record<string, unknown> } };
    expect(resolveBindings("{data.__proto__}", hostile)).toBeUndefined();
    expect(resolveBindings("{data.plan.constructor}", hostile)).toBeUndefined();
    expect(resolveBindings("{data.plan.constructor.prototype}", hostile)).toBeUndefined();
    expect(resolveBindings("{data.plan.toString}", hostile)).toBeUndefined();
    expect(resolveBindings("{data.plan.hasOwnProperty}", hostile)).toBeUndefined();
    expect(resolveBindings("x{data.plan.constructor.name}y", hostile)).toBe("xy");
    expect(readPath({ a: 1 }, ["__proto__", "polluted"])).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads own properties only, including on arrays", () => {
    expect(readPath({ list: ["x", "y"] }, ["list", "1"])).toBe("y");
    expect(readPath({ list: ["x", "y"] }, ["list", "length"])).toBe(2);
    expect(readPath({ list: ["x", "y"] }, ["list", "map"])).toBeUndefined();
  });

  it("user bindings read the session user", () => {
    expect(resolveBindings("{user.userName}", scope)).toBe("alice");
    expect(resolveBindings("{user.userName}", { ...scope, user: null })).toBeUndefined();
  });

  it("does not mutate its input", () => {
    const props = { title: "{data.plan.title}", list: ["{query.id}"] };
    const copy = structuredClone(props);
    resolveBindings(props, scope);
    expect(props).toEqual(copy);
  });
});

describe("dataSourcesReferenced", () => {
  it("collects source names from whole and inline data bindings anywhere in a value", () => {
    const names = dataSourcesReferenced({
      items: "{data.banners.list}",
      title: "Hello {data.plan.title} / {query.id} / {t.home.views}",
      nested: [{ deep: { x: "{data.videos.total}" } }],
      pair: { zh: "{data.zhOnly.x}", en: "plain" },
      template: "{item.title}",
      number: 3,
    });
    expect([...names].sort()).toEqual(["banners", "plan", "videos", "zhOnly"]);
  });

  it("adds into an existing set and finds nothing in plain values", () => {
    const into = new Set(["a"]);
    expect(dataSourcesReferenced("{data.b.c}", into)).toBe(into);
    expect([...into]).toEqual(["a", "b"]);
    expect(dataSourcesReferenced({ a: 1, b: null, c: "text" }).size).toBe(0);
  });
});
