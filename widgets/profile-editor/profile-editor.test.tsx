import { describe, expect, it } from "vitest";
import { avatarProblem } from "./component";
import { renderWidget } from "@tests/unit/render-widget";

describe("profileEditor", () => {
  it("accepts JPG and PNG of at most 2 MB, with the image-upload schema's messages for avatars", async () => {
    expect(await avatarProblem({ type: "image/jpeg", size: 1024 })).toBeNull();
    expect(await avatarProblem({ type: "image/png", size: 2 * 1024 * 1024 })).toBeNull();
    expect(await avatarProblem({ type: "image/png", size: 2 * 1024 * 1024 + 1 })).toBe("circle:upload.max2");
    expect(await avatarProblem({ type: "image/gif", size: 1024 })).toBe("circle:upload.jpgPng");
    expect(await avatarProblem({ type: "", size: 0 })).not.toBeNull();
  });

  it("shows the avatar with its rule, and the nickname form filled in", async () => {
    const html = await renderWidget("profileEditor", {
      props: { nickname: true },
      user: { id: 3, userName: "13800000003", nickname: "王老师", portraitUrl: "/api/file/download?name=x.jpg" },
    });
    expect(html).toContain('src="/api/file/download?name=x.jpg"');
    expect(html).toContain('accept="image/jpeg,image/png"');
    expect(html).toContain("支持JPG、PNG格式，不超过2MB");
    expect(html).toContain('value="王老师"');
    expect(html).toMatch(/<button type="submit"[^>]*>保存<\/button>/);
  });

  it("renders nothing for a visitor, and no nickname form when switched off", async () => {
    expect(await renderWidget("profileEditor", { props: {} })).toBe("");
    const html = await renderWidget("profileEditor", { props: { nickname: false }, user: { id: 3, userName: "13800000003" }, lang: "en" });
    expect(html).toContain("Change avatar");
    expect(html).not.toContain("<form");
  });
});
