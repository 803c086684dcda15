import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const doc = {
  status: "ok" as const,
  value: {
    title: "货币政策与企业投资",
    titleEn: "Monetary Policy and Corporate Investment",
    authorName: "王伟",
    authorNameEn: "Wei Wang",
    journal: "经济研究",
    cover: "/media/poster/3.svg",
    viewCount: 123456,
    summary: "第一段。\n第二段。",
    summaryEn: "First.\nSecond.",
    notes: [{ heading: "导读", headingEn: "Overview", text: "内容", textEn: "Text" }],
  },
};
const props = {
  title: "{data.doc.title}",
  meta: ["{data.doc.authorName}", "{data.doc.journal}", "{data.doc.year}"],
  count: "{data.doc.viewCount}",
  countLabel: "{t.doc.reads}",
  bodyTitle: "{t.doc.abstract}",
  body: "{data.doc.summary}",
};

describe("detailHeader", () => {
  it("shows title, meta (skipping missing values), the count with the 10,000-unit rule and the body as paragraphs", async () => {
    const html = await renderWidget("detailHeader", { data: { doc }, props });
    expect(html).toContain('<h1 class="detail-title">货币政策与企业投资</h1>');
    expect(html).toMatch(
      /<p class="detail-meta"><span>王伟<\/span><span>经济研究<\/span><span class="detail-count">12\.34万(<!-- -->)? (<!-- -->)?次阅读<\/span><\/p>/,
    );
    expect(html).toContain("<h2>摘要</h2><p>第一段。</p><p>第二段。</p>");
    expect(html).not.toContain("<img");
  });

  it("in en shows the English fields", async () => {
    const html = await renderWidget("detailHeader", { lang: "en", data: { doc }, props });
    expect(html).toContain("Monetary Policy and Corporate Investment");
    expect(html).toContain("<h2>Abstract</h2><p>First.</p><p>Second.</p>");
    expect(html).toContain("123.4K");
  });

  it("shows a cover beside the title, sections from data, and an action link", async () => {
    const html = await renderWidget("detailHeader", {
      data: { doc },
      query: { id: "7" },
      props: {
        title: "{data.doc.title}",
        image: "{data.doc.cover}",
        imageShape: "cover",
        sections: "{data.doc.notes}",
        actionText: "{t.video.backToVideo}",
        actionLink: "/videoDetail?id={query.id}",
      },
    });
    expect(html).toContain('<img class="detail-cover" src="/media/poster/3.svg" alt="" width="640" height="360" fetchPriority="high" decoding="async"/>');
    // At the top of the page the cover leads: announced in the head before any script runs.
    expect(html).toContain('<link rel="preload" href="/media/poster/3.svg" as="image" fetchPriority="high"/>');
    expect(html).toContain("<h2>导读</h2><p>内容</p>");
    expect(hrefs(html)).toEqual(["/videoDetail?id=7"]);
    expect(html).toContain(">返回视频</a>");
  });

  it("makes an e-mail address in a section a mailto: link (a job's how to apply), the rest of the line as text", async () => {
    const job = { status: "ok" as const, value: { sections: [{ heading: "申请方式", text: "简历发送至 hr@cufe-econ.example.cn，注明应聘岗位。" }] } };
    const html = await renderWidget("detailHeader", { data: { doc: job }, props: { title: { zh: "职位", en: "Opening" }, sections: "{data.doc.sections}" } });
    expect(html).toContain('<p>简历发送至 <a href="mailto:hr@cufe-econ.example.cn" class="detail-mail">hr@cufe-econ.example.cn</a>，注明应聘岗位。</p>');
  });
});
