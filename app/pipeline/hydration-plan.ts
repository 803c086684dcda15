/**
 * Which of a page's top-level widgets hydrate with the page and which hydrate late (ADR 037). A late widget is
 * server-rendered like any other; its code is not in the page's first load: the browser fetches it as hydration
 * starts, and React keeps the server's HTML until it arrives (a form posts natively meanwhile, ADR 029).
 *
 * Shared by the build (vite.chunks.ts groups each page's late widgets apart from its first ones), the server (what a
 * page preloads) and the browser (which frames wait for their code).
 */

/** The page's first widget (its hero, header or main list: what a phone shows first) hydrates with it, the rest late. */
export const EAGER_TOP_WIDGETS = 1;

interface TreeNode {
  type: string;
  children?: TreeNode[];
}

/** A form (a widget rendering a schema form, see widgets/registry.ts) hydrates late wherever it stands. */
export function hydratesLate(node: TreeNode, index: number, formWidgets: ReadonlySet<string>): boolean {
  return index >= EAGER_TOP_WIDGETS || formWidgets.has(node.type);
}

function collectTypes(nodes: readonly TreeNode[], into: Set<string>): Set<string> {
  for (const node of nodes) {
    into.add(node.type);
    collectTypes(node.children ?? [], into);
  }
  return into;
}

export interface HydrationSplit {
  /** Indexes of the top-level widgets that hydrate late. */
  lateNodes: number[];
  /** Types whose code the first load carries: every type under a widget hydrating with the page. */
  eagerTypes: Set<string>;
  /** Types only late widgets show. */
  lateTypes: Set<string>;
}

export function splitByHydration(widgets: readonly TreeNode[], formWidgets: ReadonlySet<string>): HydrationSplit {
  const lateNodes: number[] = [];
  const eager: TreeNode[] = [];
  const late: TreeNode[] = [];
  widgets.forEach((node, index) => {
    if (hydratesLate(node, index, formWidgets)) {
      lateNodes.push(index);
      late.push(node);
    } else eager.push(node);
  });
  const eagerTypes = collectTypes(eager, new Set());
  const lateTypes = new Set([...collectTypes(late, new Set())].filter((type) => !eagerTypes.has(type)));
  return { lateNodes, eagerTypes, lateTypes };
}
