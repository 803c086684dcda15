import type { EventHeroProps } from "@schemas/generated/page-config";
import { FACT_ICONS } from "./icons";
import "./styles.css";
import { asText, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { formatDateRange, formatMoment } from "../kit/format";
import { paletteClass } from "../parts/event-palette";
import { Art } from "../parts/art";

const LIVING = "2";

/** A poster is shown only from this site or over https, whatever a bound value holds. */
function safeImage(value: unknown): string {
  const text = asText(value);
  return /^(\/(?![/\\])|https:\/\/)/.test(text) ? text : "";
}

/** The opening of an event page: what it is, when and where, whether it is live, and what to do next. */
export default function EventHero({ props }: WidgetRenderProps<EventHeroProps>) {
  const lang = useLang();
  const image = safeImage(props.image);
  const badgeValue = asText(props.badge);
  const badge = asText(props.badgeLabels?.[badgeValue]);
  const facts = (props.facts ?? [])
    .map((fact) => ({
      icon: fact.icon,
      label: asText(fact.label),
      // A span reads as days; a single moment (a deadline) keeps its time of day.
      value: fact.from && fact.to ? formatDateRange(fact.from, fact.to, lang) : fact.from ? formatMoment(fact.from, lang) : asText(fact.value),
    }))
    .filter((fact) => fact.value);
  const kicker = asText(props.kicker);
  const subtitle = asText(props.subtitle);

  return (
    <section className={`event-hero ${paletteClass(props.palette)} pattern-${props.pattern}`}>
      {image && <Art className="event-hero-poster" src={image} alt="" shape="poster" placement="visible" />}
      <div className="event-hero-body">
        {badge && (
          <span className={badgeValue === LIVING ? "event-hero-badge living" : "event-hero-badge"} data-status={badgeValue}>
            {badge}
          </span>
        )}
        {kicker && <p className="event-hero-kicker">{kicker}</p>}
        <h1>{asText(props.title)}</h1>
        {subtitle && <p className="event-hero-subtitle">{subtitle}</p>}
        {facts.length > 0 && (
          <dl className="event-hero-facts">
            {facts.map((fact) => (
              <div key={fact.icon + fact.value} className="event-hero-fact" data-fact={fact.icon}>
                <dt>
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path d={FACT_ICONS[fact.icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
                  </svg>
                  {fact.label}
                </dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {props.actions && props.actions.length > 0 && (
          <div className="event-hero-actions">
            {props.actions.map((action) => (
              <SmartLink key={action.link} to={action.link} className={`button event-hero-action ${action.style}`}>
                {asText(action.text)}
              </SmartLink>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
