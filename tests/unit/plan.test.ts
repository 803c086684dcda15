import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { withConfigDefaults } from "@server/config-check.server";
import { describe, expect, it } from "vitest";
import type { PageConfig } from "@schemas/generated/page-config";
import { plannedSources } from "~/pipeline/plan";
import type { SessionUser } from "@contracts/gate";

const visitor = null;
const member: SessionUser = { id: 1, userName: "13800000000", isBindPhone: 1 };
const scholar: SessionUser = { id: 2, userName: "13900000000", isBindPhone: 1, authorCode: "A100001" };
const wxUnbound: SessionUser = { id: 3, userName: "wx:abc", isBindPhone: 0 };

const item = { title: "{item.title}" };

function config(partial: Partial<PageConfigInput>): PageConfig {
  return withConfigDefaults({ path: "/plan", title: { zh: "计划", en: "Plan" }, widgets: [], ...partial });
}

describe("plannedSources", () => {
  it("a source used only by a login-gated widget is gated for a visitor and loaded for a logged-in user", () => {
    const page = config({
      data: { papers: { api: "/mpPaper/searchAll" }, banners: { api: "/banner/list" } },
      widgets: [
        { type: "bannerCarousel", props: { items: "{data.banners.list}" } },
        { type: "contentList", data: "papers", gate: "login", props: { item } },
      ],
    });
    const forVisitor = plannedSources(page, visitor);
    expect(forVisitor.get("papers")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(forVisitor.get("banners")).toBe("load");

    const forMember = plannedSources(page, member);
    expect(forMember.get("papers")).toBe("load");
    expect(forMember.get("banners")).toBe("load");
  });

  it("a source used by an open widget and a gated one is loaded for everyone", () => {
    const page = config({
      data: { papers: { api: "/mpPaper/searchAll" } },
      widgets: [
        { type: "contentList", data: "papers", gate: "scholar", props: { item } },
        { type: "hero", props: { title: "{data.papers.list.0.title}" } },
      ],
    });
    expect(plannedSources(page, visitor).get("papers")).toBe("load");
  });

  it("the outcome is the first unmet gate of the widget that uses the source", () => {
    const page = config({
      data: { talks: { api: "/plan/list" } },
      widgets: [{ type: "contentList", data: "talks", gate: "scholar", props: { item } }],
    });
    expect(plannedSources(page, visitor).get("talks")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(plannedSources(page, wxUnbound).get("talks")).toEqual({ status: "gated", outcome: "needBind" });
    expect(plannedSources(page, member).get("talks")).toEqual({ status: "gated", outcome: "needVerify" });
    expect(plannedSources(page, scholar).get("talks")).toBe("load");
  });

  it("client-side sources are loading, unless gated", () => {
    const page = config({
      data: {
        mine: { api: "/user/orders", side: "client" },
        mineGated: { api: "/user/coupons", side: "client" },
      },
      widgets: [
        { type: "contentList", data: "mine", props: { item } },
        { type: "contentList", data: "mineGated", gate: "login", props: { item } },
      ],
    });
    const forVisitor = plannedSources(page, visitor);
    expect(forVisitor.get("mine")).toEqual({ status: "loading" });
    expect(forVisitor.get("mineGated")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(plannedSources(page, member).get("mineGated")).toEqual({ status: "loading" });
  });

  it("a source's own gate applies even when an open widget uses it", () => {
    const page = config({
      data: { secret: { api: "/vip/list", gate: "vip" }, scholarOnly: { api: "/author/list", gate: "scholar", side: "client" } },
      widgets: [
        { type: "contentList", data: "secret", props: { item } },
        { type: "contentList", data: "scholarOnly", props: { item } },
      ],
    });
    expect(plannedSources(page, visitor).get("secret")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(plannedSources(page, member).get("secret")).toEqual({ status: "gated", outcome: "needVip" });
    expect(plannedSources(page, { ...member, isVip: true }).get("secret")).toBe("load");
    expect(plannedSources(page, member).get("scholarOnly")).toEqual({ status: "gated", outcome: "needVerify" });
    expect(plannedSources(page, scholar).get("scholarOnly")).toEqual({ status: "loading" });
  });

  it("nested children inherit their ancestors' gates", () => {
    const page = config({
      data: { inner: { api: "/plan/list" }, deeper: { api: "/video/list" } },
      widgets: [
        {
          type: "tabs",
          gate: "login",
          props: { labels: [{ zh: "一", en: "One" }] },
          children: [
            { type: "contentList", data: "inner", props: { item } },
            {
              type: "tabs",
              gate: "phoneBound",
              props: { labels: [{ zh: "二", en: "Two" }] },
              children: [{ type: "contentList", data: "deeper", props: { item } }],
            },
          ],
        },
      ],
    });
    const forVisitor = plannedSources(page, visitor);
    expect(forVisitor.get("inner")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(forVisitor.get("deeper")).toEqual({ status: "gated", outcome: "needLogin" });
    const forUnbound = plannedSources(page, wxUnbound);
    expect(forUnbound.get("inner")).toBe("load");
    expect(forUnbound.get("deeper")).toEqual({ status: "gated", outcome: "needBind" });
    expect(plannedSources(page, member).get("deeper")).toBe("load");
  });

  it("bindings in props and visibleWhen count as uses", () => {
    const page = config({
      data: { count: { api: "/count" }, hidden: { api: "/hidden" } },
      widgets: [
        { type: "hero", gate: "login", props: { title: "{data.count.title}" } },
        { type: "emptyState", gate: "login", visibleWhen: { value: "{data.hidden.total}", equals: 0 } },
      ],
    });
    const forVisitor = plannedSources(page, visitor);
    expect(forVisitor.get("count")).toEqual({ status: "gated", outcome: "needLogin" });
    expect(forVisitor.get("hidden")).toEqual({ status: "gated", outcome: "needLogin" });
  });

  it("plans every declared source, used or not, and nothing else", () => {
    const page = config({
      data: { unused: { api: "/unused" } },
      widgets: [{ type: "contentList", data: "undeclared", props: { item } }],
    });
    const plan = plannedSources(page, visitor);
    expect([...plan.keys()]).toEqual(["unused"]);
    expect(plan.get("unused")).toBe("load");
  });
});
