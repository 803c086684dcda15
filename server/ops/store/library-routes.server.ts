import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from "express";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { toLang, type Lang } from "@contracts/language.ts";
import { OPS_SESSION_COOKIE } from "@contracts/ops.ts";
import {
  analyticsAppType,
  MEDIA_MAX_BYTES,
  MEDIA_PREFIX,
  OPS_LIBRARY_API,
  TRACKED_EVENTS,
  TRACKING_CHANNEL_ID,
  TRACKING_MAX_EVENTS,
  type TrackedAction,
  type TrackingBatch,
} from "@contracts/ops-library.ts";
import { readVariantQuery } from "@contracts/image-variants.ts";
import type { ApiClient } from "~/api/api-client.ts";
import { activityCalls } from "~/api/groups/activity";
import { sameSiteWrites } from "../../security.server.ts";
import type { ConsoleStore } from "./index.server.ts";
import type { Scheduler } from "./scheduled-publishes.server.ts";

/**
 * The HTTP side of the media library, campaign analytics and scheduled publishes (ADR 072): the staff API under
 * /ops/api (the store checks the session on every call), the library's images at /media/ for everyone, and the
 * tracking beacon's batches, counted here and handed on to the platform one spec call per event.
 */
export interface LibraryRoutesOptions {
  store: ConsoleStore;
  /** The paths this site serves: the only ones counted. */
  servedPaths: () => readonly string[];
  /** The server's client of the platform's API, which stores each tracking event (spec §7). */
  api: ApiClient;
  now: () => Date;
  publicOrigin: string;
  /** This node's timer for scheduled publishes, told when one is made or cancelled here. */
  scheduler?: Scheduler;
  log?: (line: string) => void;
}

const MESSAGES: Record<number, Record<Lang, string>> = {
  400: { zh: "请求参数有误", en: "The request is not valid" },
  401: { zh: "请先登录运营后台", en: "Please sign in to the operations console" },
  403: { zh: "您没有权限执行此操作", en: "You are not allowed to do this" },
  404: { zh: "找不到该项目", en: "No such item" },
  409: { zh: "新图片与原图片相同", en: "The new image is the same as the one it replaces" },
  413: { zh: "图片过大（最多15 MB）", en: "The image is too large (at most 15 MB)" },
  415: { zh: "只能上传 JPEG、PNG 或 GIF 图片", en: "Only JPEG, PNG and GIF images can be uploaded" },
  422: { zh: "内容未通过校验", en: "The content does not pass the checks" },
  502: { zh: "服务暂时不可用，请稍后再试", en: "The service is unavailable; please try again later" },
};

/** What the person is told at the field the refusal names (alt texts and the file have their own words). */
const FIELD_MESSAGES: Record<string, Record<Lang, string>> = {
  altZh: { zh: "请填写中文替代文字（最多300字）", en: "Enter the Chinese alt text (at most 300 characters)" },
  altEn: { zh: "请填写英文替代文字（最多300字）", en: "Enter the English alt text (at most 300 characters)" },
  goLiveAt: { zh: "请选择一个将来的北京时间", en: "Choose a Beijing time in the future" },
  tooManyPixels: { zh: "图片像素过多（最多2400万像素），请缩小后再上传", en: "The image has too many pixels (at most 24 megapixels). Please make it smaller" },
  tooManyFrames: { zh: "动图帧数过多，请换一张", en: "The animated image has too many frames. Please choose another" },
  unreadable: { zh: "图片已损坏或无法读取，请换一张", en: "The image is damaged or cannot be read. Please choose another" },
};

const langOf = (request: Request): Lang => toLang(readCookie(request.headers.cookie, COOKIE_NAMES.lang));

export function libraryRoutes(options: LibraryRoutesOptions): Router {
  const { store, now } = options;
  const router = Router();

  const answer = async (request: Request, response: Response, method: "GET" | "POST", path: string, params: Record<string, unknown>) => {
    const session = readCookie(request.headers.cookie, OPS_SESSION_COOKIE) ?? undefined;
    const result = await store.call(method, path, { params, session, ip: request.ip, at: now() });
    response.setHeader("Cache-Control", "private, no-store");
    if (result.code === 200) {
      response.json(result.data ?? {});
      return;
    }
    const data = (result.data ?? {}) as { field?: string; reason?: string; problems?: unknown };
    const lang = langOf(request);
    const fieldMessage = FIELD_MESSAGES[data.reason ?? data.field ?? ""]?.[lang];
    response.status(MESSAGES[result.code] ? result.code : 502).json({
      error: result.code,
      message: fieldMessage ?? (MESSAGES[result.code] ?? MESSAGES[502])[lang],
      ...(data.field ? { field: data.field } : {}),
      ...(data.problems ? { problems: data.problems } : {}),
    });
  };
  const run =
    (handler: (request: Request, response: Response) => Promise<void>): RequestHandler =>
    (request, response, next) => {
      handler(request, response).catch(next);
    };
  const query = (request: Request) => Object.fromEntries(Object.entries(request.query).filter(([, value]) => typeof value === "string"));
  const body = (request: Request) => (request.body ?? {}) as Record<string, unknown>;

  // A name the library does not hold goes on: /media/ also holds the site's own files (public/media) and the
  // platform's posters and audio, served after this router.
  router.get(`${MEDIA_PREFIX}:name`, (request, response, next) => {
    const asked = readVariantQuery(request.query.w, request.query.f);
    if (asked === "invalid") {
      response.status(400).type("text/plain").send("w must be 360, 720 or 1080 and f avif or webp");
      return;
    }
    store
      .mediaFile(String(request.params.name), asked)
      .then((file) => {
        if (!file) {
          next();
          return;
        }
        response.setHeader("Content-Type", file.contentType);
        // Named by its content: it never changes, so every cache may keep it for a year.
        response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        response.send(file.bytes);
      })
      .catch(next);
  });

  const api = Router();
  api.use(sameSiteWrites(options.publicOrigin));
  // Base64 makes 4 bytes of 3: the body may be a third larger than the largest image.
  const uploadBody = express.json({ limit: Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 4096 });
  const json = express.json({ limit: "1mb" });
  api.get(
    OPS_LIBRARY_API.media,
    run((request, response) => answer(request, response, "GET", "/media", query(request))),
  );
  api.post(
    OPS_LIBRARY_API.media,
    uploadBody,
    run(async (request, response) => {
      const { data, ...rest } = body(request);
      const bytes = typeof data === "string" ? Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64") : undefined;
      if (bytes && bytes.length > MEDIA_MAX_BYTES) {
        await answerTooLarge(request, response);
        return;
      }
      await answer(request, response, "POST", "/media", { ...rest, bytes });
    }),
  );
  api.post(
    OPS_LIBRARY_API.describeMedia,
    json,
    run((request, response) => answer(request, response, "POST", "/media/describe", body(request))),
  );
  api.get(
    OPS_LIBRARY_API.analyticsPages,
    run((request, response) => answer(request, response, "GET", "/analytics/pages", query(request))),
  );
  api.get(
    OPS_LIBRARY_API.analytics,
    run((request, response) => answer(request, response, "GET", "/analytics", query(request))),
  );
  api.get(
    OPS_LIBRARY_API.schedules,
    run((request, response) => answer(request, response, "GET", "/schedules", query(request))),
  );
  api.post(
    OPS_LIBRARY_API.schedule,
    json,
    run(async (request, response) => {
      const { config, text, ...rest } = body(request);
      const configText = typeof text === "string" ? text : config === undefined ? undefined : `${JSON.stringify(config, null, 2)}\n`;
      await answer(request, response, "POST", "/schedule", { ...rest, text: configText });
      await options.scheduler?.rearm();
    }),
  );
  api.post(
    OPS_LIBRARY_API.cancelSchedule,
    json,
    run(async (request, response) => {
      await answer(request, response, "POST", "/schedule/cancel", body(request));
      await options.scheduler?.rearm();
    }),
  );
  api.use(libraryErrors(options.log));
  router.use(api);

  // A beacon's body is JSON sent as text/plain (the one type sendBeacon may send without asking first).
  router.post(TRACKING_PATH, sameSiteWrites(options.publicOrigin), express.json({ limit: "64kb", type: () => true }), (request, response, next) => {
    if (request.query.batch !== "1") {
      next();
      return;
    }
    trackBatch(options, request, response);
  });
  return router;
}

async function answerTooLarge(request: Request, response: Response) {
  response.status(413).json({ error: 413, message: MESSAGES[413][langOf(request)], field: "file" });
}

function libraryErrors(log: (line: string) => void = console.error) {
  return (error: Error & { status?: number; type?: string }, request: Request, response: Response, _next: NextFunction) => {
    const lang = langOf(request);
    if (error.type === "entity.too.large") response.status(413).json({ error: 413, message: MESSAGES[413][lang], field: "file" });
    else if (error.status && error.status < 500) response.status(400).json({ error: 400, message: MESSAGES[400][lang] });
    else {
      log(`ops library: ${error.stack ?? error.message}`);
      response.status(502).json({ error: 502, message: MESSAGES[502][lang] });
    }
  };
}

const TRACKING_PATH = "/api/buryingPoint/buryingPoint";
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The batch a beacon carried, checked; null when it is not one. Events on paths this site does not serve are dropped. */
export function readTrackingBatch(value: unknown, servedPaths: ReadonlySet<string>): TrackingBatch | null {
  const batch = value as Partial<TrackingBatch> | null;
  if (!batch || typeof batch.deviceId !== "string" || !DEVICE_ID.test(batch.deviceId) || !Array.isArray(batch.events)) return null;
  if (batch.events.length === 0 || batch.events.length > TRACKING_MAX_EVENTS) return null;
  const events = batch.events.filter(
    (event: Partial<TrackedAction>): event is TrackedAction =>
      Boolean(event) &&
      (TRACKED_EVENTS as readonly unknown[]).includes(event.eventType) &&
      typeof event.path === "string" &&
      servedPaths.has(event.path) &&
      typeof event.dataCode === "string" &&
      event.dataCode.length <= 64,
  );
  return { deviceId: batch.deviceId, channelId: TRACKING_CHANNEL_ID, lang: batch.lang === "en" ? "en" : "zh", events };
}

/**
 * Answers the beacon at once (a browser leaving the page waits for nothing), then counts the batch and hands each
 * event to the platform as the spec's call; a failure is logged, never shown to anyone.
 */
function trackBatch(options: LibraryRoutesOptions, request: Request, response: Response) {
  const batch = readTrackingBatch(request.body, new Set(options.servedPaths()));
  response.setHeader("Cache-Control", "no-store");
  response.status(batch ? 204 : 400).end();
  if (!batch?.events.length) return;
  const log = options.log ?? console.error;
  const appType = analyticsAppType(request.headers["user-agent"]);
  options.store.recordTracking({ ...batch, appType }, options.now()).catch((error: unknown) => log(`tracking: not counted: ${(error as Error).message}`));
  const forwardedFor = request.ip ? { "X-Forwarded-For": request.ip } : undefined;
  void (async () => {
    for (const event of batch.events) {
      const params = { deviceId: batch.deviceId, channelId: batch.channelId, eventType: event.eventType, dataCode: event.dataCode || event.path };
      const sent = await options.api
        .request(activityCalls.tracking.path, { params, headers: forwardedFor })
        .catch((error: Error) => ({ code: -1, message: error.message }));
      if (sent.code !== 200 && sent.code !== 0) {
        log(`tracking: the platform did not take ${event.eventType}: ${sent.message ?? sent.code}`);
        return;
      }
    }
  })();
}
