import { useTranslation } from "react-i18next";
import type { AgendaProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { dayKey, formatDay, formatTime } from "../kit/format";
import { paletteClass } from "../parts/event-palette";

const KINDS = new Set(["opening", "keynote", "session", "panel", "break", "closing"]);

interface Slot {
  key: string;
  /** The slot's own calendar file, when the agenda is an event's from the platform. */
  calendarUrl: string;
  time: string;
  kind: string;
  title: string;
  speaker: string;
  place: string;
}

interface Day {
  key: string;
  heading: string;
  slots: Slot[];
}

/** Consecutive slots of the same day form one day, in the order given. */
function byDay(entries: { day: string; slot: Slot }[]): Day[] {
  const days: Day[] = [];
  for (const { day, slot } of entries) {
    const last = days.at(-1);
    if (last && last.key === day) last.slots.push(slot);
    else days.push({ key: day, heading: "", slots: [slot] });
  }
  return days;
}

/** An event's programme, day by day, in Beijing time. */
export default function Agenda({ props, data }: WidgetRenderProps<AgendaProps>) {
  const { t } = useTranslation(["spec", "share"]);
  const lang = useLang();
  const eventId = /^[1-9][0-9]*$/.test(String(props.calendarEventId ?? "")) ? String(props.calendarEventId) : "";
  const slotCalendar = (slotId: unknown) =>
    eventId && /^[1-9][0-9]*$/.test(String(slotId)) ? `/calendar/event/${eventId}/${slotId}.ics${lang === "en" ? "?lang=en" : ""}` : "";
  let days: Day[];
  let dated = false;
  if (props.items) {
    days = byDay(
      props.items.map((item, index) => ({
        day: asText(item.day),
        slot: {
          key: String(index),
          calendarUrl: "",
          time: item.time,
          kind: item.kind,
          title: asText(item.title),
          speaker: asText(item.speaker),
          place: asText(item.place),
        },
      })),
    );
    for (const day of days) day.heading = day.key;
  } else {
    dated = true;
    const value = data?.status === "ok" ? data.value : null;
    const list = readPath(value, props.listField.split("."));
    const rows = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
    days = byDay(
      rows.map((row, index) => {
        const speaker = asText(readPath(row, ["speakerName"], lang));
        const org = asText(readPath(row, ["orgName"], lang));
        const start = formatTime(row.startTime);
        const end = formatTime(row.endTime);
        return {
          day: dayKey(row.startTime),
          slot: {
            key: asText(row.id) || String(index),
            calendarUrl: row.kind === "break" ? "" : slotCalendar(row.id),
            time: start && end ? `${start}–${end}` : start,
            kind: asText(row.kind) || "session",
            title: asText(readPath(row, ["title"], lang)),
            speaker: speaker && org ? `${speaker} · ${org}` : speaker,
            place: asText(readPath(row, ["place"], lang)),
          },
        };
      }),
    );
    days.forEach((day, index) => {
      const first = rows.find((row) => dayKey(row.startTime) === day.key);
      day.heading = `${t("agenda.day", { n: index + 1 })} · ${formatDay(first?.startTime, lang)}`;
    });
  }
  const title = asText(props.title);
  const subtitle = asText(props.subtitle);
  const slots = days.reduce((sum, day) => sum + day.slots.length, 0);

  return (
    <section className={`agenda ${paletteClass(props.palette)}`}>
      {title && <h2 className="event-section-title">{title}</h2>}
      {subtitle && <p className="event-section-subtitle">{subtitle}</p>}
      {slots === 0 ? (
        <StateNotice kind="empty" className="agenda-empty" text={asText(props.emptyText) || t("agenda.empty")} />
      ) : (
        <>
          {dated && <p className="agenda-zone">{t("agenda.timeZone")}</p>}
          {days.map((day) => (
            <div key={day.key || "day"} className="agenda-day">
              {day.heading && <h3 className="agenda-day-heading">{day.heading}</h3>}
              <ol className="agenda-slots">
                {day.slots.map((slot) => (
                  <li key={slot.key} className={`agenda-slot kind-${KINDS.has(slot.kind) ? slot.kind : "session"}`}>
                    <span className="agenda-time">{slot.time}</span>
                    <div className="agenda-body">
                      {KINDS.has(slot.kind) && slot.kind !== "session" && <span className="agenda-kind">{t(`agenda.kinds.${slot.kind}`)}</span>}
                      <p className="agenda-title">{slot.title}</p>
                      {slot.speaker && <p className="agenda-speaker">{slot.speaker}</p>}
                      {slot.place && <p className="agenda-place">{slot.place}</p>}
                    </div>
                    {slot.calendarUrl && (
                      <a className="agenda-calendar" href={slot.calendarUrl} download rel="nofollow" title={t("share:calendar.add")}>
                        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                          <path
                            d="M7 3v3M17 3v3M4 9h16M5 5.5h14a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1zM12 12v5M9.5 14.5h5"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="1.8"
                            strokeLinecap="round"
                          />
                        </svg>
                        <span className="agenda-calendar-label">{t("share:calendar.addSession", { title: slot.title })}</span>
                      </a>
                    )}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
