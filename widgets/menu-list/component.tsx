import type { MenuListProps } from "@schemas/generated/page-config";
import "./menu-list.css";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

const ICON_PATHS: Record<string, string> = {
  order: "M6 3h12v18H6z M9 8h6 M9 12h6 M9 16h4",
  coupon: "M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4z M14 7v12",
  collect: "M12 4l2.5 5 5.5.8-4 3.9.9 5.5L12 16.6 7.1 19.2l.9-5.5-4-3.9 5.5-.8z",
  address: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  points: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M9 12h6 M12 9v6",
  vip: "M3 8l4 4 5-7 5 7 4-4-2 11H5z",
  settings: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z M4 12h2 M18 12h2 M12 4v2 M12 18v2 M6.3 6.3l1.4 1.4 M16.3 16.3l1.4 1.4 M6.3 17.7l1.4-1.4 M16.3 7.7l1.4-1.4",
  password: "M6 11h12v9H6z M9 11V8a3 3 0 0 1 6 0v3",
  scholar: "M12 4l10 5-10 5L2 9z M6 11v5c3 3 9 3 12 0v-5",
  invite: "M4 7h16v12H4z M4 8l8 6 8-6 M12 3v4",
  blacklist: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M5.6 5.6l12.8 12.8",
  calendar: "M5 5.5h14v14H5z M5 9.5h14 M8.5 3v4 M15.5 3v4",
};

/** Entries, each leading to its page: rows, or a grid of icons. */
export default function MenuList({ props }: WidgetRenderProps<MenuListProps>) {
  return (
    <nav className={props.layout === "grid" ? "menu-list menu-grid" : "menu-list"} aria-label={props.title ? asText(props.title) : undefined}>
      {props.title && <h2 className="section-title">{asText(props.title)}</h2>}
      <ul>
        {props.items.map((item) => (
          <li key={item.link}>
            <SmartLink to={item.link} className="menu-row">
              {item.icon && (
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="menu-icon">
                  <path d={ICON_PATHS[item.icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
                </svg>
              )}
              <span className="menu-label">{asText(item.label)}</span>
              {item.note && <small className="menu-note">{asText(item.note)}</small>}
              <span className="menu-chevron" aria-hidden="true">
                ›
              </span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
