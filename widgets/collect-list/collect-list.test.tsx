import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const items = [
  { id: 1, kind: "video", title: "劳动经济学前沿", titleEn: "Frontiers of labour economics", cover: "/media/poster/1.svg", link: "/videoDetail?id=1" },
  { id: 2, kind: "course", title: "因果推断十二讲", titleEn: "Causal inference", cover: "", link: "/boutiqueSpec?id=2" },
];
const render = (list: unknown[], lang: "zh" | "en" = "zh") =>
  renderWidget("collectList", {
    props: { emptyText: { zh: "还没有收藏", en: "Nothing collected yet" } },
    source: "all",
    data: { all: { status: "ok", value: { list, total: list.length } } },
    lang,
  });

describe("collectList", () => {
  it("lists what was collected with its kind, each leading to its page and removable", async () => {
    const html = await render(items);
    expect(hrefs(html)).toEqual(["/videoDetail?id=1", "/boutiqueSpec?id=2"]);
    expect(html).toContain(">视频<");
    expect(html).toContain(">课程<");
    expect(count(html, ">取消收藏<")).toBe(2);
  });

  it("speaks English and says when there is nothing", async () => {
    expect(await render(items, "en")).toContain("Frontiers of labour economics");
    expect(await render([], "en")).toContain("Nothing collected yet");
  });
});
