import { useStore } from "@nanostores/react";
import { createElement, useCallback, useMemo, useState, type ReactNode } from "react";
import { browserApi } from "~/api/browser-api";
import { evaluateGate } from "@contracts/gate";
import { requestSource } from "~/pipeline/request-source";
import { $user } from "~/stores/session";
import type { DataState } from "~/pipeline/data-state";
import { plannedSources } from "~/pipeline/plan";
import type { PageView } from "~/pipeline/page-view";
import type { Lang } from "@contracts/language";
import { deferredComponent, useDeferredComponent } from "./deferred-component";

const PAGE_DATA = "page-data";

/** swr and the component reading through it load with the first page that has browser-side sources (ADR 028). */
const loadSwr = () => import("swr");
const browserSources = deferredComponent(() => import("./browser-sources"));
/** The last answer per key, so a page shown again renders its data at once, as swr's cache would give it in render. */
const lastLoaded = new Map<string, Record<string, DataState>>();

/**
 * After the viewer changed their own data (saved an address), every page's browser-loaded data is read again when it
 * shows next, instead of a copy from moments ago.
 */
export async function refreshPageData(): Promise<unknown> {
  lastLoaded.clear();
  const { mutate } = await loadSwr();
  return mutate((key) => Array.isArray(key) && key[0] === PAGE_DATA, undefined, { revalidate: true });
}

/** Reads the page's browser-loaded data again while it stays on screen (a task list after a task, a card after sign-in). */
export async function revalidatePageData(): Promise<unknown> {
  const { mutate } = await loadSwr();
  return mutate((key) => Array.isArray(key) && key[0] === PAGE_DATA);
}

const isVisitorsAnswer = (state: DataState | undefined) => state?.status === "ok" && state.asVisitor === true;

/**
 * Loads in the browser what the server left for it: client-side sources, gated sources whose gate this
 * browser's session now meets, and the visitor's answers a render shared by the viewer's class carries (ADR 083).
 * Everything else is the server's state as rendered. `sources` is the element that reads them; the caller renders it
 * anywhere in the page.
 */
export function usePageData(view: PageView, hydrated: boolean, lang: Lang): { data: Record<string, DataState>; sources: ReactNode } {
  const user = useStore($user);
  const sources = view.config.data ?? {};
  const pending: string[] = [];
  if (hydrated && evaluateGate(view.config.gate, user) === "ok") {
    for (const [name, planned] of plannedSources(view.config, user)) {
      const rendered = view.data[name]?.status;
      const rereads = rendered === "loading" || rendered === "gated" || isVisitorsAnswer(view.data[name]);
      if ((planned === "load" || (planned as DataState).status === "loading") && rereads) pending.push(name);
    }
  }

  // The language is part of the key: after a switch the page's browser-loaded data is read again in the new one.
  const key = pending.length ? [PAGE_DATA, lang, view.path, JSON.stringify(view.query), user?.id ?? "", ...pending] : null;
  const keyText = key ? JSON.stringify(key) : null;
  const [, setAnswers] = useState(0);
  const onData = useCallback(
    (data: Record<string, DataState>) => {
      if (!keyText || lastLoaded.get(keyText) === data) return;
      lastLoaded.set(keyText, data);
      setAnswers((count) => count + 1);
    },
    [keyText],
  );
  const load = async () => {
    const entries = await Promise.all(
      pending.map(async (name): Promise<[string, DataState]> => {
        return [name, await requestSource(browserApi, sources[name], view.query, { lang })];
      }),
    );
    return Object.fromEntries(entries) as Record<string, DataState>;
  };

  const BrowserSources = useDeferredComponent(browserSources, key !== null);
  const current = keyText ? lastLoaded.get(keyText) : undefined;
  const data = useMemo(() => {
    if (!pending.length) return view.data;
    const merged: Record<string, DataState> = { ...view.data };
    // A visitor's answer stays on screen until the person's own arrives (ADR 083).
    for (const name of pending) merged[name] = current?.[name] ?? (isVisitorsAnswer(view.data[name]) ? view.data[name] : { status: "loading" });
    return merged;
  }, [view.data, current, pending.join(",")]);

  return {
    data,
    sources: key && BrowserSources ? createElement(BrowserSources, { swrKey: key, load, onData }) : null,
  };
}
