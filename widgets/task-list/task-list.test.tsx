import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const tasks = [
  {
    moduleId: 3,
    title: "绑定手机号",
    description: "绑定手机号，账号更安全",
    integral: 50,
    period: "once",
    target: 1,
    progress: 1,
    done: true,
    link: "/setting",
  },
  { moduleId: 20, title: "观看视频", description: "每天观看 2 个视频", integral: 10, period: "daily", target: 2, progress: 1, done: false, link: "/videoList" },
];

describe("taskList", () => {
  it("shows each task's reward and progress; an unfinished one leads to where it is done", async () => {
    const html = await renderWidget("taskList", { source: "tasks", data: { tasks: { status: "ok", value: { tasks } } } });
    expect(html).toMatch(/<strong>\+(<!-- -->)?50<\/strong>/);
    expect(html).toContain(">已完成<");
    expect(html).toContain("1/2");
    expect(html).toContain('<meter min="0" max="2" value="1"');
    expect(hrefs(html)).toEqual(["/videoList"]);
  });

  it("binding a phone is done in the bind dialog, and a person who registered with a phone claims it (issue 34)", async () => {
    const bindTask = { ...tasks[0], progress: 0, done: false };
    const data = { tasks: { status: "ok" as const, value: { tasks: [bindTask] } } };
    const byPhone = await renderWidget("taskList", { source: "tasks", data, user: { id: 5, userName: "13800000005", isBindPhone: true } });
    expect(byPhone).toContain('<button type="button" class="button button-light">领取</button>');
    expect(hrefs(byPhone)).toEqual([]);
    const byWeChat = await renderWidget("taskList", { source: "tasks", data, user: { id: 6, userName: "wx:abc", isBindPhone: false }, lang: "en" });
    expect(byWeChat).toContain('<button type="button" class="button button-light">Bind a phone</button>');
    expect(hrefs(byWeChat)).toEqual([]);
  });
});
