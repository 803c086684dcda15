import type { PageConfig, WidgetNode } from "@schemas/generated/page-config";
import { dataSourcesReferenced } from "./bindings";

export interface NodeVisit {
  node: WidgetNode;
  id: string;
  /** The gates of this node and every ancestor, outermost first. */
  gates: NonNullable<WidgetNode["gate"]>[];
}

/** Depth-first walk with stable ids ("0", "0.1", …) used as React keys and keep-alive keys. */
export function walkWidgets(widgets: WidgetNode[], visit: (entry: NodeVisit) => void, prefix = "", gates: NodeVisit["gates"] = []): void {
  widgets.forEach((node, index) => {
    const id = prefix ? `${prefix}.${index}` : String(index);
    const nodeGates = node.gate ? [...gates, node.gate] : gates;
    visit({ node, id, gates: nodeGates });
    if (node.children) walkWidgets(node.children, visit, id, nodeGates);
  });
}

const nodeSources = new WeakMap<WidgetNode, ReadonlySet<string>>();

/**
 * The data sources a single node depends on: its `data` and every `{data.X}` in its props or visibleWhen. Asked for
 * every widget of every render; a loaded config does not change, so each node's answer is worked out once.
 */
export function sourcesOfNode(node: WidgetNode): ReadonlySet<string> {
  let names = nodeSources.get(node);
  if (!names) {
    const found = dataSourcesReferenced(node.props ?? {});
    dataSourcesReferenced(node.visibleWhen ?? {}, found);
    if (node.data) found.add(node.data);
    names = found;
    nodeSources.set(node, names);
  }
  return names;
}

export function widgetTypesOf(config: PageConfig): string[] {
  const types = new Set<string>();
  walkWidgets(config.widgets, ({ node }) => types.add(node.type));
  return [...types].sort();
}

/** The types of the nodes that have children: their modules declare which of them a URL shows (ADR 034). */
export function containerTypesOf(config: PageConfig): string[] {
  const types = new Set<string>();
  walkWidgets(config.widgets, ({ node }) => {
    if (node.children?.length) types.add(node.type);
  });
  return [...types];
}
