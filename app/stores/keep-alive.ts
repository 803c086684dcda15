/** What kept-alive pages leave behind when the user navigates away: scroll position and per-widget state. */
interface KeptPage {
  scrollY: number;
  widgets: Map<string, unknown>;
}

const MAX_PAGES = 20;
const kept = new Map<string, KeptPage>();

function page(key: string): KeptPage {
  let entry = kept.get(key);
  if (!entry) {
    if (kept.size >= MAX_PAGES) kept.delete(kept.keys().next().value as string);
    entry = { scrollY: 0, widgets: new Map() };
    kept.set(key, entry);
  }
  return entry;
}

export function keepScroll(pageKey: string, scrollY: number): void {
  page(pageKey).scrollY = scrollY;
}

export function keptScroll(pageKey: string): number | null {
  return kept.get(pageKey)?.scrollY ?? null;
}

export function keepWidgetState(pageKey: string, nodeId: string, state: unknown): void {
  page(pageKey).widgets.set(nodeId, state);
}

export function keptWidgetState<T>(pageKey: string, nodeId: string): T | undefined {
  return kept.get(pageKey)?.widgets.get(nodeId) as T | undefined;
}
