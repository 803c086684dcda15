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

/** The data sources a single node depends on: its `data` and every `{data.X}` in its props or visibleWhen. */
export function sourcesOfNode(node: WidgetNode): Set<string> {
  const names = dataSourcesReferenced(node.props ?? {});
  dataSourcesReferenced(node.visibleWhen ?? {}, names);
  if (node.data) names.add(node.data);
  return names;
}

export function widgetTypesOf(config: PageConfig): string[] {
  const types = new Set<string>();
  walkWidgets(config.widgets, ({ node }) => types.add(node.type));
  return [...types].sort();
}
