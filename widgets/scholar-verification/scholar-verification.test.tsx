import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const render = (value: unknown, lang: "zh" | "en" = "zh") =>
  renderWidget("scholarVerification", { props: {}, source: "audit", data: { audit: { status: "ok", value } }, lang, user: { id: 5, userName: "13800000005" } });

describe("scholarVerification", () => {
  it("never applied: says so and shows the application form with the free-text counter", async () => {
    const html = await render({ isPass: -1 });
    expect(html).toContain('data-state="none"');
    expect(html).toContain("您还不是认证学者");
    for (const label of ["真实姓名", "机构邮箱", "所在机构", "研究领域", "工作经历", "教育经历", "个人简介"]) expect(html).toContain(label);
    expect(html).toContain("0/50");
  });

  it("pending review (0) and email pending (3) show the state without the form", async () => {
    const pending = await render({ isPass: 0 });
    expect(pending).toContain("认证申请审核中");
    expect(pending).not.toContain("<form");
    const email = await render({ isPass: 3, email: "wang@pku.edu.cn" }, "en");
    expect(email).toContain("Email confirmation pending");
    expect(email).toContain("wang@pku.edu.cn");
    expect(email).not.toContain("<form");
  });

  it("declined (1) shows the reason and the form again; approved (2) the author code and profile link", async () => {
    const declined = await render({ isPass: 1, reason: "请使用机构邮箱" });
    expect(declined).toContain("认证申请未通过");
    expect(declined).toContain("原因：请使用机构邮箱");
    expect(declined).toContain("<form");
    const approved = await render({ isPass: 2, authorCode: "A200005" });
    expect(approved).toContain("学者编号：A200005");
    expect(hrefs(approved)).toEqual(["/person?authorCode=A200005"]);
    expect(approved).not.toContain("<form");
  });

  it("offers the similar-author search before applying, and adding to an application not yet approved", async () => {
    const none = await render({ isPass: -1 });
    expect(none).toContain("您的主页是否已存在？");
    expect(none).not.toContain("补充认证材料");
    const pending = await render({ isPass: 0 }, "en");
    expect(pending).toContain("Add to my application");
    expect(pending).not.toContain("Is your profile already here?");
    const declined = await render({ isPass: 1, reason: "请补充工作经历" });
    expect(declined).toContain("补充认证材料");
    expect(declined).toContain("您的主页是否已存在？");
    expect((await render({ isPass: 2, authorCode: "A200005" })).includes("补充认证材料")).toBe(false);
  });

  it("declined with what was sent: says why, and the form comes back filled with it, in zh and en", async () => {
    const sent = {
      realName: "王晓明",
      email: "wang@gmail.com",
      orgName: "北京大学",
      researchField: "劳动经济学",
      workHistory: "2015-2020 讲师",
      introduction: "研究劳动力市场。",
    };
    const declined = await render({ isPass: 1, reason: "请使用机构邮箱", email: "wang@gmail.com", sent });
    expect(declined).toContain("原因：请使用机构邮箱");
    expect(declined).toContain("下方是您上次提交的资料，请按原因修改后重新提交。");
    for (const value of ["王晓明", "wang@gmail.com", "北京大学"]) expect(declined).toContain(`value="${value}"`);
    expect(declined).toMatch(/<textarea[^>]*>劳动经济学<\/textarea>/);
    expect(declined).toMatch(/<textarea[^>]*>2015-2020 讲师<\/textarea>/);
    expect(declined).toMatch(/<textarea[^>]*>研究劳动力市场。<\/textarea>/);
    expect(declined).toContain("5/50");
    const en = await render({ isPass: 1, reason: "Use your institution's e-mail", email: "wang@gmail.com", sent }, "en");
    expect(en).toContain("Below is what you sent last time");
    expect(en).toContain('value="wang@gmail.com"');
  });
});
