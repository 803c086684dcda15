import { useState } from "react";
import { useSearchParams } from "react-router";
import type { TabsProps } from "@schemas/generated/page-config";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";

/** One tab per child widget; with queryKey the choice lives in the URL, so reloads and links keep it. */
export default function Tabs({ props, children = [], nodeId }: WidgetRenderProps<TabsProps>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromQuery = props.queryKey ? Number(searchParams.get(props.queryKey)) : NaN;
  const [local, setLocal] = useState(0);
  const active = Number.isInteger(fromQuery) && fromQuery >= 0 && fromQuery < children.length ? fromQuery : local;

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
