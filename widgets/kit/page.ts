/**
 * The widget kit's page module: what a widget knows about the page it is on, its data, and the language it renders in.
 * Widgets import the app only through widgets/kit/ (ADR 013); a lint rule holds that line.
 */
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { PageContext } from "~/renderer/page-context";
import { toLang, type Lang } from "@contracts/language";

export type { Lang } from "@contracts/language";
export type { DataState } from "~/pipeline/data-state";
export { readPath, resolveBindings } from "~/pipeline/bindings";
export { fieldAt, fields, itemFields, mergeUse, type WidgetDataReads } from "~/pipeline/data-reads";
export { usePage } from "~/renderer/page-context";
export { refreshPageData, revalidatePageData } from "~/renderer/use-page-data";
export { useHydrated, useScriptless } from "~/renderer/use-hydrated";
export { NOT_FOUND_CODE, noticeKindOf, StateNotice, useOnline, type NoticeKind } from "~/renderer/StateNotice";
export { useViewer } from "~/renderer/use-viewer";
export { isStandIn } from "~/pipeline/viewer-class";
export { keepWidgetState, keptWidgetState } from "~/stores/keep-alive";
export { switchLanguage } from "~/i18n/switch-language";

/**
 * The language the page renders in: the page's own (a page re-renders its widgets when it changes), else i18next's.
 * Two context reads: useTranslation would build a copy of the i18next instance for every widget on the server.
 */
export function useLang(): Lang {
  const page = useContext(PageContext);
  const { i18n } = useContext(I18nContext);
  return page?.scope.lang ?? toLang(i18n?.language);
}

/** A prop or item field as display text: strings and numbers as they are, anything else empty. */
export function asText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}
