import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { shownState } from "./component";

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
