import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { receiveState } from "./component";

const voucher = { mine: false, status: "waiting" as const, receivedByMe: false, alreadyUnlocked: false };

describe("bookVoucher", () => {
  it("lets a friend take a waiting voucher; the giver, a taken voucher and an owned book each say why not", () => {
    expect(receiveState(voucher)).toBe("take");
    expect(receiveState({ ...voucher, mine: true })).toBe("own");
    expect(receiveState({ ...voucher, status: "received" })).toBe("taken");
    expect(receiveState({ ...voucher, status: "received", receivedByMe: true })).toBe("listen");
    expect(receiveState({ ...voucher, alreadyUnlocked: true })).toBe("listen");
  });

  it("asks the platform from the browser, since vouchers are the viewer's own", async () => {
    expect(await renderWidget("bookVoucher", { props: { bookLink: "/bookAudioDetail" }, query: { code: "ABCDEFGHJK" } })).toBe("");
  });
});
