import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("passwordForm", () => {
  it("find: by phone (the default) or email, the code field with its send button", async () => {
    const html = await renderWidget("passwordForm", { props: { mode: "find", nextLink: "/passwordNew" } });
    expect(html).toContain("<h1>找回密码</h1>");
    expect(html).toMatch(/aria-selected="true"[^>]*>手机号找回</);
    expect(html).toContain("邮箱找回");
    expect(html).toContain("手机号");
    expect(html).toContain(">获取验证码<");
    expect(html).toContain(">收不到验证码？<");
    expect(html).toMatch(/<button type="submit"[^>]*>下一步<\/button>/);
  });

  it("new: without a verified first step it sends the user back to /password", async () => {
    const html = await renderWidget("passwordForm", { props: { mode: "new" }, lang: "en" });
    expect(html).toContain("<h1>Set a new password</h1>");
    expect(html).toContain("Please verify your phone or email first.");
    expect(hrefs(html)).toEqual(["/password"]);
    expect(html).not.toContain("<form");
  });

  it("change: current password, new password and its confirmation", async () => {
    const html = await renderWidget("passwordForm", { props: { mode: "change" } });
    expect(html).toContain("<h1>修改密码</h1>");
    expect(html.indexOf("原密码")).toBeLessThan(html.indexOf("确认密码"));
    expect(html.match(/type="password"/g)).toHaveLength(3);
    expect(html).toMatch(/<button type="submit"[^>]*>确认修改<\/button>/);
  });
});
