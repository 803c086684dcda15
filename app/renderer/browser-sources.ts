import { useEffect } from "react";
import useSWR from "swr";
import type { DataState } from "~/pipeline/data-state";

export interface BrowserSourcesProps {
  swrKey: readonly unknown[];
  load: () => Promise<Record<string, DataState>>;
  onData: (data: Record<string, DataState>) => void;
}

/**
 * Reads a page's browser-side sources through swr (cache, revalidation on focus, refreshPageData). It is its own chunk,
 * loaded by the first page that has such sources, so pages without any do not download swr (ADR 028).
 */
export default function BrowserSources({ swrKey, load, onData }: BrowserSourcesProps) {
  const { data } = useSWR(swrKey, load);
  useEffect(() => {
    if (data) onData(data);
  }, [data, onData]);
  return null;
}
