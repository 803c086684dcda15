import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo, useReducer } from "react";
import type { i18n as I18n, TFunction } from "i18next";

/**
 * What both builds get for `react-i18next` (ADR 028, ADR 038; vite.config.ts points their imports here). The package's
 * hook is 2.2 KB gzipped for options we never use (keyPrefix, bindI18n settings, wait/useSuspense switches, Trans),
 * and on the server it copied the translator's every property for each component using it (4 % of a /home render);
 * ours binds a translator the same way: a fixed `t` for the namespaces, a re-render when the language changes or a
 * catalogue is added, and suspense while a namespace is not loaded yet. Call sites keep importing from
 * "react-i18next": the server and the browser run the same hook over the same translator (app/i18n/client-i18n.ts).
 */

export const I18nContext = createContext<{ i18n?: I18n }>({});

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}

type Namespaces = string | readonly string[] | undefined;

export function useTranslation(ns?: Namespaces) {
  const i18n = useContext(I18nContext).i18n;
  if (!i18n) throw new Error("useTranslation needs an I18nextProvider above it");
  const [version, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const update = () => rerender();
    i18n.on("languageChanged", update);
    i18n.store.on("added", update);
    return () => {
      i18n.off("languageChanged", update);
      i18n.store.off("added", update);
    };
  }, [i18n]);
  const namespaces = ns === undefined ? [] : typeof ns === "string" ? [ns] : ns;
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length) throw new Promise<void>((resolve) => void i18n.loadNamespaces(missing, () => resolve()));
  const language = i18n.language;
  const key = namespaces.join(" ");
  // A new `t` when the namespaces, the language or a catalogue change, as react-i18next gives; fixed to the first
  // namespace as react-i18next does (the others are only loaded), where i18next would search them all.
  const t = useMemo(() => i18n.getFixedT(null, namespaces[0] ?? null) as TFunction, [i18n, key, language, version]);
  const result = [t, i18n, true] as [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
