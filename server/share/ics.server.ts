import ical, { ICalAlarmType } from "ical-generator";

/** One event of a calendar file, in the words of the language the file is for. */
export interface CalendarEntry {
  /** Stable for the same session, so a calendar app updates an event it already has instead of adding it twice. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  /** A venue, or the page's address for something that happens online. */
  location: string;
  description: string;
  /** The page on this site. */
  url: string;
}

export interface CalendarOptions {
  /** The calendar's name, shown by apps that subscribe to it. */
  name: string;
  /** The site's address: the UIDs' domain and the product identifier's company. */
  publicOrigin: string;
  lang: "zh" | "en";
  /** How often a subscribing app should read the calendar again (feeds only). */
  refreshSeconds?: number;
}

/** Minutes before the start at which every event's reminder goes off. */
export const REMINDER_MINUTES = 15;

/** The zone every time on this site is in: the file's times are UTC (unambiguous), and apps are told the zone too. */
export const SITE_TIME_ZONE = "Asia/Shanghai";

/**
 * An iCalendar (RFC 5545) file built by ical-generator: times in UTC, which every app converts correctly, with the
 * site's zone named for apps that show a calendar's own zone; each event with its page, place and a display reminder.
 */
export function calendarFile(entries: CalendarEntry[], options: CalendarOptions): string {
  const host = new URL(options.publicOrigin).host;
  const calendar = ical({
    name: options.name,
    prodId: { company: host, product: "EconScholar", language: options.lang === "en" ? "EN" : "ZH" },
    ttl: options.refreshSeconds ?? null,
    x: [{ key: "X-WR-TIMEZONE", value: SITE_TIME_ZONE }],
  });
  for (const entry of entries) {
    const event = calendar.createEvent({
      id: `${entry.uid}@${host}`,
      start: entry.start,
      end: entry.end,
      summary: entry.title,
      description: entry.description,
      location: entry.location || null,
      url: entry.url,
    });
    event.createAlarm({
      type: ICalAlarmType.display,
      trigger: REMINDER_MINUTES * 60,
      description: entry.title,
    });
  }
  return calendar.toString();
}
