/**
 * Emoji in the chat (ADR 081): the platform's set from /expression/list, each with both names, and where a picked
 * emoji goes in the text being written.
 */
import { describe, expect, it } from "vitest";
import { insertAt } from "@widgets/parts/emoji-panel";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-05-02T03:00:00.000Z", { captchaTestMode: false });

describe("emoji", () => {
  it("the platform offers a named set, every entry a single emoji", async () => {
    const { body } = await api.call("/expression/list");
    expect(body.data.list.length).toBeGreaterThanOrEqual(12);
    for (const item of body.data.list) {
      expect([...new Intl.Segmenter().segment(item.code)]).toHaveLength(1);
      expect(item.name).toBeTruthy();
      expect(item.nameEn).toBeTruthy();
    }
  });

  it("a picked emoji replaces the selection or goes at the caret, or at the end when there is none", () => {
    expect(insertAt("谢谢老师", "👏", 2, 2)).toEqual({ text: "谢谢👏老师", caret: 4 });
    expect(insertAt("谢谢老师", "🙏", 2, 4)).toEqual({ text: "谢谢🙏", caret: 4 });
    expect(insertAt("好", "👍", null, null)).toEqual({ text: "好👍", caret: 3 });
  });
});
