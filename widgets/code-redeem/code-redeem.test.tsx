import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("codeRedeem", () => {
  it("renders the code field with its label, hint and submit button", async () => {
    const html = await renderWidget("codeRedeem", { props: { doneLink: "/vipIndex" } });
    expect(html).toContain("兑换码");
    expect(html).toContain('placeholder="请输入 12 位兑换码"');
    expect(html).toContain("兑换码不区分大小写");
    expect(html).toContain(">立即兑换<");
  });
});
