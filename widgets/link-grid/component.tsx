import type { LinkGridProps } from "@schemas/generated/page-config";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

const ICON_PATHS: Record<string, string> = {
  live: "M4 6h16v11H4z M9 9l6 3-6 3z",
  meeting: "M4 19V9l8-5 8 5v10z M9 19v-5h6v5",
  video: "M3 6h13v12H3z M16 10l5-3v10l-5-3",
  doc: "M6 3h9l4 4v14H6z M9 11h7 M9 15h7",
  book: "M4 5h7v15H4z M13 5h7v15h-7z",
  scholar: "M12 4l10 5-10 5L2 9z M6 11v5c3 3 9 3 12 0v-5",
  qa: "M4 5h16v10H9l-5 4z",
  essay: "M5 4h14v16H5z M8 8h8 M8 12h8 M8 16h5",
  job: "M4 8h16v11H4z M9 8V5h6v3",
  mall: "M5 8h14l-1 12H6z M9 8a3 3 0 0 1 6 0",
  vip: "M3 8l4 4 5-7 5 7 4-4-2 11H5z",
  course: "M3 5h18v12H3z M8 21h8",
  partner: "M7 12l5-5 5 5-5 5z M3 12h4 M17 12h4",
  circle: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M3 20a6 6 0 0 1 12 0 M15 5.5a3 3 0 0 1 0 5.5 M17 14a6 6 0 0 1 4 6",
  contact: "M5 4h4l2 5-2 1a11 11 0 0 0 5 5l1-2 5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
};

export default function LinkGrid({ props }: WidgetRenderProps<LinkGridProps>) {
  return (
    <section className="link-grid-section">
      {props.title && <h2 className="section-title">{asText(props.title)}</h2>}
      <div className={`link-grid columns-${props.columns}`}>
        {props.links.map((entry) => (
          <SmartLink key={entry.link} to={entry.link} className="link-grid-item">
            {entry.icon && (
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" className={`icon icon-${entry.icon}`}>
                <path d={ICON_PATHS[entry.icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
            )}
            <span className="link-grid-label">{asText(entry.label)}</span>
            {entry.description && <small>{asText(entry.description)}</small>}
          </SmartLink>
        ))}
      </div>
    </section>
  );
}
