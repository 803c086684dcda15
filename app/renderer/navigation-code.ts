import type { PageView } from "~/pipeline/page-view";
import { loadNamespaces } from "~/i18n/browser-i18n";
import { pageNamespaces } from "~/i18n/page-namespaces";
import { loadWidgetComponents } from "./widget-components";

/**
 * What a client navigation loads before the page renders: its widgets' code and the catalogues the first page did not
 * bring. A lazy chunk of its own (the page route imports it while the page's data is fetched), so the page-namespace
 * walk is not in every page's first load.
 */
export async function loadPageCode(view: PageView): Promise<void> {
  await Promise.all([loadWidgetComponents(view.widgetTypes), loadNamespaces(pageNamespaces(view.config))]);
}
