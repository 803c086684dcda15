import type { FeedEvent } from "@contracts/calendar-feed.ts";
import { Router, type Request, type Response } from "express";
import { LRUCache } from "lru-cache";
import type { ApiClient } from "~/api/api-client.ts";
import { createClientI18n } from "~/i18n/client-i18n.ts";
import { formatDateRange } from "~/format/dates.ts";
import { SUCCESS_CODES, type ApiEnvelope } from "@contracts/envelope.ts";
import { LANGUAGES, type Lang } from "@contracts/language.ts";
import type { Catalogues } from "@contracts/catalogues.server.ts";
import { calendarFile, type CalendarEntry } from "./ics.server.ts";
import { posterPng, type PosterContent } from "./poster.server.ts";

/** The server's paths of this module (reserved prefixes, ADR 039): calendar files and feeds, and share posters. */
export const CALENDAR_PREFIX = "calendar";
export const POSTER_PREFIX = "poster";

export interface ShareRoutesOptions {
  api: ApiClient;
  catalogues: Catalogues;
  publicOrigin: string;
  now?: () => number;
}

type Translate = (key: string, values?: Record<string, string>) => string;

interface Item {
  id: number;
  title: string;
  titleEn: string;
  summary?: string;
  summaryEn?: string;
  startTime: string | null;
  endTime: string | null;
  authorName?: string;
  authorNameEn?: string;
  orgName?: string;
  orgNameEn?: string;
  link: string;
  city?: string;
  cityEn?: string;
  venue?: string;
  venueEn?: string;
  journal?: string;
  journalEn?: string;
  year?: number;
}

interface Guest {
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
}

interface AgendaSlot {
  id: number;
  startTime: string;
  endTime: string;
  title: string;
  titleEn: string;
  speakerName: string;
  speakerNameEn: string;
  orgName: string;
  orgNameEn: string;
  place: string;
  placeEn: string;
}

/** The answer of a platform call: its data, "missing" (4xx: no such thing, bad id) or "failed" (anything else). */
type Fetched<T> = { data: T } | { problem: "missing" | "failed" };

/** A session without an end lasts this long in a calendar (the platform gives lives an end; this is a fallback). */
const DEFAULT_DURATION_MS = 60 * 60_000;
/** Summaries in a calendar's description are cut to this many characters: the page has the rest. */
const SUMMARY_CHARS = 280;

/** An id in a path segment: "123.ics" / "123.png" → 123. */
function idOf(file: string, extension: string): number | null {
  const match = new RegExp(`^([1-9][0-9]{0,15})\\.${extension}$`).exec(file);
  return match ? Number(match[1]) : null;
}

/** The language a link asked for (?lang=en); every link the site makes names it, so the URL alone decides the answer. */
function langOf(request: Request): Lang {
  const asked = request.query.lang;
  return LANGUAGES.find((lang) => lang === asked) ?? "zh";
}

/** zh or en field of a platform record: "title" → titleEn in English, when there is one. */
function pick(record: object, field: string, lang: Lang): string {
  const values = record as Record<string, unknown>;
  const english = values[`${field}En`];
  const chosen = lang === "en" && typeof english === "string" && english ? english : values[field];
  return typeof chosen === "string" ? chosen : chosen == null ? "" : String(chosen);
}

function cut(text: string, max: number): string {
  const characters = [...text.trim()];
  return characters.length > max ? `${characters.slice(0, max).join("")}…` : characters.join("");
}

export function shareRoutes(options: ShareRoutesOptions): Router {
  const { api, publicOrigin } = options;
  const translators = Object.fromEntries(
    LANGUAGES.map((lang) => {
      const i18n = createClientI18n(lang, "share", {
        fetch: () => Promise.reject(new Error("the share texts are loaded at start")),
      });
      i18n.addResourceBundle(lang, "share", options.catalogues[lang].share ?? {});
      i18n.addResourceBundle(lang, "common", options.catalogues[lang].common ?? {});
      const translate: Translate = (key, values) => i18n.t(key, values ?? {});
      return [lang, translate];
    }),
  ) as Record<Lang, Translate>;

  /** A page of this site as a full address, in the language asked for (English pages are ?lang=en). */
  const pageUrl = (link: string, lang: Lang): string => {
    const url = new URL(link, publicOrigin);
    if (lang === "en") url.searchParams.set("lang", "en");
    return url.toString();
  };

  const fetchData = async <T>(path: string, params: Record<string, unknown>, lang: Lang): Promise<Fetched<T>> => {
    let answer: ApiEnvelope<T>;
    try {
      answer = await api.request<T>(path, { method: "GET", params, headers: { lang } });
    } catch {
      return { problem: "failed" };
    }
    if (SUCCESS_CODES.has(answer.code) && answer.data) return { data: answer.data };
    return { problem: answer.code >= 400 && answer.code < 500 ? "missing" : "failed" };
  };

  /** A refusal a person reads: plain text in their language; a missing thing is 404, a platform failure 503. */
  const refuse = (response: Response, status: number, message: string) => {
    response.status(status).setHeader("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(message);
  };

  const sendCalendar = (response: Response, file: string, body: string, cacheControl: string) => {
    response.setHeader("Content-Type", "text/calendar; charset=utf-8");
    response.setHeader("Content-Disposition", `attachment; filename="${file}"`);
    response.setHeader("Cache-Control", cacheControl);
    response.send(body);
  };

  const timesOf = (start: string | null, end: string | null): { start: Date; end: Date } | null => {
    const startsAt = start ? new Date(start) : null;
    if (!startsAt || Number.isNaN(startsAt.getTime())) return null;
    const endsAt = end ? new Date(end) : null;
    return { start: startsAt, end: endsAt && endsAt > startsAt ? endsAt : new Date(startsAt.getTime() + DEFAULT_DURATION_MS) };
  };

  const description = (lang: Lang, lines: string[], url: string) => [...lines.filter(Boolean), translators[lang]("calendar.page", { url })].join("\n\n");

  const guestNames = (guests: Guest[], lang: Lang) =>
    guests
      .map((guest) => {
        const name = pick(guest, "authorName", lang);
        const org = pick(guest, "orgName", lang);
        if (!org) return name;
        return lang === "en" ? `${name} (${org})` : `${name}（${org}）`;
      })
      .filter(Boolean)
      .join(lang === "en" ? ", " : "、");

  const venueOf = (event: Item, lang: Lang) => [pick(event, "venue", lang), pick(event, "city", lang)].filter(Boolean).join(lang === "en" ? ", " : "，");

  const router = Router();

  router.get(`/${CALENDAR_PREFIX}/live/:file`, async (request, response) => {
    const lang = langOf(request);
    const t = translators[lang];
    const id = idOf(request.params.file, "ics");
    if (!id) return refuse(response, 404, t("calendar.notFound"));
    const [plan, guests] = await Promise.all([
      fetchData<Item>("/plan/detail", { id }, lang),
      fetchData<{ list: Guest[] }>("/guest/list", { planId: id }, lang),
    ]);
    if ("problem" in plan)
      return refuse(response, plan.problem === "missing" ? 404 : 503, t(plan.problem === "missing" ? "calendar.notFound" : "calendar.unavailable"));
    const times = timesOf(plan.data.startTime, plan.data.endTime);
    if (!times) return refuse(response, 404, t("calendar.notFound"));
    const url = pageUrl(plan.data.link || `/viewLive?id=${id}`, lang);
    const names = "data" in guests ? guestNames(guests.data.list, lang) : "";
    const entry: CalendarEntry = {
      uid: `live-${id}`,
      title: pick(plan.data, "title", lang),
      ...times,
      // A live happens on its page: the room's link is its place.
      location: url,
      description: description(lang, [names && t("calendar.speakers", { names }), cut(pick(plan.data, "summary", lang), SUMMARY_CHARS)], url),
      url,
    };
    sendCalendar(response, `live-${id}.ics`, calendarFile([entry], { name: entry.title, publicOrigin, lang }), "public, max-age=300");
  });

  const eventEntry = (event: Item, lang: Lang): CalendarEntry | null => {
    const times = timesOf(event.startTime, event.endTime);
    if (!times) return null;
    const url = pageUrl(event.link, lang);
    return {
      uid: `event-${event.id}`,
      title: pick(event, "title", lang),
      ...times,
      location: venueOf(event, lang) || url,
      description: description(lang, [cut(pick(event, "summary", lang), SUMMARY_CHARS)], url),
      url,
    };
  };

  router.get(`/${CALENDAR_PREFIX}/event/:file`, async (request, response) => {
    const lang = langOf(request);
    const t = translators[lang];
    const id = idOf(request.params.file, "ics");
    if (!id) return refuse(response, 404, t("calendar.notFound"));
    const event = await fetchData<Item>("/special/detail", { id }, lang);
    if ("problem" in event)
      return refuse(response, event.problem === "missing" ? 404 : 503, t(event.problem === "missing" ? "calendar.notFound" : "calendar.unavailable"));
    const entry = eventEntry(event.data, lang);
    if (!entry) return refuse(response, 404, t("calendar.notFound"));
    sendCalendar(response, `event-${id}.ics`, calendarFile([entry], { name: entry.title, publicOrigin, lang }), "public, max-age=300");
  });

  router.get(`/${CALENDAR_PREFIX}/event/:eventId/:file`, async (request, response) => {
    const lang = langOf(request);
    const t = translators[lang];
    const eventId = idOf(`${request.params.eventId}.ics`, "ics");
    const slotId = idOf(request.params.file, "ics");
    if (!eventId || !slotId) return refuse(response, 404, t("calendar.notFound"));
    const [event, agenda] = await Promise.all([
      fetchData<Item>("/special/detail", { id: eventId }, lang),
      fetchData<{ list: AgendaSlot[] }>("/special/agenda", { specialId: eventId }, lang),
    ]);
    if ("problem" in event)
      return refuse(response, event.problem === "missing" ? 404 : 503, t(event.problem === "missing" ? "calendar.notFound" : "calendar.unavailable"));
    if ("problem" in agenda)
      return refuse(response, agenda.problem === "missing" ? 404 : 503, t(agenda.problem === "missing" ? "calendar.notFound" : "calendar.unavailable"));
    const slot = agenda.data.list.find((row) => row.id === slotId);
    const times = slot ? timesOf(slot.startTime, slot.endTime) : null;
    if (!slot || !times) return refuse(response, 404, t("calendar.notFound"));
    const url = pageUrl(event.data.link, lang);
    const speaker = pick(slot, "speakerName", lang);
    const org = pick(slot, "orgName", lang);
    const eventTitle = pick(event.data, "title", lang);
    const entry: CalendarEntry = {
      uid: `event-${eventId}-session-${slotId}`,
      title: `${pick(slot, "title", lang)} · ${eventTitle}`,
      ...times,
      location: [pick(slot, "place", lang), venueOf(event.data, lang)].filter(Boolean).join(lang === "en" ? ", " : "，") || url,
      description: description(lang, [speaker && t("calendar.speakers", { names: org ? `${speaker} (${org})` : speaker }), eventTitle], url),
      url,
    };
    sendCalendar(response, `event-${eventId}-${slotId}.ics`, calendarFile([entry], { name: eventTitle, publicOrigin, lang }), "public, max-age=300");
  });

  router.get(`/${CALENDAR_PREFIX}/feed/:file`, async (request, response) => {
    const lang = langOf(request);
    const t = translators[lang];
    const token = /^([A-Za-z0-9]{32})\.ics$/.exec(request.params.file)?.[1];
    if (!token) return refuse(response, 404, t("calendar.feedNotFound"));
    const feed = await fetchData<{ events: FeedEvent[] }>("/calendar/feed", { token }, lang);
    if ("problem" in feed)
      return refuse(response, feed.problem === "missing" ? 404 : 503, t(feed.problem === "missing" ? "calendar.feedNotFound" : "calendar.unavailable"));
    const entries = feed.data.events.flatMap((event): CalendarEntry[] => {
      const times = timesOf(event.startTime, event.endTime);
      if (!times) return [];
      const url = pageUrl(event.link, lang);
      const place = pick(event, "place", lang);
      return [
        {
          uid: event.uid,
          title: pick(event, "title", lang),
          ...times,
          location: place || url,
          description: description(lang, [event.seat ? t("calendar.seat", { seat: event.seat }) : ""], url),
          url,
        },
      ];
    });
    // Private: the address is the credential. Apps poll it; the refresh hint keeps them at about an hour.
    response.setHeader("X-Robots-Tag", "noindex");
    sendCalendar(
      response,
      "econscholar.ics",
      calendarFile(entries, { name: t("calendar.feedName"), publicOrigin, lang, refreshSeconds: 3600 }),
      "private, no-cache",
    );
  });

  // Posters take sharp a few tens of milliseconds each: the same poster is drawn once per ten minutes per node.
  const posters = new LRUCache<string, Buffer>({ max: 200, ttl: 10 * 60_000, ttlAutopurge: false, perf: { now: options.now ?? Date.now } });

  type PosterKind = "live" | "event" | "paper";
  const posterContent = async (kind: PosterKind, id: number, lang: Lang): Promise<Fetched<PosterContent>> => {
    const t = translators[lang];
    const base = { lang, kicker: t(`poster.kinds.${kind}`), brand: t("common:app.name"), scanHint: t("poster.scan") };
    if (kind === "paper") {
      const paper = await fetchData<Item>("/mpPaper/detail", { id }, lang);
      if ("problem" in paper) return paper;
      const journal = pick(paper.data, "journal", lang);
      return {
        data: {
          ...base,
          title: pick(paper.data, "title", lang),
          byline: [pick(paper.data, "authorName", lang), pick(paper.data, "orgName", lang)].filter(Boolean).join(" · "),
          when: [journal, paper.data.year ? String(paper.data.year) : ""].filter(Boolean).join(", "),
          url: pageUrl(paper.data.link || `/docDetail?id=${id}`, lang),
        },
      };
    }
    const [item, guests] = await Promise.all([
      fetchData<Item>(kind === "live" ? "/plan/detail" : "/special/detail", { id }, lang),
      fetchData<{ list: Guest[] }>("/guest/list", kind === "live" ? { planId: id } : { specialId: id }, lang),
    ]);
    if ("problem" in item) return item;
    const names = "data" in guests ? guestNames(guests.data.list.slice(0, 4), lang) : "";
    const time = formatDateRange(item.data.startTime, item.data.endTime, lang);
    return {
      data: {
        ...base,
        title: pick(item.data, "title", lang),
        byline: names || [pick(item.data, "authorName", lang), pick(item.data, "orgName", lang)].filter(Boolean).join(" · "),
        when: [time && t("poster.time", { time }), kind === "event" ? venueOf(item.data, lang) : ""].filter(Boolean).join(" · "),
        url: pageUrl(item.data.link, lang),
      },
    };
  };

  router.get(`/${POSTER_PREFIX}/:kind/:file`, async (request, response) => {
    const lang = langOf(request);
    const t = translators[lang];
    const kind = (["live", "event", "paper"] as const).find((known) => known === request.params.kind);
    const id = idOf(request.params.file, "png");
    if (!kind || !id) return refuse(response, 404, t("poster.notFound"));
    const key = `${kind}/${id}/${lang}`;
    let png = posters.get(key);
    if (!png) {
      const content = await posterContent(kind, id, lang);
      if ("problem" in content)
        return refuse(response, content.problem === "missing" ? 404 : 503, t(content.problem === "missing" ? "poster.notFound" : "poster.unavailable"));
      try {
        png = await posterPng(content.data);
      } catch {
        return refuse(response, 503, t("poster.unavailable"));
      }
      posters.set(key, png);
    }
    response.setHeader("Content-Type", "image/png");
    // Public, and the same URL always means the same poster until its item changes: an hour in caches, ETag after.
    response.setHeader("Cache-Control", "public, max-age=3600");
    if (request.query.download === "1") response.setHeader("Content-Disposition", `attachment; filename="${kind}-${id}.png"`);
    response.send(png);
  });

  return router;
}
