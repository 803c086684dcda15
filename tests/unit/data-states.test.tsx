/**
 * Issue 34 (ADR 079): one state for empty, not found, failed and offline. A subject that does not exist is told as not
 * found (never "内容加载失败"), a device without a network as offline, and a source the visitor's session cannot open
 * as the way in once the browser has taken over, not a placeholder forever.
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { noticeKindOf, StateNotice, type NoticeKind } from "~/renderer/StateNotice";
import { waitingState } from "~/renderer/WidgetFrame";
import { i18nFor, type Lang } from "./render-widget";

async function render(kind: NoticeKind, lang: Lang, retry = false): Promise<string> {
  const i18n = await i18nFor(lang);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <StateNotice kind={kind} retry={retry ? { onRetry: () => undefined, href: "/pointMall" } : undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the kind of a failed answer", () => {
  it("is offline whatever the code when the device has no network, else not found for 404, else failed", () => {
    expect(noticeKindOf({ code: 404 }, false)).toBe("offline");
    expect(noticeKindOf({ code: -1 }, false)).toBe("offline");
    expect(noticeKindOf({ code: 404 }, true)).toBe("notFound");
    expect(noticeKindOf({ code: 500 }, true)).toBe("failed");
    expect(noticeKindOf({ code: -1 }, true)).toBe("failed");
    expect(noticeKindOf({}, true)).toBe("failed");
  });
});

describe("the state notice", () => {
  it("words not found as not found, in zh and en", async () => {
    const zh = await render("notFound", "zh");
    expect(zh).toContain('data-state="notFound"');
    expect(zh).toContain("没有找到这项内容");
    expect(zh).not.toContain("内容加载失败");
    const en = await render("notFound", "en");
    expect(en).toContain("We could not find this");
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("words offline as offline and offers the catalogue's retry as a link to the page", async () => {
    const zh = await render("offline", "zh", true);
    expect(zh).toContain("网络已断开");
    expect(zh).toMatch(/<a [^>]*class="button state-retry"[^>]*href="\/pointMall"[^>]*>重试<\/a>/);
    const en = await render("failed", "en", true);
    expect(en).toContain("Failed to load");
    expect(en).toContain(">Try again</a>");
  });

  it("says nothing is here for an empty list, and the widget's own words when it has them", async () => {
    expect(await render("empty", "zh")).toContain('<p class="state-notice-text">暂无内容</p>');
    const i18n = await i18nFor("en");
    const own = renderToString(
      <I18nextProvider i18n={i18n}>
        <StateNotice kind="empty" text="No orders yet" className="order-empty" />
      </I18nextProvider>,
    );
    expect(own).toContain('class="state-notice state-empty order-empty"');
    expect(own).toContain(">No orders yet</p>");
  });
});

describe("what stands in for a widget until its sources are in", () => {
  const ok = { status: "ok" as const, value: [] };
  it("is the failed source's state, its code kept", () => {
    expect(waitingState([ok, { status: "error", message: "订单不存在", code: 404 }], true)).toEqual({ status: "error", message: "订单不存在", code: 404 });
  });

  it("is the gate once the browser has taken over, loading before (a signed-in browser may still load it)", () => {
    const gated = { status: "gated" as const, outcome: "needLogin" as const };
    expect(waitingState([gated], true)).toEqual(gated);
    expect(waitingState([gated], false)).toEqual({ status: "loading" });
  });

  it("is loading while a source loads, nothing when all are in", () => {
    expect(waitingState([ok, { status: "loading" }], true)).toEqual({ status: "loading" });
    expect(waitingState([ok, undefined], true)).toBeUndefined();
  });
});
