import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

describe("taskStep", () => {
  it("takes its step's id from a binding and renders no markup: the step is reported from the browser", async () => {
    const html = await renderWidget("taskStep", {
      props: { moduleId: 21, executeId: "{data.doc.id}", afterSeconds: 15 },
      data: { doc: { status: "ok", value: { id: 42 } } },
    });
    expect(html).toBe("");
  });

  it("refuses a config whose step id is not a binding", async () => {
    await expect(renderWidget("taskStep", { props: { moduleId: 21, executeId: "42" } })).rejects.toThrow(/executeId/);
  });
});
