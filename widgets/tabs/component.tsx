import { useState } from "react";
import { useSearchParams } from "react-router";
import type { TabsProps } from "@schemas/generated/page-config";
import { asText, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";

/** The tab the URL chooses, when the choice lives in the query; null when it names none of the tabs. */
function tabFromQuery(queryKey: string | undefined, search: URLSearchParams, count: number): number | null {
  const index = queryKey ? Number(search.get(queryKey)) : NaN;
  return Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

/** A tab kept in the query is the only child rendered for that URL (choosing another navigates), so only its data is loaded. */
export const dataReads: WidgetDataReads<TabsProps> = (props) =>
  props.queryKey ? { shownChildren: (search, count) => [tabFromQuery(props.queryKey, search, count) ?? 0] } : {};

/** One tab per child widget; with queryKey the choice lives in the URL, so reloads and links keep it. */
export default function Tabs({ props, children = [], nodeId }: WidgetRenderProps<TabsProps>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState(0);
  const active = tabFromQuery(props.queryKey, searchParams, children.length) ?? local;

  const choose = (index: number) => {
    if (props.queryKey) {
      const next = new URLSearchParams(searchParams);
      next.set(props.queryKey, String(index));
      setSearchParams(next, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
    } else {
      setLocal(index);
    }
  };

  return (
    <div className="tabs">
      <div role="tablist" className={props.sticky ? "tab-list sticky" : "tab-list"}>
        {props.labels.map((label, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            id={`tab-${nodeId}-${index}`}
            aria-selected={index === active}
            aria-controls={`panel-${nodeId}-${index}`}
            className={index === active ? "tab active" : "tab"}
            onClick={() => choose(index)}
          >
            {asText(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${nodeId}-${active}`} aria-labelledby={`tab-${nodeId}-${active}`}>
        {children[active]}
      </div>
    </div>
  );
}
