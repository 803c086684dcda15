import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { $playDuration } from "../kit/browser";
import { secondsNeeded } from "./component";

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

describe("taskStep while playing", () => {
  const props = { moduleId: 20, executeId: "{data.video.id}", afterSeconds: 30, counting: "whilePlaying" };
  const data = { video: { status: "ok" as const, value: { id: 7 } } };
  const user = { id: 5, userName: "13800000005" };

  it("never asks a clip shorter than the task's time for more than most of its length", () => {
    expect(secondsNeeded(30, 0)).toBe(30);
    expect(secondsNeeded(30, 6.02)).toBe(5);
    expect(secondsNeeded(30, 600)).toBe(30);
    expect(secondsNeeded(30, 0.4)).toBe(1);
  });

  it("shows a signed-in viewer the step's progress, in zh and en; a visitor sees nothing", async () => {
    const zh = await renderWidget("taskStep", { props, data, user });
    expect(zh).toContain("播放满 30 秒计入积分任务");
    expect(zh).toMatch(/<progress max="30" value="0" aria-label="已播放 0 秒"/);
    // The server knows no media length: a length the browser learnt early does not change the hydrating render.
    $playDuration.set(6.02);
    try {
      const en = await renderWidget("taskStep", { props, data, user, lang: "en" });
      expect(en).toContain("Play 30 seconds to count towards your points task");
      expect(en).toMatch(/<progress max="30" value="0"/);
    } finally {
      $playDuration.set(0);
    }
    expect(await renderWidget("taskStep", { props, data })).toBe("");
  });
});
