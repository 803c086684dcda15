import useSWR, { mutate } from "swr";
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { browserApi } from "~/api/browser-api";
import { evaluateGate } from "@contracts/gate";
import { requestSource } from "~/pipeline/request-source";
import { $user } from "~/stores/session";
import type { DataState } from "~/pipeline/data-state";
import { plannedSources } from "~/pipeline/plan";
import type { PageView } from "~/pipeline/page-view";

const PAGE_DATA = "page-data";

/**
 * After the viewer changed their own data (saved an address), every page's browser-loaded data is read again when it
 * shows next, instead of a copy from moments ago.
 */
export function refreshPageData(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PAGE_DATA, undefined, { revalidate: true });
}

/** Reads the page's browser-loaded data again while it stays on screen (a task list after a task, a card after sign-in). */
export function revalidatePageData(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PAGE_DATA);
}

/**
 * Loads in the browser what the server left for it: client-side sources, and gated sources whose gate this
 * browser's session now meets. Everything else is the server's state as rendered.
 */
export function usePageData(view: PageView, hydrated: boolean): Record<string, DataState> {
  const user = useStore($user);
  const sources = view.config.data ?? {};
  const pending: string[] = [];
  if (hydrated && evaluateGate(view.config.gate, user) === "ok") {
    for (const [name, planned] of plannedSources(view.config, user)) {
      const rendered = view.data[name]?.status;
      if ((planned === "load" || (planned as DataState).status === "loading") && (rendered === "loading" || rendered === "gated")) pending.push(name);
    }
  }

  const key = pending.length ? [PAGE_DATA, view.path, JSON.stringify(view.query), user?.id ?? "", ...pending] : null;
  const { data: loaded } = useSWR(key, async () => {
    const entries = await Promise.all(
      pending.map(async (name): Promise<[string, DataState]> => {
        return [name, await requestSource(browserApi, sources[name], view.query)];
      }),
    );
    return Object.fromEntries(entries) as Record<string, DataState>;
  });

  return useMemo(() => {
    if (!pending.length) return view.data;
    const merged: Record<string, DataState> = { ...view.data };
    for (const name of pending) merged[name] = loaded?.[name] ?? { status: "loading" };
    return merged;
  }, [view.data, loaded, pending.join(",")]);
}
