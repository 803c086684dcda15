import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("resultPanel", () => {
  const props = {
    icon: "success",
    title: { zh: "密码重置成功", en: "Your password has been reset" },
    text: { zh: "请使用新密码登录。", en: "Log in with your new password." },
    actions: [
      { label: { zh: "去登录", en: "Log in" }, dialog: "login", loginTab: "password", primary: true },
      { label: { zh: "返回首页", en: "Back to home" }, link: "/home" },
    ],
  };

  it("shows the outcome and its next steps: a dialog button and a link", async () => {
    const html = await renderWidget("resultPanel", { props });
    expect(html).toContain('class="result-panel result-success"');
    expect(html).toContain("<h1>密码重置成功</h1>");
    expect(html).toContain("<p>请使用新密码登录。</p>");
    expect(html).toMatch(/<button type="button" class="button button-primary">去登录<\/button>/);
    expect(hrefs(html)).toEqual(["/home"]);
  });

  it("speaks English, and leaves out the text and actions it is not given", async () => {
    expect(await renderWidget("resultPanel", { props, lang: "en" })).toContain("<h1>Your password has been reset</h1>");
    const bare = await renderWidget("resultPanel", { props: { icon: "fail", title: { zh: "链接已失效", en: "Invalid link" } } });
    expect(bare).toContain("result-fail");
    expect(bare).not.toContain("<p>");
    expect(bare).not.toContain("<button");
    expect(bare).not.toContain("<a ");
  });

  it("offers no login to a person already signed in (issue 34: the e-mail confirmation opened while logged in)", async () => {
    const user = { id: 7, userName: "13800000007" };
    const html = await renderWidget("resultPanel", { props, user });
    expect(html).not.toContain("去登录");
    expect(hrefs(html)).toEqual(["/home"]);
  });
});
