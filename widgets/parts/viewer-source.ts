import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type DataState, useHydrated, useLang, usePage } from "../kit/page";
import { readSource, sourceParams } from "../kit/sources";
import { $user } from "../kit/session";

/** The mounted viewer sources' readers, so one viewer action can have all of them read again. */
const readers = new Set<() => Promise<void>>();

/** After the viewer acts (signs up), every viewer source of the page reads again: the seat map opens once signed up. */
export function refreshViewerSources(): Promise<unknown> {
  return Promise.all([...readers].map((read) => read()));
}

/**
 * A widget's public source, read again in the browser for the signed-in viewer. The server rendered it for whoever
 * asked, but its answer depends on who asks (am I signed up, which seat is mine): once a session exists the browser's
 * own answer wins, and `refresh` re-reads it after the viewer acts. A plain effect rather than swr: these widgets are
 * on conference pages' first load, and swr (5 KB) loads only with pages that have browser-side sources (ADR 028).
 */
export function useViewerSource<T>(data: DataState | undefined, sourceName: string | undefined) {
  const page = usePage();
  const hydrated = useHydrated();
  const userId = useStore($user)?.id;
  const source = sourceName ? page.view.config.data?.[sourceName] : undefined;
  const params = source ? sourceParams(source, page.view.query) : {};
  const lang = useLang();
  const key = hydrated && userId && source ? JSON.stringify([source.api, params, userId, lang]) : null;
  const [fresh, setFresh] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(0);
  // `key` names everything the request depends on (the source, its parameters from the query, the viewer, the language).
  const read = useCallback(async () => {
    if (!key || !source) return;
    const request = ++latest.current;
    const answer = await readSource(source, page.view.query, { lang });
    // A failed read keeps what is shown; an answer overtaken by a newer request is dropped.
    if (answer.status === "ok" && request === latest.current) setFresh({ key, value: answer.value as T });
  }, [key]);
  useEffect(() => {
    if (!key) return;
    void read();
    readers.add(read);
    return () => {
      readers.delete(read);
    };
  }, [key, read]);
  const rendered = data?.status === "ok" ? (data.value as T) : null;
  return { value: (fresh?.key === key ? fresh.value : null) || rendered, params, refresh: read };
}
