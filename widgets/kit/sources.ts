/**
 * A page's data source read again in the browser: what paged lists and viewer sources need without reaching the page
 * pipeline themselves. Apart from ./page, which every page's first load carries, because only those parts use it.
 */
import type { DataSource } from "@schemas/generated/page-config";
import { browserApi } from "~/api/browser-api";
import type { DataState } from "~/pipeline/data-state";
import { requestSource, type SourceRequestOptions } from "~/pipeline/request-source";

export { sourceParams } from "~/pipeline/request-source";

/** The source asked again with the page's query (plus `extraParams`, e.g. the next page of a list). */
export function readSource(source: DataSource, query: Record<string, string>, options: SourceRequestOptions): Promise<DataState> {
  return requestSource(browserApi, source, query, options);
}
