import type { i18n as I18n } from "i18next";
import type { Lang } from "@contracts/language";

/**
 * The translator behind react-i18next (ADR 028), in the browser and on the server. i18next itself is 16 KB of gzipped JavaScript, three
 * quarters of what a page may add to the framework; the browser only ever looks texts up in the catalogue the root
 * loader sent, so this implements that part of i18next's instance, with i18next's semantics for what our catalogues
 * use: "namespace:key.path" keys, {{name}} interpolation (no escaping), _zero/_one/_other plurals chosen by
 * Intl.PluralRules, defaultValue and arrays of keys, the key itself when a text is missing. The root loader sends the
 * namespaces of the page; any other is fetched by loadNamespaces (react-i18next suspends a component whose
 * useTranslation names a namespace not loaded yet), and `onMissing` hears every key answered with itself. The server
 * renders with it too, holding every catalogue (ADR 038); tests/unit/client-i18n.test.ts translates every key of every
 * catalogue with it and with i18next and requires the same text.
 */

type Catalogue = Record<string, unknown>;
type Listener = (...args: unknown[]) => void;
type TranslateOptions = Record<string, unknown> & { count?: unknown; defaultValue?: unknown; ns?: string | readonly string[] };

const NS_SEPARATOR = ":";
const KEY_SEPARATOR = ".";
const INTERPOLATION = /\{\{\s*([\w.-]+)\s*\}\}/g;

function lookUp(catalogue: Catalogue | undefined, path: string): unknown {
  let node: unknown = catalogue;
  for (const part of path.split(KEY_SEPARATOR)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Catalogue)[part];
  }
  return node;
}

/** i18next's addResourceBundle(…, deep = true, overwrite = true): nested objects merge, texts replace. */
function mergeDeep(into: Catalogue, from: Catalogue): Catalogue {
  const merged: Catalogue = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    const bothObjects = value && typeof value === "object" && existing && typeof existing === "object";
    merged[key] = bothObjects ? mergeDeep(existing as Catalogue, value as Catalogue) : value;
  }
  return merged;
}

function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(INTERPOLATION, (match, name: string) => {
    const value = lookUp(values, name);
    // i18next leaves a placeholder whose value was not given as it is, and writes null as nothing.
    if (value === undefined) return match;
    return value === null ? "" : String(value);
  });
}

const ADD_PARTIAL = Symbol("addPartialBundle");
const RETRY_AFTER_FAILURE_MS = 3000;

/** Adds some texts of a namespace without counting the namespace as loaded (the browser's translator only). */
export function addPartialBundle(i18n: I18n, lng: string, namespace: string, texts: Catalogue): void {
  const add = (i18n as unknown as { [ADD_PARTIAL]?: (lng: string, namespace: string, texts: Catalogue) => void })[ADD_PARTIAL];
  if (add) add(lng, namespace, texts);
  else i18n.addResourceBundle(lng, namespace, texts, true, true);
}

const ADD_TRIMMED = Symbol("addTrimmedBundle");

/**
 * Adds the groups of a namespace the page's widgets use (ADR 100): the namespace counts as loaded for them (no
 * component suspends on it), and an explicit load (a navigation, a dialog, the unread badge) still fetches it whole.
 */
export function addTrimmedBundle(i18n: I18n, lng: string, namespace: string, texts: Catalogue): void {
  const add = (i18n as unknown as { [ADD_TRIMMED]?: (lng: string, namespace: string, texts: Catalogue) => void })[ADD_TRIMMED];
  if (add) add(lng, namespace, texts);
  else i18n.addResourceBundle(lng, namespace, texts, true, true);
}

const LOAD_IN = Symbol("loadNamespacesIn");

/**
 * Fetches namespaces of `lng`, which need not be the language shown yet: before a language switch renders, the
 * texts of parts the new root data does not bring (the deferred shell parts) are fetched, so nothing suspends.
 * i18next's own loadNamespaces loads only the current language; an i18next instance (never the browser's) does that.
 */
export function loadNamespacesIn(i18n: I18n, lng: string, namespaces: readonly string[]): Promise<void> {
  const load = (i18n as unknown as { [LOAD_IN]?: (lng: string, namespaces: readonly string[]) => Promise<void> })[LOAD_IN];
  return load ? load(lng, namespaces) : i18n.loadNamespaces([...namespaces]).then(() => undefined);
}

type FetchCatalogue = (lang: string, namespace: string) => Promise<Catalogue>;

/**
 * The map of every hashed catalogue file (two languages × every namespace) is itself a lazy chunk: a page's first
 * load brings its catalogues with the root's data and needs none of it; the first namespace fetched pulls it in.
 */
const fetchCatalogue: FetchCatalogue = (lang, namespace) => import("./catalogue-files").then((files) => files.fetchCatalogue(lang, namespace));
type MissingKey = (lang: string, namespace: string, key: string) => void;

export interface ClientI18nOptions {
  fetch?: FetchCatalogue;
  onMissing?: MissingKey;
}

export function createClientI18n(initialLanguage: Lang, defaultNS: string, { fetch = fetchCatalogue, onMissing }: ClientI18nOptions = {}): I18n {
  const store: Record<string, Record<string, Catalogue>> = {};
  const listeners = new Map<string, Set<Listener>>();
  const storeListeners = new Map<string, Set<Listener>>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  let language: string = initialLanguage;

  const subscribe = (registry: Map<string, Set<Listener>>) => ({
    on(events: string, listener: Listener) {
      for (const event of events.split(" ").filter(Boolean)) {
        if (!registry.has(event)) registry.set(event, new Set());
        registry.get(event)?.add(listener);
      }
    },
    off(event: string, listener?: Listener) {
      if (listener) registry.get(event)?.delete(listener);
      else registry.delete(event);
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(registry.get(event) ?? [])]) listener(...args);
    },
  });
  const events = subscribe(listeners);
  const storeEvents = subscribe(storeListeners);

  function pluralSuffix(lng: string, count: number): string {
    let rules = pluralRules.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      pluralRules.set(lng, rules);
    }
    return rules.select(count);
  }

  /** One key: its text in `lng`, or undefined when the catalogue has no string there. */
  function resolve(lng: string, namespaces: readonly string[], key: string, options: TranslateOptions): string | undefined {
    let namespace = namespaces[0] ?? defaultNS;
    let path = key;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0) {
      namespace = key.slice(0, separator);
      path = key.slice(separator + NS_SEPARATOR.length);
    }
    const catalogue = store[lng]?.[namespace];
    const candidates: string[] = [];
    if (typeof options.count === "number") {
      if (options.count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${pluralSuffix(lng, options.count)}`);
    }
    candidates.push(path);
    for (const candidate of candidates) {
      const text = lookUp(catalogue, candidate);
      if (typeof text === "string") return interpolate(text, options);
    }
    return undefined;
  }

  function translate(
    lng: string,
    namespaces: readonly string[],
    keyPrefix: string | undefined,
    keys: string | readonly string[],
    options: TranslateOptions = {},
  ): string {
    const list = typeof keys === "string" ? [keys] : keys;
    const scope = options.ns === undefined ? namespaces : typeof options.ns === "string" ? [options.ns] : options.ns;
    for (const key of list) {
      const prefixed = keyPrefix ? `${keyPrefix}${KEY_SEPARATOR}${key}` : key;
      const text = resolve(lng, scope, prefixed, options);
      if (text !== undefined) return text;
    }
    if (typeof options.defaultValue === "string") return interpolate(options.defaultValue, options);
    const last = list[list.length - 1] ?? "";
    if (onMissing) {
      const named = last.indexOf(NS_SEPARATOR);
      onMissing(lng, named > 0 ? last.slice(0, named) : (scope[0] ?? defaultNS), named > 0 ? last.slice(named + 1) : last);
    }
    // i18next answers a missing text with its key, without the namespace.
    const separator = last.indexOf(NS_SEPARATOR);
    return separator > 0 ? last.slice(separator + NS_SEPARATOR.length) : last;
  }

  const fixedT = (lng: string | null | undefined, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const namespaces = ns ? (typeof ns === "string" ? [ns] : ns) : [defaultNS];
    return (keys: string | readonly string[], options?: TranslateOptions | string) =>
      translate(lng ?? language, namespaces, keyPrefix, keys, typeof options === "string" ? { defaultValue: options } : options);
  };

  const pending = new Map<string, Promise<void>>();
  /** "lng/namespace" of bundles holding only some texts (a page's bindings): loaded only once fetched in full. */
  const partial = new Set<string>();
  /** "lng/namespace" of bundles holding the groups the first page's widgets use (ADR 100): loaded for them, not whole. */
  const trimmed = new Set<string>();
  const isLoaded = (lng: string, namespace: string) => store[lng]?.[namespace] !== undefined && !partial.has(`${lng}/${namespace}`);
  const isWhole = (lng: string, namespace: string) => isLoaded(lng, namespace) && !trimmed.has(`${lng}/${namespace}`);
  /** Fetches the namespaces of `lng` not whole in the store yet, each once however many components ask at the same time. */
  function loadInto(lng: string, namespaces: readonly string[]): Promise<void> {
    const loads = namespaces
      .filter((namespace) => !isWhole(lng, namespace))
      .map((namespace) => {
        const id = `${lng}/${namespace}`;
        let load = pending.get(id);
        if (!load) {
          load = fetch(lng, namespace)
            .then(
              (catalogue) => {
                instance.addResourceBundle(lng, namespace, catalogue);
              },
              // A component suspended on this namespace asks again as soon as the load settles: a failure (offline)
              // settles only after a pause, so it keeps its skeleton and retries every few seconds, not in a loop.
              (error: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(error), RETRY_AFTER_FAILURE_MS)),
            )
            .finally(() => pending.delete(id));
          pending.set(id, load);
        }
        return load;
      });
    return Promise.all(loads).then(() => undefined);
  }

  const instance = {
    get language() {
      return language;
    },
    get languages() {
      return [language];
    },
    get resolvedLanguage() {
      return language;
    },
    isInitialized: true,
    options: { defaultNS, ns: [defaultNS], fallbackLng: false, react: { useSuspense: true } },
    services: { logger: { log() {}, warn() {}, error() {} } },
    store: { on: storeEvents.on, off: storeEvents.off },
    on: events.on,
    off: events.off,
    emit: events.emit,
    t: (keys: string | readonly string[], options?: TranslateOptions | string) => fixedT(null)(keys, options),
    getFixedT: fixedT,
    exists: (key: string, options: TranslateOptions = {}) => resolve(language, [defaultNS], key, options) !== undefined,
    hasLoadedNamespace: (namespace: string, options?: { lng?: string }) => isLoaded(options?.lng ?? language, namespace),
    loadNamespaces: (namespaces: string | readonly string[], done?: (error?: unknown) => void) =>
      loadInto(language, typeof namespaces === "string" ? [namespaces] : namespaces).then(
        () => done?.(),
        (error: unknown) => done?.(error),
      ),
    loadLanguages: (_lng: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    hasResourceBundle: (lng: string, namespace: string) => store[lng]?.[namespace] !== undefined,
    getResourceBundle: (lng: string, namespace: string) => store[lng]?.[namespace],
    addResourceBundle(lng: string, namespace: string, catalogue: Catalogue) {
      store[lng] ??= {};
      store[lng][namespace] = mergeDeep(store[lng][namespace] ?? {}, catalogue);
      // A bundle added through i18next's API is a whole catalogue; only [ADD_PARTIAL] holds part of one.
      partial.delete(`${lng}/${namespace}`);
      trimmed.delete(`${lng}/${namespace}`);
      storeEvents.emit("added", lng, namespace);
      return instance;
    },
    [ADD_PARTIAL](lng: string, namespace: string, texts: Catalogue) {
      const loaded = isLoaded(lng, namespace);
      const wasTrimmed = trimmed.has(`${lng}/${namespace}`);
      instance.addResourceBundle(lng, namespace, texts);
      if (!loaded) partial.add(`${lng}/${namespace}`);
      if (wasTrimmed) trimmed.add(`${lng}/${namespace}`);
    },
    [ADD_TRIMMED](lng: string, namespace: string, texts: Catalogue) {
      if (isWhole(lng, namespace)) return;
      instance.addResourceBundle(lng, namespace, texts);
      trimmed.add(`${lng}/${namespace}`);
    },
    [LOAD_IN]: loadInto,
    changeLanguage(next: string) {
      if (next !== language) {
        language = next;
        events.emit("languageChanged", next);
      }
      return Promise.resolve(fixedT(next));
    },
    dir: () => "ltr",
  };
  // react-i18next reads only the members above; the cast states that this is the part of i18next's type in use.
  return instance as unknown as I18n;
}
