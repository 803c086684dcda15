/**
 * The console's media library, campaign analytics and scheduled publishes (ADR 072), on both engines: images go through
 * the one image pipeline and are served at immutable URLs by every node, from the store or from an S3-compatible bucket
 * (a local stub that checks each request's signature, ADR 093); tracking batches are counted per page, Beijing
 * day, language and app type with no identity kept, and stored by the platform; a scheduled version goes live at its
 * time on a fake clock, once, purged at the CDN and seen by another node.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { MediaItem, AnalyticsReport, ScheduledPublish } from "@contracts/ops-library";
import type { PublishedChange } from "@server/ops/store/page-versions.server";
import { startScheduler } from "@server/ops/store/scheduled-publishes.server";
import { CAMERA_MAKE, exifHasGps, hugePng, phonePhoto, plainPng } from "./image-samples";
import { type OpsFixture, useOpsConsole } from "./ops-fixture";
import { startS3Stub, type S3Stub } from "./s3-stub";
import { s3MediaBucket } from "@server/ops/store/media-bucket.server";
import { createMediaLibrary } from "@server/ops/store/media.server";
import { CONSOLE_ENGINES } from "./postgres-database";

const WECHAT = "Mozilla/5.0 (iPhone) AppleWebKit/605 Mobile MicroMessenger/8.0.50";
const NATIVE = "Mozilla/5.0 (Linux; Android 14) ScholarApp/android";
const published: PublishedChange[] = [];
const S3_PORT = 3424;
// Re-encoding images on a machine shared with other test files takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 30_000 });

/** The media library's suite, on whichever engine and media store the fixture has. */
function mediaSuite(ops: OpsFixture) {
  const upload = async (cookie: string, body: Record<string, unknown>) => ops.request("/ops/api/media", { body, cookie });
  const base64 = (bytes: Buffer) => bytes.toString("base64");

  it("re-encodes an upload without its EXIF, serves it at an immutable URL, and finds it by either alt text", async () => {
    const cookie = await ops.signIn("ed", "editor");
    const response = await upload(cookie, { data: base64(await phonePhoto(1200, 800)), altZh: "会场全景", altEn: "The hall, seen from the stage" });
    expect(response.status).toBe(200);
    const item = (await response.json()) as MediaItem;
    expect(item.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    // Turned upright by the pipeline: stored 1200×800 sideways, shown 800×1200.
    expect([item.width, item.height]).toEqual([800, 1200]);

    const served = await ops.request(item.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(exifHasGps(metadata.exif)).toBe(false);
    expect(bytes.includes(Buffer.from(CAMERA_MAKE))).toBe(false);

    // In sizes (ADR 091): a phone width as WebP, immutable like the original; only the listed widths are made.
    const variant = await ops.request(`${item.url}?w=360&f=webp`);
    expect([variant.status, variant.headers.get("content-type"), variant.headers.get("cache-control")]).toEqual([
      200,
      "image/webp",
      "public, max-age=31536000, immutable",
    ]);
    const webp = Buffer.from(await variant.arrayBuffer());
    expect([webp.subarray(0, 4).toString("latin1"), webp.subarray(8, 12).toString("latin1")]).toEqual(["RIFF", "WEBP"]);
    const original = await sharp(Buffer.from(await (await ops.request(`${item.url}?w=360`)).arrayBuffer())).metadata();
    expect([original.format, original.width]).toEqual(["jpeg", 360]);
    expect((await ops.request(`${item.url}?w=500&f=webp`)).status).toBe(400);

    for (const search of ["全景", "STAGE"]) {
      const list = (await (await ops.request(`/ops/api/media?search=${encodeURIComponent(search)}`, { cookie })).json()) as { items: MediaItem[] };
      expect(list.items.map((found) => found.id)).toEqual([item.id]);
    }
    const none = (await (await ops.request("/ops/api/media?search=100%25", { cookie })).json()) as { items: MediaItem[] };
    expect(none.items).toEqual([]);
  });

  it("requires both alt texts and refuses what is not an image or too many pixels, each with a message at its field", async () => {
    const cookie = await ops.signIn("ed", "editor");
    const png = base64(await plainPng(40, 40));
    const noEnglish = await upload(`${cookie}; lang=en`, { data: png, altZh: "图标", altEn: "  " });
    expect(noEnglish.status).toBe(400);
    expect(await noEnglish.json()).toMatchObject({ field: "altEn", message: "Enter the English alt text (at most 300 characters)" });
    const notImage = await upload(cookie, { data: base64(Buffer.from("<svg onload=alert(1)>")), altZh: "图", altEn: "Picture" });
    expect(notImage.status).toBe(415);
    const bomb = await ops.request("/ops/api/media", { body: { data: base64(hugePng()), altZh: "图", altEn: "Picture" }, cookie: `${cookie}; lang=zh` });
    expect(bomb.status).toBe(422);
    expect(await bomb.json()).toMatchObject({ field: "file", message: "图片像素过多（最多2400万像素），请缩小后再上传" });
    expect((await ops.request("/ops/api/media", { body: { data: png, altZh: "图", altEn: "Picture" } })).status).toBe(401);
    expect(await ops.sql("SELECT id FROM ops_media WHERE alt_zh = ?", ["图标"])).toEqual([]);
  });

  it("replaces an image: the new one is listed, the old URL keeps serving, alt texts can be changed", async () => {
    const cookie = await ops.signIn("ed", "editor");
    const first = (await (
      await upload(cookie, { data: base64(await plainPng(60, 30, "#ff0000")), altZh: "红色横幅", altEn: "Red banner" })
    ).json()) as MediaItem;
    const replaced = await upload(cookie, { data: base64(await plainPng(60, 30, "#00ff00")), altZh: "绿色横幅", altEn: "Green banner", replaces: first.id });
    expect(replaced.status).toBe(200);
    const second = (await replaced.json()) as MediaItem;
    expect(second.replaces).toBe(first.id);
    expect(second.url).not.toBe(first.url);
    expect((await ops.request(first.url)).status).toBe(200);
    const list = (await (await ops.request("/ops/api/media?search=banner", { cookie })).json()) as { items: MediaItem[] };
    expect(list.items.map((item) => item.id)).toEqual([second.id]);
    expect((await upload(cookie, { data: base64(await plainPng(60, 30, "#0000ff")), altZh: "蓝", altEn: "Blue", replaces: first.id })).status).toBe(404);

    const described = await ops.request("/ops/api/media/describe", {
      body: { id: second.id, altZh: "绿色活动横幅", altEn: "Green campaign banner" },
      cookie,
    });
    expect(((await described.json()) as MediaItem).alt).toEqual({ zh: "绿色活动横幅", en: "Green campaign banner" });
    const audit = await ops.sql<{ action: string }>(
      "SELECT action FROM ops_audit WHERE action IN ('uploadMedia', 'replaceMedia', 'describeMedia') ORDER BY id",
    );
    expect(audit.map((row) => row.action).slice(-3)).toEqual(["uploadMedia", "replaceMedia", "describeMedia"]);
  });

  it("serves nothing for a name that is not a stored image, letting it go on to the site's own /media files", async () => {
    // The fixture's last handler answers 418: the library did not answer, the page renderer's own files would.
    expect((await ops.request(`/media/${"0".repeat(64)}.png`)).status).toBe(418);
    const traversal = await ops.request("/media/..%2Fconsole.sqlite");
    expect(traversal.status).toBe(418);
    expect(await traversal.text()).not.toContain("SQLite format");
  });
}

describe.each(CONSOLE_ENGINES)("the console's library on %s", (engine) => {
  const ops = useOpsConsole(engine === "sqlite" ? 3650 : 3651, "2026-11-27T15:50:00.000Z", engine, { onPublished: (change) => published.push(change) });

  describe("media", () => mediaSuite(ops));

  describe("tracking and analytics", () => {
    const beacon = (body: unknown, userAgent = "Mozilla/5.0 (X11; Linux x86_64)") =>
      ops.request("/api/buryingPoint/buryingPoint?batch=1", { body, headers: { "user-agent": userAgent, "content-type": "text/plain;charset=UTF-8" } });
    const view = (path: string) => ({ eventType: "pageView", path, dataCode: "" });

    it("counts views, unique visitors, sign-ups and widget clicks per Beijing day, language and app type", async () => {
      // 15:50 UTC is 23:50 in Beijing on the 27th.
      expect(
        (
          await beacon({
            deviceId: "device-aaaa-1",
            lang: "zh",
            events: [view("/2023ames"), view("/2023ames"), { eventType: "click", path: "/2023ames", dataCode: "banner" }],
          })
        ).status,
      ).toBe(204);
      expect(
        (await beacon({ deviceId: "device-bbbb-2", lang: "en", events: [view("/2023ames"), { eventType: "signUp", path: "/2023ames", dataCode: "" }] }, WECHAT))
          .status,
      ).toBe(204);
      const cookie = await ops.signIn("ed", "editor");
      const views = async () =>
        ((await (await ops.request("/ops/api/analytics?path=%2F2023ames&from=2026-11-27&to=2026-11-28", { cookie })).json()) as AnalyticsReport).totals.views;
      // The 27th's batches are counted (in the background) before its day ends.
      await expect.poll(views).toBe(3);
      ops.advance(20 * 60_000); // 00:10 on the 28th in Beijing: a new day, a new salt
      expect(
        (
          await beacon(
            { deviceId: "device-aaaa-1", lang: "zh", events: [view("/2023ames"), { eventType: "impression", path: "/2023ames", dataCode: "banner" }] },
            NATIVE,
          )
        ).status,
      ).toBe(204);
      // Paths this site does not serve and unknown events are not counted.
      expect(
        (await beacon({ deviceId: "device-cccc-3", lang: "zh", events: [view("/no-such-page"), { eventType: "purchase", path: "/2023ames", dataCode: "" }] }))
          .status,
      ).toBe(204);
      expect((await beacon({ deviceId: "x", events: [view("/2023ames")] })).status).toBe(400);

      await expect.poll(views).toBe(4);
      const report = (await (await ops.request("/ops/api/analytics?path=%2F2023ames&from=2026-11-27&to=2026-11-28", { cookie })).json()) as AnalyticsReport;
      expect(report.byDay).toEqual([
        { day: "2026-11-27", views: 3, visitors: 2, signUps: 1, purchaseStarts: 0 },
        { day: "2026-11-28", views: 1, visitors: 1, signUps: 0, purchaseStarts: 0 },
      ]);
      expect(report.totals).toEqual({ views: 4, visitors: 3, signUps: 1, purchaseStarts: 0, conversion: 333 });
      expect(report.byLang.map((row) => [row.lang, row.views])).toEqual([
        ["en", 1],
        ["zh", 3],
      ]);
      expect(report.byAppType.map((row) => [row.appType, row.views])).toEqual([
        ["messaging", 1],
        ["native", 1],
        ["web", 2],
      ]);
      expect(report.widgets).toEqual([{ widget: "banner", impressions: 1, clicks: 1 }]);
      const pages = (await (await ops.request("/ops/api/analytics/pages?from=2026-11-27&to=2026-11-28", { cookie })).json()) as { pages: { path: string }[] };
      expect(pages.pages.map((page) => page.path)).toEqual(["/2023ames"]);
    });

    it("keeps no device id, address or hash past the day, and the platform stores each event as the spec's call", async () => {
      const everything = JSON.stringify([
        ...(await ops.sql("SELECT * FROM ops_page_stats")),
        ...(await ops.sql("SELECT * FROM ops_widget_stats")),
        ...(await ops.sql("SELECT * FROM ops_visitors_today")),
        ...(await ops.sql("SELECT * FROM ops_daily_salt")),
      ]);
      expect(everything).not.toMatch(/device-|127\.0\.0\.1/);
      // Only the 28th's salt and hashes are left; the 27th's went with its day.
      expect((await ops.sql<{ day: string }>("SELECT DISTINCT day FROM ops_visitors_today")).map((row) => row.day)).toEqual(["2026-11-28"]);
      expect((await ops.sql<{ day: string }>("SELECT day FROM ops_daily_salt")).map((row) => row.day)).toEqual(["2026-11-28"]);
      await expect
        .poll(() =>
          ops.platform.db.prepare("SELECT event_type, data_code, channel_id FROM tracking_events WHERE device_id = ? ORDER BY id").all("device-aaaa-1"),
        )
        .toEqual([
          { event_type: "pageView", data_code: "/2023ames", channel_id: 4 },
          { event_type: "pageView", data_code: "/2023ames", channel_id: 4 },
          { event_type: "click", data_code: "banner", channel_id: 4 },
          { event_type: "pageView", data_code: "/2023ames", channel_id: 4 },
          { event_type: "impression", data_code: "banner", channel_id: 4 },
        ]);
    });
  });

  describe("scheduled publish", () => {
    const configWithTitle = (title: string) => {
      const entry = ops.pages.resolve("/2023ames");
      if (entry?.status !== "valid") throw new Error("the fixture's page is missing");
      return { ...entry.config, title: { ...entry.config.title, en: title } };
    };

    it("publishes at the chosen Beijing time on a fake clock, once, purging the CDN and reaching another node", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      const editor = await ops.signIn("ed", "editor");
      // 2026-11-28 09:00 in Beijing.
      const goLiveAt = "2026-11-28T01:00:00.000Z";
      expect(
        (await ops.request("/ops/api/schedule", { body: { path: "/2023ames", config: configWithTitle("Scheduled"), goLiveAt }, cookie: editor })).status,
      ).toBe(403);
      const past = await ops.request("/ops/api/schedule", {
        body: { path: "/2023ames", config: configWithTitle("Late"), goLiveAt: "2026-11-27T00:00:00.000Z" },
        cookie,
      });
      expect(past.status).toBe(400);
      expect(await past.json()).toMatchObject({ field: "goLiveAt" });
      const made = await ops.request("/ops/api/schedule", { body: { path: "/2023ames", config: configWithTitle("Scheduled"), goLiveAt }, cookie });
      expect(made.status).toBe(200);
      const schedule = (await made.json()) as ScheduledPublish;
      expect(schedule).toMatchObject({ state: "waiting", goLiveAt });

      const other = await ops.secondNode(50);
      const timers: { callback: () => void; at: number }[] = [];
      const clock = {
        now: ops.now,
        setTimer: (callback: () => void, ms: number) => timers.push({ callback, at: ops.now().getTime() + ms }),
        clearTimer: () => {},
      };
      // Two nodes' schedulers on one store: the version goes live once.
      const nodes = [startScheduler(ops.store.scheduled, clock, () => {}), startScheduler((await ops.anotherStore()).scheduled, clock, () => {})];
      await Promise.all(nodes.map((node) => node.settled()));
      const before = published.length;
      ops.advance(new Date(goLiveAt).getTime() - ops.now().getTime() - 1000);
      expect(await ops.store.scheduled.publishDue(ops.now())).toEqual([]);
      ops.advance(1000);
      // The timers armed for the next due time fire now.
      for (const timer of timers.splice(0).filter((entry) => entry.at <= ops.now().getTime())) timer.callback();
      await Promise.all(nodes.map((node) => node.settled()));
      for (const node of nodes) node.stop();

      const versions = await ops.sql<{ note: string; publisher: string }>("SELECT note, publisher FROM ops_page_versions WHERE path = ? AND note = ?", [
        "/2023ames",
        `scheduled ${schedule.id}`,
      ]);
      expect(versions).toEqual([{ note: `scheduled ${schedule.id}`, publisher: "pat" }]);
      const changes = published.slice(before);
      expect(changes.map((change) => change.path)).toEqual(["/2023ames"]);
      expect(changes[0].text).toContain("Scheduled");
      await expect
        .poll(
          () => {
            const entry = other.resolve("/2023ames");
            return entry?.status === "valid" ? entry.config.title.en : null;
          },
          { timeout: 5_000 },
        )
        .toBe("Scheduled");
      // The morning after: a new session.
      const morning = await ops.signIn("pat", "publisher");
      const list = (await (await ops.request("/ops/api/schedules?path=%2F2023ames", { cookie: morning })).json()) as { schedules: ScheduledPublish[] };
      expect(list.schedules[0]).toMatchObject({ id: schedule.id, state: "published" });
    });

    it("cancels a waiting schedule, and a node that starts after the time publishes what became due", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      const goLiveAt = new Date(ops.now().getTime() + 3_600_000).toISOString();
      const cancelled = (await (
        await ops.request("/ops/api/schedule", { body: { path: "/2023ames", config: configWithTitle("Never"), goLiveAt }, cookie })
      ).json()) as ScheduledPublish;
      expect((await ops.request("/ops/api/schedule/cancel", { body: { id: cancelled.id }, cookie })).status).toBe(200);
      expect((await ops.request("/ops/api/schedule/cancel", { body: { id: cancelled.id }, cookie })).status).toBe(404);
      const kept = (await (
        await ops.request("/ops/api/schedule", { body: { path: "/2023ames", config: configWithTitle("Caught up"), goLiveAt }, cookie })
      ).json()) as ScheduledPublish;

      // Every node was down at go-live: the first to start publishes it at once.
      ops.advance(2 * 3_600_000);
      const timers: (() => void)[] = [];
      const late = startScheduler(ops.store.scheduled, { now: ops.now, setTimer: (callback) => timers.push(callback), clearTimer: () => {} }, () => {});
      await late.settled();
      late.stop();
      const rows = await ops.sql<{ id: number; state: string }>("SELECT id, state FROM ops_scheduled_publishes WHERE id IN (?, ?) ORDER BY id", [
        cancelled.id,
        kept.id,
      ]);
      expect(rows).toEqual([
        { id: cancelled.id, state: "cancelled" },
        { id: kept.id, state: "published" },
      ]);
      await ops.pages.refresh();
      const entry = ops.pages.resolve("/2023ames");
      expect(entry?.status === "valid" ? entry.config.title.en : null).toBe("Caught up");
    });
  });
});

describe("the console's media in an S3-compatible bucket (MEDIA_S3_*, ADR 093)", () => {
  const credentials = { bucket: "console-media", region: "eu-central-1", accessKeyId: "AKIAMEDIATEST", secretAccessKey: "media-test-secret-key" };
  const config = { ...credentials, endpoint: `http://127.0.0.1:${S3_PORT}` };
  const ops = useOpsConsole(3423, "2026-11-27T15:50:00.000Z", "sqlite", { mediaBucket: s3MediaBucket(config) });
  let bucket: S3Stub;
  beforeAll(async () => {
    bucket = await startS3Stub(S3_PORT, credentials);
  });
  afterAll(() => bucket.close());

  mediaSuite(ops);

  it("keeps each image's bytes in the bucket under its content-addressed name, none in the database", async () => {
    const rows = await ops.sql<{ hash: string; content_type: string; stored_in: string; size: number }>(
      "SELECT hash, content_type, stored_in, LENGTH(bytes) AS size FROM ops_media ORDER BY id",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ stored_in: "bucket", size: 0 });
      const object = bucket.objects.get(`console-media/${row.hash}.${row.content_type === "image/jpeg" ? "jpg" : "png"}`);
      expect(object?.contentType).toBe(row.content_type);
      expect(
        createHash("sha256")
          .update(object?.bytes ?? "")
          .digest("hex"),
      ).toBe(row.hash);
    }
    expect(bucket.refused).toBe(0);
  });

  it("records nothing when the bucket refuses the upload's signature", async () => {
    const wrongSecret = createMediaLibrary(ops.store.engine, s3MediaBucket({ ...config, secretAccessKey: "not-the-secret" }));
    const count = async () => (await ops.sql<{ count: number }>("SELECT COUNT(*) AS count FROM ops_media"))[0].count;
    const before = await count();
    const upload = wrongSecret.upload({ bytes: await plainPng(30, 30, "#123456"), alt: { zh: "图", en: "Picture" }, by: "ed", at: ops.now() });
    await expect(upload).rejects.toThrow(/the media bucket refused [0-9a-f]{64}\.png: HTTP 403/);
    expect(bucket.refused).toBe(1);
    expect(await count()).toBe(before);
  });
});
