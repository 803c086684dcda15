import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { readFileSync } from "node:fs";
import { shownState, wording } from "./component";

const state = (status: string, paymentStatus: string) => ({ status, paymentStatus, kind: "course", itemId: 7 }) as Parameters<typeof shownState>[0];

describe("payStatus", () => {
  it("reads the order's state: paid, declined (payable again), closed, or still waiting and then timed out", () => {
    expect(shownState(state("paid", "succeeded"), false)).toBe("paid");
    expect(shownState(state("fulfilled", "succeeded"), false)).toBe("paid");
    expect(shownState(state("created", "declined"), false)).toBe("declined");
    expect(shownState(state("expired", "declined"), false)).toBe("ended");
    expect(shownState(state("cancelled", "refunded"), true)).toBe("ended");
    expect(shownState(state("created", "pending"), false)).toBe("checking");
    expect(shownState(null, false)).toBe("checking");
    expect(shownState(state("created", "pending"), true)).toBe("timeout");
  });

  it("says a refunded order was refunded, never that it closed unpaid or was cancelled", () => {
    expect(shownState(state("refunded", "refunded"), false)).toBe("refunded");
    const { title, text } = wording("refunded", "goods");
    const zh = JSON.parse(readFileSync(new URL("../../contracts/locales/zh/order.json", import.meta.url), "utf8"));
    const say = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zh) as string;
    expect(say(title)).toBe("订单已退款");
    expect(`${say(title)}${say(text)}`).not.toMatch(/关闭|取消|超时/);
  });

  it("first renders the waiting state, announced to screen readers", async () => {
    const html = await renderWidget("payStatus", {
      props: { orderLink: "/myOrderDetail", courseLink: "/boutiqueSpec", shopLink: "/boutiqueSpecIntroList" },
      query: { orderNo: "2027060112345" },
      lang: "en",
    });
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain("Confirming your payment…");
  });
});
