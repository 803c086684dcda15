import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const release = {
  versionName: "3.2.0",
  versionCode: 320,
  downloadUrl: "https://sj.qq.com/appdetail/cn.econscholar.app",
  iosUrl: "https://apps.apple.com/cn/app/id1458532760",
  updateContent: "新增积分任务与每日签到。",
  updateContentEn: "Points tasks and daily sign-in.",
  updateTime: "2026-11-06T10:00:00+08:00",
};
const data = { release: { status: "ok" as const, value: release } };

describe("appDownload", () => {
  it("offers the App Store and the Android package of the newest release, with its version and notes", async () => {
    const html = await renderWidget("appDownload", { source: "release", data });
    expect(hrefs(html)).toEqual([release.iosUrl, release.downloadUrl]);
    expect(html).toContain(">App Store 下载</a>");
    expect(html).toContain("最新版本 3.2.0，2026年11月6日 10:00 发布");
    expect(html).toContain("新增积分任务与每日签到。");
  });

  it("speaks English on English pages", async () => {
    const html = await renderWidget("appDownload", { lang: "en", source: "release", data });
    expect(html).toContain(">Download for Android</a>");
    expect(html).toContain("Version 3.2.0, released 6 Nov 2026, 10:00");
    expect(html).toContain("Points tasks and daily sign-in.");
  });

  it("in open mode, opens the installed app by its scheme and leads to the download page", async () => {
    const html = await renderWidget("appDownload", { props: { mode: "open", openLink: "econscholar://open/home", downloadPage: "/toApp" } });
    expect(hrefs(html)).toEqual(["econscholar://open/home", "/toApp"]);
    expect(html).toContain("打开经管学术圈 App");
    expect(html).toContain("下载经管学术圈 App");
  });

  it("shows no store buttons when the platform has no release to offer", async () => {
    const html = await renderWidget("appDownload", { source: "release", data: { release: { status: "error" as const, message: "no release", code: 404 } } });
    expect(hrefs(html)).toEqual([]);
  });
});
