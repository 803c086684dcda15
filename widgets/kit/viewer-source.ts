import useSWR, { mutate as mutateAll } from "swr";
import { useStore } from "@nanostores/react";
import { browserApi } from "~/api/browser-api";
import type { DataState } from "~/pipeline/data-state";
import { requestSource, sourceParams } from "~/pipeline/request-source";
import { usePage } from "~/renderer/page-context";
import { useHydrated } from "~/renderer/use-hydrated";
import { $user } from "~/stores/session";

const KEY = "viewer-source";

/** After the viewer acts (signs up), every viewer source of the page reads again: the seat map opens once signed up. */
export function refreshViewerSources(): Promise<unknown> {
  return mutateAll((key) => Array.isArray(key) && key[0] === KEY);
}

/**
 * A widget's public source, read again in the browser for the signed-in viewer. The server rendered it for whoever
 * asked, but its answer depends on who asks (am I signed up, which seat is mine): once a session exists the browser's
 * own answer wins, and `refresh` re-reads it after the viewer acts.
 */
export function useViewerSource<T>(data: DataState | undefined, sourceName: string | undefined) {
  const page = usePage();
  const hydrated = useHydrated();
  const userId = useStore($user)?.id;
  const source = sourceName ? page.view.config.data?.[sourceName] : undefined;
  const params = source ? sourceParams(source, page.view.query) : {};
  const key = hydrated && userId && source ? [KEY, source.api, JSON.stringify(params), userId] : null;
  const { data: fresh, mutate } = useSWR(key, async () => {
    const answer = await requestSource(browserApi, source!, page.view.query);
    if (answer.status !== "ok") throw new Error(answer.status === "error" ? answer.message : answer.status);
    return answer.value as T;
  });
  const rendered = data?.status === "ok" ? (data.value as T) : null;
  return { value: (key && fresh) || rendered, params, refresh: () => mutate() };
}
