import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const ok = (value: unknown) => ({ status: "ok" as const, value });
const person = (extra: Record<string, unknown> = {}) => ({
  userId: 7,
  userName: "林晓岚",
  portraitUrl: "/api/file/download?name=a.png",
  followerCount: 12,
  followingCount: 3,
  self: false,
  followed: false,
  followsMe: true,
  blocked: false,
  ...extra,
});
const render = (value: unknown, lang: "zh" | "en" = "zh") =>
  renderWidget("userHome", { lang, source: "person", data: { person: ok(value) }, props: { blackListLink: "/blackList" } });

describe("userHome", () => {
  it("shows the person with counts, follow and block, in zh and en", async () => {
    const zh = await render(person());
    expect(zh).toContain('<h1 class="user-home-name">林晓岚</h1>');
    expect(zh).toContain("粉丝 12");
    expect(zh).toContain("关注了你");
    expect(zh).toMatch(/aria-pressed="false"[^>]*>关注</);
    expect(zh).toContain(">拉黑</button>");
    const en = await render(person({ followed: true, followsMe: false }), "en");
    expect(en).toContain("12 followers");
    expect(en).toMatch(/aria-pressed="true"[^>]*>Following</);
    expect(en).not.toContain("Follows you");
    expect(await render(person({ followerCount: 1 }), "en")).toContain("1 follower<");
    expect(await render(person({ followerCount: 12345 }), "en")).toContain("12.3K followers");
  });

  it("offers unblocking for a blocked person and the blacklist on one's own page", async () => {
    const blocked = await render(person({ blocked: true }));
    expect(blocked).toContain("你已拉黑 TA，TA 的动态不会显示给你");
    expect(blocked).toContain(">移出黑名单</button>");
    expect(blocked).not.toContain(">关注</button>");
    const self = await render(person({ self: true }));
    expect(self).toContain("这是你的主页");
    expect(self).toContain('href="/blackList"');
    expect(self).not.toContain(">拉黑</button>");
  });
});
