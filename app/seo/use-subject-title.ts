import { useEffect } from "react";
import { type Lang, SITE_NAME } from "@contracts/language";
import type { DataState } from "~/pipeline/data-state";
import type { PageView } from "~/pipeline/page-view";
import { pageSubject } from "./page-subject";

/**
 * A page whose item the browser loads (a source answering per viewer, such as an audio book with its shelf and
 * balance) has no item title in the server's head: once the item is in, the document (the tab, the messaging app's
 * title bar) is titled by it, as the server titles the pages it loads the item for.
 */
export function useSubjectTitle(view: PageView, data: Record<string, DataState>, lang: Lang): void {
  const siteName = SITE_NAME[lang];
  const title = view.head?.title ? undefined : pageSubject({ config: view.config, data, query: view.query }, lang).title;
  useEffect(() => {
    if (title && siteName) document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
}
