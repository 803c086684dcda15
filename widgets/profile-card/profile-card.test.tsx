import { describe, expect, it } from "vitest";
import { displayName } from "./component";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("profileCard", () => {
  const user = { id: 7, userName: "13800001234", nickname: "用户1234", portraitUrl: "/api/file/download?name=abc.jpg", authorCode: null };

  it("shows the signed-in user, the unverified mark leading to /authentication, and settings", async () => {
    const html = await renderWidget("profileCard", { props: { settingsLink: "/setting", verifyLink: "/authentication" }, user });
    expect(html).toContain("<h1>用户1234</h1>");
    expect(html).toContain('src="/api/file/download?name=abc.jpg"');
    expect(html).toContain('data-verified="false"');
    expect(html).toContain("未认证 · 去认证");
    expect(hrefs(html)).toEqual(["/authentication", "/setting"]);
  });

  it("marks a verified scholar and links the scholar profile", async () => {
    const html = await renderWidget("profileCard", { props: {}, user: { ...user, authorCode: "A200007" }, lang: "en" });
    expect(html).toContain('data-verified="true"');
    expect(html).toContain("Verified scholar");
    expect(hrefs(html)).toEqual(["/person?authorCode=A200007", "/setting"]);
  });

  it("in a render shared by a class of viewers, names nobody and links no scholar profile until the browser knows who it is", async () => {
    const standIn = { id: 0, userName: "", isBindPhone: true, authorCode: "class", isVip: false };
    const html = await renderWidget("profileCard", { props: {}, user: standIn });
    expect(html).toContain('<div class="profile-name-pending" aria-hidden="true"></div>');
    expect(html).not.toContain("<h1");
    expect(html).toContain('data-verified="true"');
    expect(hrefs(html)).toEqual(["/setting"]);
  });

  it("renders nothing for a visitor, and names accounts without their wx:/email: marker", async () => {
    expect(await renderWidget("profileCard", { props: {} })).toBe("");
    expect(displayName({ userName: "wx:openid-1" })).toBe("openid-1");
    expect(displayName({ userName: "email:a@b.edu" })).toBe("a@b.edu");
    expect(displayName({ userName: "wx:x", nickname: "微信用户" })).toBe("微信用户");
  });

  it("shows points and the VIP status with its badge, each leading to its page", async () => {
    const props = { points: "{data.points.balance}", membership: "{data.member.membership}", pointsLink: "/welfareCenter", vipLink: "/vipIndex" };
    const answers = (balance: number, membership: { isVip: boolean; daysLeft: number }) => ({
      points: { status: "ok" as const, value: { balance } },
      member: { status: "ok" as const, value: { membership } },
    });
    const vip = await renderWidget("profileCard", { props, user, lang: "en", data: answers(12_345, { isVip: true, daysLeft: 1 }) });
    expect(vip).toContain('data-vip="true"');
    expect(vip).toContain("<strong>12.3K</strong><span>Points</span>");
    expect(vip).toContain("<strong>VIP member</strong><span>1 day left</span>");
    expect(hrefs(vip)).toEqual(["/authentication", "/setting", "/welfareCenter", "/vipIndex"]);
    const member = await renderWidget("profileCard", { props, user, data: answers(0, { isVip: false, daysLeft: 0 }) });
    expect(member).not.toContain("data-vip");
    expect(member).toContain("<strong>0</strong><span>积分</span>");
    expect(member).toContain("<strong>开通会员</strong>");
  });
});
