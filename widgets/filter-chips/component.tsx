import { useLocation } from "react-router";
import { Link } from "../kit/links";
import type { FilterChipsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { formatCount } from "../kit/format";

interface Choice {
  value: string;
  label: string;
}

/** Of the items bound to it: the two fields its props name. */
export const dataReads: WidgetDataReads<FilterChipsProps> = (props) => ({ props: { items: { [props.valueField]: true, [props.labelField]: true } } });

/**
 * One query value of the page as a row of links: choosing one replaces the history entry with the same page and
 * that value, keeping the other query values as they are in the address (a base64url keyword stays encoded).
 * With a target, the choices open that page with the value instead.
 */
export default function FilterChips({ props }: WidgetRenderProps<FilterChipsProps>) {
  const lang = useLang();
  const location = useLocation();
  const here = !props.target || props.target === location.pathname;
  const current = here ? (new URLSearchParams(location.search).get(props.queryKey) ?? props.defaultValue ?? "") : null;

  const choices: Choice[] = [];
  if (props.allLabel) choices.push({ value: "", label: asText(props.allLabel) });
  for (const option of props.options ?? []) choices.push({ value: option.value, label: asText(option.label) });
  if (Array.isArray(props.items)) {
    for (const item of props.items as unknown[]) {
      const value = asText(readPath(item, [props.valueField]));
      if (/^[A-Za-z0-9_-]+$/.test(value)) choices.push({ value, label: asText(readPath(item, [props.labelField], lang)) });
    }
  }
  const counts = props.counts && typeof props.counts === "object" ? (props.counts as unknown as Record<string, unknown>) : null;

  const hrefFor = (value: string) => {
    const next = new URLSearchParams(here ? location.search : "");
    if (value) next.set(props.queryKey, value);
    else next.delete(props.queryKey);
    const query = next.toString();
    return `${here ? location.pathname : props.target}${query ? `?${query}` : ""}`;
  };

  return (
    <nav className={`filter-chips filter-${props.variant}`}>
      {choices.map((choice) => {
        const active = choice.value === current;
        const count = counts ? counts[choice.value] : undefined;
        return (
          <Link
            key={choice.value || "all"}
            to={hrefFor(choice.value)}
            replace={here}
            preventScrollReset={here}
            state={here ? { keepScroll: true } : undefined}
            className={active ? "filter-choice active" : "filter-choice"}
            aria-current={active ? "page" : undefined}
          >
            {choice.label}
            {count !== undefined && <span className="filter-count">{formatCount(asText(count), lang)}</span>}
          </Link>
        );
      })}
    </nav>
  );
}
