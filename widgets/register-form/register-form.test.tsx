import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("registerForm", () => {
  it("renders the phone sign-up form with the invitation code from the query", async () => {
    const html = await renderWidget("registerForm", {
      props: { channel: "{query.channel}", inviteCode: "{query.inviteCode}" },
      query: { channel: "wechat_ad", inviteCode: "FRIEND_42" },
    });
    expect(html).toContain("<h1>注册</h1>");
    for (const label of ["区号", "手机号", "验证码", "密码", "确认密码", "邀请码（选填）"]) expect(html).toContain(label);
    expect(html).toMatch(/id="register-page_userSource"[^>]*value="FRIEND_42"|value="FRIEND_42"[^>]*id="register-page_userSource"/);
    expect(html).toContain(">获取验证码<");
    expect(html).toMatch(/<button type="submit"[^>]*>注册<\/button>/);
  });

  it("ignores an invitation code that is not a plain code, and tells a signed-in user there is nothing to do", async () => {
    const odd = await renderWidget("registerForm", { props: { inviteCode: "<b>x</b>" } });
    expect(odd).not.toContain("&lt;b&gt;");
    const signedIn = await renderWidget("registerForm", {
      props: { title: { zh: "使用邀请码注册", en: "Sign up" } },
      user: { id: 1, userName: "13800000000" },
    });
    expect(signedIn).toContain("<h1>使用邀请码注册</h1>");
    expect(signedIn).toContain("您已登录，无需再次注册。");
    expect(signedIn).not.toContain("<form");
  });
});
