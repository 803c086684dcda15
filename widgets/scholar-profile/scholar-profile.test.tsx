import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const author = (value: Record<string, unknown>) => ({
  author: {
    status: "ok" as const,
    value: {
      authorCode: "A100003",
      authorName: "陈静",
      authorNameEn: "Jing Chen",
      orgName: "复旦大学经济学院",
      orgNameEn: "School of Economics, Fudan University",
      researchField: "行为金融",
      researchFieldEn: "Behavioral Finance",
      introduction: "陈静，复旦大学经济学院教授。",
      introductionEn: "Jing Chen is a professor at Fudan.",
      verified: true,
      followerCount: 9999,
      followed: false,
      portraitUrl: "",
      ...value,
    },
  },
});

describe("scholarProfile", () => {
  it("shows name, verified mark, institution, field, followers, introduction and a follow button", async () => {
    const html = await renderWidget("scholarProfile", { data: author({}), props: { scholar: "{data.author}" } });
    expect(html).toMatch(/<h1 class="profile-name">陈静(<!-- -->)? (<!-- -->)?<span class="verified-mark"/);
    expect(html).toContain("已认证");
    expect(html).toContain('<p class="profile-org">复旦大学经济学院</p>');
    expect(html).toContain("<dt>研究领域</dt><dd>行为金融</dd>");
    expect(html).toContain('<dd class="profile-followers">9999</dd>');
    expect(html).toContain("<p>陈静，复旦大学经济学院教授。</p>");
    expect(html).toMatch(/class="follow-button" aria-pressed="false"[^>]*>\+ 关注</);
  });

  it("marks an unverified scholar, a followed one, and big follower counts; English in en", async () => {
    const html = await renderWidget("scholarProfile", {
      lang: "en",
      data: author({ verified: false, followed: true, followerCount: 45678 }),
      props: { scholar: "{data.author}" },
    });
    expect(html).toContain('<span class="verified-mark unverified">Not verified</span>');
    expect(html).toMatch(/class="follow-button following" aria-pressed="true"[^>]*>Following</);
    expect(html).toContain('<dd class="profile-followers">45.6K</dd>');
    expect(html).toContain("Jing Chen");
    expect(html).toContain("Behavioral Finance");
    expect(html).not.toContain("陈静");
  });
});
