/**
 * Publish boundaries (ADR 093) and the CDN purge of a scheduled go-live: when a live config's own window opens or
 * closes, every node drops its renders of the page and one node — the first to claim the moment in the console's store —
 * POSTs the page's URLs to the CDN stub, once however many nodes and ticks see it pass, on both engines; a console
 * scheduled go-live posts its URLs too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PageConfig } from "@schemas/generated/page-config";
import { cdnPathPurger, cdnPurger, purgeUrls } from "@server/ops/cdn-purge.server";
import { startBoundaryWatch } from "@server/ops/publish-boundaries.server";
import { openConsoleStore, type ConsoleStore } from "@server/ops/store/index.server";
import { NO_PLATFORM } from "@server/ops/store/platform-calls.server";
import { renderCache } from "@server/render-cache.server";
import { CONSOLE_ENGINES, freshPostgresDatabase } from "./postgres-database";

const ORIGIN = "https://h5.example.com";
const CDN_PORT = 3421;
const work = mkdtempSync(join(tmpdir(), "boundaries-"));
const received: string[][] = [];
let cdn: Server;
const opened: ConsoleStore[] = [];

beforeAll(async () => {
  // The CDN's purge API as the existing purge tests stand it in: it keeps each POSTed list of URLs.
  cdn = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push((JSON.parse(body) as { urls: string[] }).urls);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => cdn.listen(CDN_PORT, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await new Promise<void>((resolve) => cdn.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

const purgeOptions = { url: `http://127.0.0.1:${CDN_PORT}/purge`, publicOrigin: ORIGIN, log: () => {} };

/** A clock the test moves, whose timers fire when the test says. */
function fakeClock(startsAt: string) {
  let now = new Date(startsAt).getTime();
  const timers = new Map<number, { callback: () => void; at: number }>();
  let next = 0;
  return {
    now: () => new Date(now),
    setTimer: (callback: () => void, ms: number) => {
      timers.set(++next, { callback, at: now + ms });
      return next;
    },
    clearTimer: (timer: unknown) => void timers.delete(timer as number),
    /** Moves to `at` and fires the timers due by then. */
    moveTo(at: string) {
      now = new Date(at).getTime();
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.callback();
      }
    },
  };
}

const campaign: PageConfig = {
  path: "/springCampaign",
  aliases: ["/spring"],
  title: { zh: "春季活动", en: "Spring campaign" },
  widgets: [],
  publish: { from: "2026-12-01T09:00:00+08:00", until: "2026-12-01T18:00:00+08:00", afterUntil: "closed" },
};
const campaignUrls = purgeUrls(ORIGIN, ["/springCampaign", "/spring"]);

describe.each(CONSOLE_ENGINES)("publish boundaries on %s", (engine) => {
  const open = async (location: Parameters<typeof openConsoleStore>[0]) => {
    const store = await openConsoleStore(location, { platform: NO_PLATFORM });
    opened.push(store);
    return store;
  };
  const location = async () =>
    engine === "postgres" ? { databaseUrl: await freshPostgresDatabase("console_boundaries"), file: "" } : { file: join(work, "boundaries.sqlite") };

  it("drops every node's renders of the page and purges it once per boundary, however many nodes and ticks see it", async () => {
    const where = await location();
    const stores = [await open(where), await open(where)];
    const clock = fakeClock("2026-12-01T00:30:00.000Z");
    const dropped: string[][] = [];
    const purges: Promise<boolean>[] = [];
    const purgePaths = cdnPathPurger(purgeOptions);
    const nodes = stores.map((store) =>
      startBoundaryWatch({
        configs: () => [campaign],
        claim: store.claimBoundary,
        dropRenders: (paths) => dropped.push(paths),
        purge: (paths, what) => {
          const purge = purgePaths(paths, what);
          purges.push(purge);
          return purge;
        },
        clock,
        log: () => {},
      }),
    );
    const settled = () => Promise.all(nodes.map((node) => node.settled()));
    await settled();
    const before = received.length;

    // A second before 09:00 in Beijing nothing has passed; at 09:00 and on every tick after, the opening is handled once.
    clock.moveTo("2026-12-01T00:59:59.000Z");
    await settled();
    expect(dropped).toEqual([]);
    for (const at of ["2026-12-01T01:00:00.000Z", "2026-12-01T01:00:00.000Z", "2026-12-01T01:01:00.000Z", "2026-12-01T01:30:00.000Z"]) {
      clock.moveTo(at);
      await Promise.all(nodes.map((node) => node.rearm()));
      await settled();
    }
    await Promise.all(purges);
    expect(dropped).toEqual([
      ["/springCampaign", "/spring"],
      ["/springCampaign", "/spring"],
    ]);
    expect(received.slice(before)).toEqual([campaignUrls]);

    // The closing at 18:00 is a boundary of its own.
    clock.moveTo("2026-12-01T10:00:00.000Z");
    await settled();
    clock.moveTo("2026-12-01T10:00:05.000Z");
    await settled();
    await Promise.all(purges);
    expect(received.slice(before)).toEqual([campaignUrls, campaignUrls]);
    const claims = await stores[0].engine.all<{ boundary: string }>("SELECT boundary FROM ops_boundary_purges WHERE path = ? ORDER BY boundary", [
      "/springCampaign",
    ]);
    expect(claims.map((row) => row.boundary)).toEqual(["2026-12-01T01:00:00.000Z", "2026-12-01T10:00:00.000Z"]);
    for (const node of nodes) node.stop();
  }, 60_000);
});

describe("a node's renders at a boundary", () => {
  it("drops only that page's kept renders (documents and data answers, any query)", async () => {
    const cache = renderCache({ now: () => 0 });
    let renders = 0;
    const app = express();
    app.use(cache);
    app.get("/{*path}", (_request, response) => {
      renders++;
      response.setHeader("Cache-Control", "public, s-maxage=60");
      response.end(`render ${renders}`);
    });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(3422, "127.0.0.1", () => resolve(listening));
    });
    const get = async (path: string) => (await fetch(`http://127.0.0.1:3422${path}`)).text();
    const paths = ["/springCampaign", "/spring.data?_routes=routes%2Fpage", "/springCampaign?tab=2", "/home"];
    const first = await Promise.all(paths.map(get));
    expect(await Promise.all(paths.map(get))).toEqual(first);
    cache.forget(["/springCampaign", "/spring"]);
    const after = await Promise.all(paths.map(get));
    expect(after.slice(0, 3).every((body, index) => body !== first[index])).toBe(true);
    expect(after[3]).toBe(first[3]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe("a console scheduled go-live", () => {
  it("posts the page's URLs to the CDN, as a publish does", async () => {
    const store = await openConsoleStore(
      { file: join(work, "scheduled.sqlite") },
      { platform: NO_PLATFORM, onPublished: (change) => void cdnPurger(purgeOptions)(change) },
    );
    opened.push(store);
    const at = new Date("2026-11-28T01:00:00.000Z");
    const config = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "2023ames.json"), "utf8"));
    const schedule = await store.scheduled.schedule({
      path: "/2023ames",
      text: JSON.stringify(config),
      goLiveAt: new Date(at.getTime() + 60_000),
      by: "pat",
      at,
    });
    const before = received.length;
    const published = await store.scheduled.publishDue(new Date(at.getTime() + 60_000));
    expect(published.map((change) => change.path)).toEqual(["/2023ames"]);
    await expect.poll(() => received.slice(before)).toEqual([purgeUrls(ORIGIN, ["/2023ames", ...(config.aliases ?? [])])]);
    expect(schedule.state).toBe("waiting");
  });
});
