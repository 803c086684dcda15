import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { circleImageProblem, circlePostProblems } from "./circle-compose";

describe("circleComposer", () => {
  it("renders the text box, the image picker and the rules, waiting for the browser before it posts, in zh and en", async () => {
    const zh = await renderWidget("circleComposer", { props: {} });
    expect(zh).toContain('<textarea id="circle-composer-text"');
    expect(zh).toMatch(/0(<!-- -->)?\/(<!-- -->)?1000/);
    expect(zh).toContain("添加图片 0/9");
    expect(zh).toContain('accept="image/jpeg,image/png,image/gif"');
    expect(zh).toContain("最多9张图片，支持JPG、PNG、GIF，每张不超过5MB");
    expect(zh).toMatch(/<button type="button" class="button button-primary circle-composer-submit" disabled="">发布<\/button>/);
    const en = await renderWidget("circleComposer", { lang: "en", props: {} });
    expect(en).toContain("Add images 0/9");
  });

  it("checks a chosen image and a post with the platform's own schemas", async () => {
    const MB = 1024 * 1024;
    expect(await circleImageProblem({ type: "image/gif", size: 5 * MB })).toBeNull();
    expect(await circleImageProblem({ type: "image/png", size: 5 * MB + 1 })).toBe("circle:upload.max5");
    expect(await circleImageProblem({ type: "image/svg+xml", size: 100 })).toBe("circle:upload.imageType");
    expect(await circleImageProblem({ type: "", size: 0 })).toBe("circle:upload.imageType");
    const image = (index: number) => `/api/file/download?name=${String(index).padStart(32, "a")}.png`;
    expect(await circlePostProblems({ content: "你好", images: [image(1)] })).toEqual({});
    expect(await circlePostProblems({ content: "   ", images: [] })).toEqual({ content: "circle:post.required" });
    expect(await circlePostProblems({ content: "x".repeat(1001), images: [] })).toEqual({ content: "circle:post.tooLong" });
    expect(await circlePostProblems({ content: "十张", images: Array.from({ length: 10 }, (_, index) => image(index)) })).toEqual({
      images: "circle:post.tooManyImages",
    });
  });
});
