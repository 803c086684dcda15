import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const now = Date.parse("2027-01-10T12:00:00Z");
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

function plan(status: number, startsIn: number) {
  return {
    id: 12,
    title: "货币政策前沿讲座",
    titleEn: "Frontier Lecture on Monetary Policy",
    summary: "",
    status,
    cover: "/media/poster/12.svg",
    startTime: hours(startsIn),
    endTime: hours(startsIn + 2),
    authorName: "王伟",
    authorNameEn: "Wei Wang",
    orgName: "北京大学",
    orgNameEn: "Peking University",
    viewCount: 123456,
  };
}

function play(status: number, startsIn: number, playUrl: string | null = null) {
  return { id: 12, status, startTime: hours(startsIn), endTime: hours(startsIn + 2), playUrl, isPlayback: status === 4 };
}

async function render(status: number, startsIn: number, playUrl: string | null = null, lang: "zh" | "en" = "zh") {
  return renderWidget("livePlayer", {
    lang,
    now,
    props: { plan: "{data.plan}", play: "{data.play}" },
    data: { plan: { status: "ok", value: plan(status, startsIn) }, play: { status: "ok", value: play(status, startsIn, playUrl) } },
  });
}

const unit = (html: string, name: string) => html.match(new RegExp(`<strong data-unit="${name}">(\\d+)</strong>`))?.[1];

describe("livePlayer", () => {
  it("not started: the poster and a countdown of days, hours and minutes to the start", async () => {
    const html = await render(0, 3 * 24 + 5.5);
    expect(html).toContain('data-live-status="0"');
    expect(html).toContain("距开播还有");
    expect([unit(html, "days"), unit(html, "hours"), unit(html, "minutes")]).toEqual(["3", "05", "30"]);
    expect(html).toContain('<img class="live-poster" src="/media/poster/12.svg"');
    expect(html).not.toContain("<video");
    expect(html).toMatch(/<span class="badge tone-0">未开始<\/span>/);
  });

  it("upcoming: the countdown, and 'about to start' once the start time has passed", async () => {
    const soon = await render(1, 0.25);
    expect(soon).toMatch(/<span class="badge tone-1">即将开始<\/span>/);
    expect([unit(soon, "days"), unit(soon, "hours"), unit(soon, "minutes")]).toEqual(["0", "00", "15"]);
    const late = await render(1, -0.1);
    expect(late).toContain("直播即将开始，请稍候");
    expect(late).not.toContain("data-unit");
  });

  it("living: the stream, looping, with the LIVE flag", async () => {
    const html = await render(2, -1, "/media/clip.mp4");
    expect(html).toMatch(/<video[^>]*class="live-video"[^>]*src="\/media\/clip.mp4"/);
    expect(html).toMatch(/<video[^>]*loop=""/);
    expect(html).toMatch(/<video[^>]*poster="\/media\/poster\/12.svg"/);
    expect(html).toContain('<span class="live-flag state-2">LIVE</span>');
    expect(html).toMatch(/<span class="badge tone-2">直播中<\/span>/);
    expect(html).not.toContain("距开播");
  });

  it("over: no video, and word that the replay is being prepared", async () => {
    const html = await render(3, -48);
    expect(html).not.toContain("<video");
    expect(html).toContain("直播已结束");
    expect(html).toContain("回放正在整理中，敬请期待");
    expect(html).toMatch(/<span class="badge tone-3">已结束<\/span>/);
  });

  it("replay: the recording, without looping, marked as a replay", async () => {
    const html = await render(4, -30, "/media/clip.mp4");
    expect(html).toMatch(/<video[^>]*src="\/media\/clip.mp4"/);
    expect(html).not.toMatch(/<video[^>]*loop/);
    expect(html).toContain('<span class="live-flag state-4">回放</span>');
  });

  it("a live plan without a stream says it cannot be played instead of showing an empty player", async () => {
    const html = await render(2, -1, null);
    expect(html).not.toContain("<video");
    expect(html).toContain("视频暂时无法播放，请稍后再试");
  });

  it("counts views only once a room has been open: none before it starts, the count during and after", async () => {
    for (const status of [0, 1]) expect(await render(status, 24)).not.toContain("次观看");
    expect(await render(2, -1)).toMatch(/12\.34万(<!-- -->)? (<!-- -->)?次观看/);
    expect(await render(4, -30)).toMatch(/12\.34万(<!-- -->)? (<!-- -->)?次观看/);
  });

  it("shows the title, Beijing-time span and speaker, in English in en", async () => {
    const zh = await render(0, 24);
    expect(zh).toContain("<h1>货币政策前沿讲座</h1>");
    expect(zh).toContain("王伟 · 北京大学");
    expect(zh).toContain("2027年1月11日 20:00—22:00");
    const en = await render(0, 24, null, "en");
    expect(en).toContain("<h1>Frontier Lecture on Monetary Policy</h1>");
    expect(en).toContain("Wei Wang · Peking University");
    expect(en).toContain("11 Jan 2027 20:00–22:00");
    expect(en).toContain("Starts in");
    expect(en).toMatch(/<strong data-unit="days">1<\/strong>d/);
    expect(en).not.toContain("货币政策");
  });
});
