/**
 * Calendar files, private feeds and share posters (ADR 045), through our server's routes over the embedded platform's
 * HTTP API: an .ics validates with ical.js and its times are right in UTC and in Beijing; a feed lists exactly its
 * owner's lives and events, another person's token shows theirs, a reset token answers 404; a poster is a PNG of the
 * poster's size whose QR code (read back with jsQR from sharp's pixels) opens the page, whatever the title holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import ICAL from "ical.js";
import jsQR from "jsqr";
import sharp from "sharp";
import { createApiClient } from "~/api/api-client";
import { loadCatalogues } from "@contracts/catalogues.server";
import { shareRoutes } from "@server/share/routes.server";
import { escapeSvgText, POSTER_HEIGHT, POSTER_WIDTH, posterPng, posterSvg, wrapLines } from "@server/share/poster.server";
import { processImage } from "@contracts/images.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-04-20T02:00:00.000Z", { captchaTestMode: true });
const PUBLIC_ORIGIN = "https://scholar.example.cn";
const PORT = 3511;
const base = `http://127.0.0.1:${PORT}`;
let server: Server;

/** Our live and event, with times chosen so Beijing and UTC fall on different days: 2027-05-01 01:30 Beijing. */
const LIVE_ID = 990_001;
const LIVE_START = "2027-04-30T17:30:00.000Z";
const LIVE_END = "2027-04-30T19:00:00.000Z";
const EVENT_ID = 990_002;
const OTHER_EVENT_ID = 990_003;
const PAPER_ID = 990_004;

function insertItem(id: number, kind: string, fields: Record<string, string>) {
  api.platform.db
    .prepare(
      `INSERT INTO items (id, kind, title, title_en, summary, summary_en, starts_at, ends_at, author_name, author_name_en, link, extra, created_at)
       VALUES (@id, @kind, @title, @titleEn, @summary, @summaryEn, @startsAt, @endsAt, @author, @authorEn, @link, @extra, @createdAt)`,
    )
    .run({
      id,
      kind,
      title: "",
      titleEn: "",
      summary: "",
      summaryEn: "",
      startsAt: null,
      endsAt: null,
      author: "",
      authorEn: "",
      link: "",
      extra: "{}",
      createdAt: "2027-01-01T00:00:00.000Z",
      ...fields,
    });
}

beforeAll(async () => {
  insertItem(LIVE_ID, "live", {
    title: "宏观审慎政策的新框架",
    titleEn: "A new framework for macroprudential policy",
    summary: "讨论逆周期资本缓冲。",
    summaryEn: "On countercyclical capital buffers.",
    startsAt: LIVE_START,
    endsAt: LIVE_END,
    link: "/viewLive?id={id}",
  });
  insertItem(EVENT_ID, "meeting", {
    title: "数字金融研讨会",
    titleEn: "Digital Finance Workshop",
    startsAt: "2027-05-10T01:00:00.000Z",
    endsAt: "2027-05-11T09:00:00.000Z",
    link: "/scienceMeetingDetail?id={id}",
    extra: JSON.stringify({ city: "上海", cityEn: "Shanghai", venue: "上海财经大学报告厅", venueEn: "SUFE Auditorium" }),
  });
  insertItem(OTHER_EVENT_ID, "meeting", {
    title: "另一场会议",
    titleEn: "Another conference",
    startsAt: "2027-06-01T01:00:00.000Z",
    endsAt: "2027-06-01T09:00:00.000Z",
    link: "/scienceMeetingDetail?id={id}",
  });
  insertItem(PAPER_ID, "paper", {
    title: "数字普惠金融与家庭消费",
    titleEn: "Digital inclusive finance and household consumption",
    author: "张三",
    authorEn: "San Zhang",
    link: "/docDetail?id={id}",
  });
  api.platform.db
    .prepare(
      `INSERT INTO special_agenda (id, special_id, starts_at, ends_at, kind, title, title_en, speaker, speaker_en, place, place_en)
       VALUES (99001, ?, '2027-05-10T02:00:00.000Z', '2027-05-10T03:00:00.000Z', 'keynote', '主旨演讲', 'Keynote', '李四', 'Si Li', '一号厅', 'Hall 1')`,
    )
    .run(EVENT_ID);
  const platform = api.platform;
  const client = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => platform.api.fetch(new Request(input, init), "127.0.0.1") });
  const app = express();
  app.use(shareRoutes({ api: client, catalogues: loadCatalogues(), publicOrigin: PUBLIC_ORIGIN }));
  await new Promise<void>((resolve) => {
    server = app.listen(PORT, "127.0.0.1", () => resolve());
  });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function firstEvent(text: string): ICAL.Event {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
}

function beijing(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}

describe("add to calendar", () => {
  it("serves a live as an .ics that ical.js reads, at the right instant in UTC and in Beijing, with its page and a reminder", async () => {
    const response = await fetch(`${base}/calendar/live/${LIVE_ID}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="live-${LIVE_ID}.ics"`);
    const text = await response.text();
    expect(text).toContain("DTSTART:20270430T173000Z");
    const event = firstEvent(text);
    expect(event.summary).toBe("宏观审慎政策的新框架");
    expect(event.startDate.toJSDate().toISOString()).toBe(LIVE_START);
    expect(event.endDate.toJSDate().toISOString()).toBe(LIVE_END);
    expect(beijing(event.startDate.toJSDate())).toBe("2027-05-01, 01:30");
    expect(beijing(event.endDate.toJSDate())).toBe("2027-05-01, 03:00");
    const page = `${PUBLIC_ORIGIN}/viewLive?id=${LIVE_ID}`;
    expect(event.location).toBe(page);
    expect(event.description).toContain(page);
    expect(event.description).toContain("讨论逆周期资本缓冲");
    expect(event.uid).toBe(`live-${LIVE_ID}@scholar.example.cn`);
    const alarm = event.component.getFirstSubcomponent("valarm")!;
    expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(String(alarm.getFirstPropertyValue("trigger"))).toBe("-PT15M");
  });

  it("speaks English when the link asks for it, and points at the English page", async () => {
    const event = firstEvent(await (await fetch(`${base}/calendar/live/${LIVE_ID}.ics?lang=en`)).text());
    expect(event.summary).toBe("A new framework for macroprudential policy");
    expect(event.location).toBe(`${PUBLIC_ORIGIN}/viewLive?id=${LIVE_ID}&lang=en`);
  });

  it("serves a conference and one session of its programme, each with its venue and room", async () => {
    const whole = firstEvent(await (await fetch(`${base}/calendar/event/${EVENT_ID}.ics`)).text());
    expect(whole.location).toBe("上海财经大学报告厅，上海");
    expect(beijing(whole.startDate.toJSDate())).toBe("2027-05-10, 09:00");
    const session = firstEvent(await (await fetch(`${base}/calendar/event/${EVENT_ID}/99001.ics?lang=en`)).text());
    expect(session.summary).toBe("Keynote · Digital Finance Workshop");
    expect(session.location).toBe("Hall 1, SUFE Auditorium, Shanghai");
    expect(session.description).toContain("Si Li");
    expect(beijing(session.startDate.toJSDate())).toBe("2027-05-10, 10:00");
    expect(session.startDate.toJSDate().toISOString()).toBe("2027-05-10T02:00:00.000Z");
  });

  it("answers 404 with a message for what does not exist, in the asked language", async () => {
    for (const path of [`/calendar/live/989999.ics`, `/calendar/live/abc.ics`, `/calendar/event/${EVENT_ID}/1.ics`, `/calendar/live/${PAPER_ID}.ics`]) {
      const response = await fetch(`${base}${path}?lang=en`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toMatch(/could not be found/);
    }
    expect(await (await fetch(`${base}/calendar/event/989999.ics`)).text()).toContain("找不到");
  });
});

describe("the private feed", () => {
  const feedToken = async (token: string) => (await api.call("/calendar/feedToken", { token })).body.data.feedToken as string;

  it("lists exactly its owner's lives and events; another's token shows theirs; a reset token answers 404", async () => {
    const alice = await api.newUser();
    const bob = await api.newUser();
    expect((await api.call("/calendar/feedToken", { method: "GET", token: alice.token })).body.data.feedToken).toBeNull();
    expect((await api.call("/calendar/liveReminder", { body: { planId: LIVE_ID, remind: true }, token: alice.token })).body.data).toEqual({
      planId: LIVE_ID,
      remind: true,
    });
    const now = api.now().toISOString();
    api.platform.db
      .prepare("INSERT INTO special_enrollments (special_id, user_id, agreed_at, created_at) VALUES (?, ?, ?, ?)")
      .run(EVENT_ID, alice.id, now, now);
    api.platform.db
      .prepare("INSERT INTO special_enrollments (special_id, user_id, agreed_at, created_at) VALUES (?, ?, ?, ?)")
      .run(OTHER_EVENT_ID, bob.id, now, now);

    const aliceToken = await feedToken(alice.token);
    expect(aliceToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await feedToken(alice.token)).toBe(aliceToken);
    const bobToken = await feedToken(bob.token);
    expect(bobToken).not.toBe(aliceToken);

    const uids = async (token: string) => {
      const response = await fetch(`${base}/calendar/feed/${token}.ics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      const calendar = new ICAL.Component(ICAL.parse(await response.text()));
      return calendar.getAllSubcomponents("vevent").map((event) => String(event.getFirstPropertyValue("uid")));
    };
    expect(await uids(aliceToken)).toEqual([`live-${LIVE_ID}@scholar.example.cn`, `event-${EVENT_ID}@scholar.example.cn`]);
    expect(await uids(bobToken)).toEqual([`event-${OTHER_EVENT_ID}@scholar.example.cn`]);

    const reset = await api.call("/calendar/resetFeedToken", { token: alice.token });
    expect(reset.body.code).toBe(200);
    expect(reset.body.data.feedToken).not.toBe(aliceToken);
    const old = await fetch(`${base}/calendar/feed/${aliceToken}.ics?lang=en`);
    expect(old.status).toBe(404);
    expect(await old.text()).toMatch(/unknown or was reset/);
    expect(await uids(reset.body.data.feedToken)).toHaveLength(2);
    expect(await uids(bobToken)).toEqual([`event-${OTHER_EVENT_ID}@scholar.example.cn`]);

    await api.call("/calendar/liveReminder", { body: { planId: LIVE_ID, remind: false }, token: alice.token });
    expect(await uids(reset.body.data.feedToken)).toEqual([`event-${EVENT_ID}@scholar.example.cn`]);
  });

  it("needs a session for the token and refuses bad plans and ended lives", async () => {
    expect((await api.call("/calendar/feedToken", { method: "GET" })).body.code).toBe(401);
    expect((await api.call("/calendar/resetFeedToken", {})).body.code).toBe(401);
    const carol = await api.newUser();
    expect((await api.call("/calendar/liveReminder", { body: { planId: "x", remind: true }, token: carol.token })).body.code).toBe(400);
    expect((await api.call("/calendar/liveReminder", { body: { planId: EVENT_ID, remind: true }, token: carol.token })).body.code).toBe(404);
    api.advance(30 * 86_400_000);
    const late = await api.call("/calendar/liveReminder", { body: { planId: LIVE_ID, remind: true }, token: carol.token, lang: "en" });
    expect(late.body).toMatchObject({ code: 403, message: "This live has ended; there is nothing to remind you of" });
    api.advance(-30 * 86_400_000);
    for (const token of ["", "short", "x".repeat(32), "A".repeat(32)]) {
      expect((await api.call("/calendar/feed", { method: "GET", query: { token } })).body.code).toBe(404);
    }
  });
});

async function decodePoster(png: Buffer): Promise<{ width: number; height: number; qr: string | null }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return { width: info.width, height: info.height, qr: code?.data ?? null };
}

describe("share posters", () => {
  it("draws a live's, a conference's and a paper's poster whose QR code opens its page", async () => {
    for (const [kind, id, page] of [
      ["live", LIVE_ID, `/viewLive?id=${LIVE_ID}`],
      ["event", EVENT_ID, `/scienceMeetingDetail?id=${EVENT_ID}`],
      ["paper", PAPER_ID, `/docDetail?id=${PAPER_ID}`],
    ] as const) {
      const response = await fetch(`${base}/poster/${kind}/${id}.png`);
      expect(response.status, kind).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const poster = await decodePoster(Buffer.from(await response.arrayBuffer()));
      expect(poster).toEqual({ width: POSTER_WIDTH, height: POSTER_HEIGHT, qr: `${PUBLIC_ORIGIN}${page}` });
    }
    const english = await decodePoster(Buffer.from(await (await fetch(`${base}/poster/paper/${PAPER_ID}.png?lang=en`)).arrayBuffer()));
    expect(english.qr).toBe(`${PUBLIC_ORIGIN}/docDetail?id=${PAPER_ID}&lang=en`);
    const download = await fetch(`${base}/poster/live/${LIVE_ID}.png?download=1`);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="live-${LIVE_ID}.png"`);
  }, 30_000);

  it("keeps odd titles from breaking it: very long, markup, emoji, control characters, English", async () => {
    const titles = [
      "宏观".repeat(200),
      "<script>alert('x')</script> & \"quotes\" </text></svg>",
      "数字金融 🚀📈 与家庭消费 👨‍👩‍👧",
      "Supercalifragilisticexpialidocious".repeat(12),
      "A\u0000B\u0007C\u001fD\ud800 E\uffff",
      "An English title on the term structure of interest rates and what it says about expected inflation",
    ];
    for (const [index, title] of titles.entries()) {
      const id = 991_000 + index;
      insertItem(id, "paper", { title, titleEn: title, author: title, link: "/docDetail?id={id}" });
      for (const lang of ["zh", "en"]) {
        const response = await fetch(`${base}/poster/paper/${id}.png?lang=${lang}`);
        expect(response.status, `${title} ${lang}`).toBe(200);
        const poster = await decodePoster(Buffer.from(await response.arrayBuffer()));
        expect(poster.width).toBe(POSTER_WIDTH);
        expect(poster.qr).toBe(`${PUBLIC_ORIGIN}/docDetail?id=${id}${lang === "en" ? "&lang=en" : ""}`);
      }
    }
  }, 60_000);

  it("escapes every text into the SVG and never lets a line run past the poster", () => {
    expect(escapeSvgText("<a href='x'>&\u0000</a>")).toBe("&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;");
    const svg = posterSvg({
      lang: "en",
      kicker: "Paper",
      title: "<script>alert(1)</script>",
      byline: "A & B",
      when: "2027",
      url: "https://scholar.example.cn/docDetail?id=1&lang=en",
      brand: "EconScholar",
      scanHint: "Scan",
    });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/");
    const lines = wrapLines("x".repeat(500), "en", 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => [...line].length <= 17)).toBe(true);
    expect(lines[2].endsWith("…")).toBe(true);
    expect(wrapLines("数字普惠金融与家庭消费", "zh", 6, 3)).toEqual(["数字普惠金融", "与家庭消费"]);
    // No line ends in an opening bracket or starts with closing punctuation.
    for (const width of [8, 10, 12, 14]) {
      const wrapped = wrapLines("黄欣婷（上海财经大学金融学院）、张明岚（新加坡国立大学商学院）", "zh", width, 6);
      expect(wrapped.join("")).toBe("黄欣婷（上海财经大学金融学院）、张明岚（新加坡国立大学商学院）");
      for (const line of wrapped) expect(line, `${width}: ${wrapped.join(" | ")}`).not.toMatch(/（$|^[）、]/);
    }
  });

  it("leaves uploads' loaders as ADR 041 has them once a poster is drawn: an SVG or a PNG-headed SVG upload is refused", async () => {
    await posterPng({ lang: "zh", kicker: "论文", title: "标题", byline: "", when: "", url: PUBLIC_ORIGIN, brand: "经管学术圈", scanHint: "" });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>');
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const [bytes, type] of [
      [svg, "image/png"],
      [svg, "image/jpeg"],
      [Buffer.concat([pngSignature, svg]), "image/png"],
    ] as const) {
      expect(await processImage(bytes, type, "circle")).toMatchObject({ ok: false });
    }
  });

  it("answers 404 for unknown kinds, ids and items", async () => {
    for (const path of ["/poster/video/1.png", "/poster/live/0.png", "/poster/live/989999.png", "/poster/paper/abc.png", `/poster/live/${PAPER_ID}.png`]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });
});
