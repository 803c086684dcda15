import { useTranslation } from "react-i18next";
import type { EventGuestsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { paletteClass } from "../parts/event-palette";
import { Art } from "../parts/art";

interface Guest {
  key: string;
  name: string;
  org: string;
  role: string;
  portrait: string;
  link: string;
}

/** What stands in for a portrait: a Chinese name's surname, or an English name's initials ("Yuxin Xu" → "YX"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1 && /^[A-Za-z]/.test(words[0])) return (words[0][0] + words.at(-1)![0]).toUpperCase();
  return Array.from(name.trim())[0]?.toUpperCase() ?? "";
}

const safePortrait = (value: string) => (/^(\/(?![/\\])|https:\/\/)/.test(value) ? value : "");

/** An event's guests, from its data source or from the config, in the page's language. */
export default function EventGuests({ props, data }: WidgetRenderProps<EventGuestsProps>) {
  const { t } = useTranslation("spec");
  const lang = useLang();
  let guests: Guest[];
  if (props.items) {
    guests = props.items.map((item, index) => ({
      key: String(index),
      name: asText(item.name),
      org: asText(item.org),
      role: asText(item.role),
      portrait: "",
      link: asText(item.link),
    }));
  } else {
    const value = data?.status === "ok" ? data.value : null;
    const list = readPath(value, props.listField.split("."));
    guests = (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).map((guest, index) => ({
      key: asText(guest.id) || String(index),
      name: asText(readPath(guest, ["authorName"], lang)),
      org: asText(readPath(guest, ["orgName"], lang)),
      role: asText(props.roleLabels?.[asText(guest.role)]),
      portrait: safePortrait(asText(guest.portraitUrl)),
      link: asText(guest.link),
    }));
  }
  const shown = props.limit ? guests.slice(0, props.limit) : guests;
  const title = asText(props.title);
  const subtitle = asText(props.subtitle);

  return (
    <section className={`event-guests ${paletteClass(props.palette)} layout-${props.layout}`}>
      {title && <h2 className="event-section-title">{title}</h2>}
      {subtitle && <p className="event-section-subtitle">{subtitle}</p>}
      {shown.length === 0 ? (
        <StateNotice kind="empty" className="event-guests-empty" text={asText(props.emptyText) || t("guests.empty")} />
      ) : (
        <ul className="event-guests-items">
          {shown.map((guest) => (
            <li key={guest.key} className="event-guest">
              <SmartLink to={guest.link} className="event-guest-card">
                <span className="event-guest-avatar" aria-hidden="true">
                  {guest.portrait ? <Art src={guest.portrait} alt="" shape="portrait" placement="below" /> : initials(guest.name)}
                </span>
                <span className="event-guest-text">
                  <span className="event-guest-name">{guest.name}</span>
                  {guest.role && <span className="event-guest-role">{guest.role}</span>}
                  <span className="event-guest-org">{guest.org}</span>
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
