import { createContext, useContext } from "react";
import type { BindingScope } from "~/pipeline/bindings";
import type { DataState } from "~/pipeline/data-state";
import type { PageView } from "~/pipeline/page-view";

export interface PageContextValue {
  view: PageView;
  /** Server states merged with what the browser loaded since. */
  data: Record<string, DataState>;
  scope: BindingScope;
  /** Keep-alive key: the path and query of this page. */
  pageKey: string;
  /** Current time, from the server's clock until the page has mounted. */
  now: number;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error("usePage() outside a config page");
  return value;
}
