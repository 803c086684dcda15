import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";
import { paragraphsOf } from "./qa";

const answer = (fields: Record<string, unknown>) => ({
  questionId: 7,
  anonymous: false,
  author: { userId: 3, userName: "王若溪", portraitUrl: "" },
  authorName: "王若溪",
  portraitUrl: "",
  mine: false,
  praiseCount: 4,
  trampleCount: 1,
  commentCount: 2,
  myVote: 0,
  createTime: "2027-02-27T08:00:00.000Z",
  ...fields,
});
const question = {
  id: 7,
  title: "工具变量第一阶段 F 值为 12，够用吗？",
  body: '<p>过去常说 F 大于 10 就够了。<img src="x" onerror="alert(1)"></p>',
  tags: [{ code: "econometrics", name: "计量经济学" }],
  anonymous: true,
  author: null,
  authorName: "匿名用户",
  portraitUrl: "",
  mine: false,
  answerCount: 2,
  concernCount: 5,
  viewCount: 1190,
  concerned: false,
  createTime: "2027-02-20T08:00:00.000Z",
  answers: [
    answer({ id: 1, content: "<p>Lee et al. (2022) 建议使用 tF 临界值。</p>" }),
    answer({ id: 2, content: "<p>报告 AR 置信区间。</p>", anonymous: true, author: null, authorName: "匿名用户", praiseCount: 2, trampleCount: 0 }),
  ],
};
const render = (value: object = {}, lang: "zh" | "en" = "zh") =>
  renderWidget("qaThread", {
    props: { listLink: "/qaList", editorLink: "/qaRichText", answerLink: "/qaAnswer" },
    source: "question",
    data: { question: { status: "ok", value: { ...question, ...value } } },
    lang,
  });

describe("qaThread", () => {
  it("shows the question, its tags and answers with their votes; anonymous posts name nobody", async () => {
    const html = await render();
    expect(html).toContain("工具变量第一阶段 F 值为 12，够用吗？");
    expect(html).toContain("2 个回答");
    expect(html).toContain("5 人关注");
    expect(html).toContain("王若溪");
    expect(html.match(/匿名用户/g)).toHaveLength(2);
    expect(html).not.toContain("onerror");
    expect(hrefs(html)).toEqual(["/qaList?tag=econometrics", "/qaRichText?questionId=7", "/qaAnswer?id=1", "/qaAnswer?id=2"]);
    expect(html).toContain("评论 2");
    expect(html).not.toContain("删除问题");
  });

  it("shows the viewer's own anonymous post as theirs, with removal, in English", async () => {
    const html = await render(
      {
        mine: true,
        concerned: true,
        answers: [answer({ id: 3, content: "<p>Mine.</p>", anonymous: true, author: null, authorName: "Anonymous", mine: true })],
      },
      "en",
    );
    expect(html).toContain("Me (anonymous)");
    expect(html).toContain("Delete question");
    expect(html).toContain(">Following<");
    expect(html).toContain("1 answer");
  });

  it("turns typed lines into escaped paragraphs", () => {
    expect(paragraphsOf("First <b>line</b>\n\n second & last ")).toBe("<p>First &lt;b&gt;line&lt;/b&gt;</p><p>second &amp; last</p>");
  });
});
