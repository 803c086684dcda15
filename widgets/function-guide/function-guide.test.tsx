import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("functionGuide", () => {
  it("is asked for in the browser only: whether a guide was read is the viewer's own", async () => {
    expect(await renderWidget("functionGuide", { props: { module: "welfare" } })).toBe("");
  });

  it("refuses a module name that is not a plain word", async () => {
    await expect(renderWidget("functionGuide", { props: { module: "../x" } })).rejects.toThrow(/module/);
  });
});
