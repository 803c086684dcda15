import { describe, expect, it } from "vitest";
import { isHlsSource } from "./hls";
import { count, renderWidget } from "@tests/unit/render-widget";

const video = {
  status: "ok" as const,
  value: { videoUrl: "/media/clip.mp4", cover: "/media/poster/7.svg", title: "三分钟读懂货币政策", titleEn: "Monetary Policy in Three Minutes" },
};
const props = { src: "{data.video.videoUrl}", poster: "{data.video.cover}", title: "{data.video.title}" };

describe("videoPlayer", () => {
  it("plays an MP4 in the native player, with its poster, and offers the five speeds", async () => {
    const html = await renderWidget("videoPlayer", { data: { video }, props });
    expect(html).toMatch(/<video [^>]*src="\/media\/clip.mp4"/);
    expect(html).toContain('poster="/media/poster/7.svg"');
    expect(html).toContain("controls");
    expect(html).toContain('playsInline=""');
    expect(html).toContain('aria-label="三分钟读懂货币政策"');
    expect([...html.matchAll(/class="speed[^"]*"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual(["0.75x", "1x", "1.25x", "1.5x", "2x"]);
    expect(count(html, 'aria-pressed="true"')).toBe(1);
    expect(html).toMatch(/class="speed active" aria-pressed="true">1x</);
    expect(html).toContain('aria-label="倍速"');
  });

  it("leaves an HLS stream's source to the browser side (native or hls.js)", async () => {
    const html = await renderWidget("videoPlayer", {
      data: { video: { status: "ok", value: { videoUrl: "/live/stream.m3u8" } } },
      props: { src: "{data.video.videoUrl}" },
    });
    expect(html).toContain("<video");
    expect(html).not.toContain("stream.m3u8");
  });

  it("shows only the configured speeds, and English labels in en", async () => {
    const html = await renderWidget("videoPlayer", { lang: "en", data: { video }, props: { ...props, speeds: [1, 2] } });
    expect([...html.matchAll(/class="speed[^"]*"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual(["1x", "2x"]);
    expect(html).toContain('aria-label="Speed"');
    expect(html).toContain('aria-label="Monetary Policy in Three Minutes"');
  });

  it("renders nothing without a source", async () => {
    expect(await renderWidget("videoPlayer", { data: { video: { status: "ok", value: {} } }, props })).toBe("");
  });

  it("recognises HLS sources by their playlist extension", () => {
    expect(isHlsSource("https://cdn.example/a/index.m3u8")).toBe(true);
    expect(isHlsSource("/live/x.M3U8?token=1")).toBe(true);
    expect(isHlsSource("/media/clip.mp4")).toBe(false);
    expect(isHlsSource("/media/m3u8.mp4")).toBe(false);
  });
});
