import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("settingsActions", () => {
  it("offers both languages with the current one checked, and logout to a signed-in user", async () => {
    const html = await renderWidget("settingsActions", { props: {}, user: { id: 1, userName: "13800000000" } });
    expect(html).toMatch(/role="radio" aria-checked="true" class="active">中文</);
    expect(html).toMatch(/role="radio" aria-checked="false" class="">English</);
    expect(html).toContain(">退出登录<");
  });

  it("in English checks English; a visitor has nothing to log out of", async () => {
    const html = await renderWidget("settingsActions", { props: {}, lang: "en" });
    expect(html).toMatch(/aria-checked="true" class="active">English</);
    expect(html).toContain('aria-label="Language"');
    expect(html).not.toContain("Log out");
  });
});
