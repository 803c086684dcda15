import type { ComponentType, ReactNode } from "react";
import type { DataState } from "~/pipeline/data-state";
export type { Namespace } from "@contracts/language";

/** What the page renderer gives a widget: its resolved props, its data source's state, and its children. */
export interface WidgetRenderProps<P = Record<string, unknown>> {
  /** Props with bindings resolved, except `{item.…}` templates that the widget resolves per item. */
  props: P;
  /** The state of the source named by the node's `data`, if it names one. */
  data?: DataState;
  /** The node's id in the page ("0", "0.1"…), stable across renders: the keep-alive key. */
  nodeId: string;
  /** The name of the node's data source, for widgets that page through it. */
  sourceName?: string;
  children?: ReactNode[];
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds components of every widget's own props type
export type AnyWidgetComponent = ComponentType<WidgetRenderProps<any>>;

export interface WidgetDefinition {
  folder: string;
  load: () => Promise<{ default: AnyWidgetComponent }>;
}
