import type { PageConfig, VisibleWhen, WidgetNode } from "@schemas/generated/page-config";
import { isVisible } from "~/renderer/visible-when";
import { findBindings, isLocalizedText, parseBinding } from "./bindings";
import type { DataState } from "./data-state";
import { sourcesOfNode, walkWidgets } from "./widget-tree";

/**
 * Which parts of a value are read (ADR 030): `true` is the whole value as it is; an object names the fields read and
 * what of each. Arrays are transparent: a use applies to every element.
 */
export type FieldUse = true | { [field: string]: FieldUse };

/** What a widget's component reads in code of the values it is given, declared next to the component. */
export interface DataReads {
  /** Of its data source's value (the node's `data`). */
  data?: FieldUse;
  /** Of the value of a prop bound whole to data, e.g. `"items": "{data.banners.list}"`, by prop name. */
  props?: Record<string, FieldUse>;
  /**
   * Which of the node's children render for the request's URL (tabs kept in the query show one): sources that only
   * hidden children read are neither loaded nor sent. Without it every child renders.
   */
  shownChildren?: (search: URLSearchParams, count: number) => readonly number[];
}

/** A widget's declaration, given the node's props as written in the config (defaults filled in, bindings not resolved). */
export type WidgetDataReads<P = Record<string, unknown>> = (props: P) => DataReads;

export function mergeUse(a: FieldUse | undefined, b: FieldUse): FieldUse {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  const merged: Record<string, FieldUse> = { ...a };
  for (const [field, use] of Object.entries(b)) merged[field] = mergeUse(merged[field], use);
  return merged;
}

/** Fields each read whole: fields("id", "title") → {id: true, title: true}. */
export function fields(...names: string[]): Record<string, FieldUse> {
  return Object.fromEntries(names.map((name) => [name, true]));
}

/** `use` placed at a path: (["list"], {id: true}) → {list: {id: true}}; the empty path is the use itself. */
function placeAt(path: string[], use: FieldUse): FieldUse {
  return path.reduceRight<FieldUse>((inner, segment) => ({ [segment]: inner }), use);
}

/** `use` placed at a dotted field path: ("data.list", {id: true}) → {data: {list: {id: true}}}. */
export function fieldAt(path: string, use: FieldUse): Record<string, FieldUse> {
  return placeAt(path.split("."), use) as Record<string, FieldUse>;
}

/** The fields `{item.…}` bindings read anywhere inside a template (a widget's per-item props). */
export function itemFields(template: unknown, into: Record<string, FieldUse> = {}): Record<string, FieldUse> {
  if (typeof template === "string") {
    for (const binding of findBindings(template)) {
      if (binding.root === "item") Object.assign(into, mergeUse(into, placeAt(binding.path, true)));
    }
  } else if (Array.isArray(template)) {
    for (const entry of template) itemFields(entry, into);
  } else if (template && typeof template === "object") {
    for (const entry of Object.values(template)) itemFields(entry, into);
  }
  return into;
}

function bindingsIn(value: unknown, visit: (expression: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) for (const entry of value) bindingsIn(entry, visit);
  else if (value && typeof value === "object") for (const entry of Object.values(value)) bindingsIn(entry, visit);
}

/**
 * What one node reads of each data source: `{data.S.path}` bindings in its props and visibleWhen (a prop bound whole
 * narrows to what the widget declares it reads of that prop), and of its own source what the widget declares.
 * Whatever a widget does not declare it reads whole.
 */
export function nodeDataUse(node: WidgetNode, reads: WidgetDataReads | undefined, into = new Map<string, FieldUse>()): Map<string, FieldUse> {
  const declared = reads?.(node.props ?? {});
  const use = (path: string[], fieldUse: FieldUse) => {
    const [source, ...rest] = path;
    into.set(source, mergeUse(into.get(source), placeAt(rest, fieldUse)));
  };
  for (const [prop, value] of Object.entries(node.props ?? {})) {
    const whole = typeof value === "string" ? parseBinding(value) : null;
    const narrowed = declared?.props?.[prop];
    if (whole?.root === "data" && narrowed) {
      use(whole.path, narrowed);
      continue;
    }
    bindingsIn(value, (text) => {
      for (const binding of findBindings(text)) if (binding.root === "data") use(binding.path, true);
    });
  }
  bindingsIn(node.visibleWhen ?? {}, (text) => {
    for (const binding of findBindings(text)) if (binding.root === "data") use(binding.path, true);
  });
  if (node.data) use([node.data], declared?.data ?? true);
  return into;
}

const EN = "En";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The part of a value that a use reads, in one language: a field read as a leaf takes its English twin's text for
 * lang en (as readPath does) and the twin itself goes; a twin named in the use (code reading `titleEn`) stays for en
 * only. Fields the value does not have stay absent.
 */
export function projectValue(value: unknown, use: FieldUse, lang: "zh" | "en"): unknown {
  if (use === true) return value;
  if (Array.isArray(value)) return value.map((entry) => projectValue(entry, use, lang));
  if (!isRecord(value)) return value;
  const projected: Record<string, unknown> = {};
  for (const [field, fieldUse] of Object.entries(use)) {
    if (!Object.hasOwn(value, field)) continue;
    const twinOf = field.endsWith(EN) ? field.slice(0, -EN.length) : null;
    if (twinOf && Object.hasOwn(value, twinOf) && lang !== "en") continue;
    const english = value[field + EN];
    projected[field] =
      fieldUse === true && lang === "en" && typeof english === "string" && english !== "" ? english : projectValue(value[field], fieldUse, lang);
  }
  return projected;
}

type ReadsOf = (type: string) => WidgetDataReads | undefined;
const pageUses = new WeakMap<ReadsOf, WeakMap<PageConfig, Map<string, FieldUse>>>();

/** What the page's widgets (and its head's subject) read of each source; a loaded config does not change, so it is worked out once per config. */
function pageDataUse(config: PageConfig, readsOf: ReadsOf): Map<string, FieldUse> {
  let byConfig = pageUses.get(readsOf);
  if (!byConfig) {
    byConfig = new WeakMap();
    pageUses.set(readsOf, byConfig);
  }
  let uses = byConfig.get(config);
  if (!uses) {
    const found = new Map<string, FieldUse>();
    walkWidgets(config.widgets, ({ node }) => nodeDataUse(node, readsOf(node.type), found));
    // The page's head names its subject's title and summary (head-facts.server.ts): sent, so the browser's head says the same.
    bindingsIn(config.subject ?? {}, (text) => {
      for (const binding of findBindings(text)) {
        const [source, ...path] = binding.path;
        if (binding.root === "data") found.set(source, mergeUse(found.get(source), placeAt(path, true)));
      }
    });
    uses = found;
    byConfig.set(config, uses);
  }
  return uses;
}

/**
 * The page's data as its widgets read it, in the viewer's language: each loaded source cut down to the fields its
 * widgets bind or declare (ADR 030). A source no widget names is left whole, as is anything a widget reads whole.
 */
export function projectPageData(config: PageConfig, data: Record<string, DataState>, lang: "zh" | "en", readsOf: ReadsOf): Record<string, DataState> {
  const uses = pageDataUse(config, readsOf);
  const projected: Record<string, DataState> = {};
  for (const [name, state] of Object.entries(data)) {
    const use = uses.get(name);
    projected[name] = state.status === "ok" && use && use !== true ? { status: "ok", value: projectValue(state.value, use, lang) } : state;
  }
  return projected;
}

/** Whether a condition reads the query only, so the server decides it as the browser will for this URL. */
function readsQueryOnly(condition: VisibleWhen): boolean {
  let queryOnly = true;
  bindingsIn(condition, (text) => {
    for (const binding of findBindings(text)) if (binding.root !== "query") queryOnly = false;
  });
  return queryOnly;
}

/** What the browser keeps of a node a URL does not show: what decides that it renders nothing (or a gate prompt). */
function hiddenStub(node: WidgetNode): WidgetNode {
  return { type: node.type, ...(node.gate ? { gate: node.gate } : {}), ...(node.visibleWhen ? { visibleWhen: node.visibleWhen } : {}) };
}

/** Texts written in both languages keep the viewer's only; the other is left empty, so the shape stays a localized text. */
function inLanguage<T>(value: T, lang: "zh" | "en"): T {
  if (isLocalizedText(value)) return (lang === "en" ? { zh: "", en: value.en } : { zh: value.zh, en: "" }) as T;
  if (Array.isArray(value)) return value.map((entry) => inLanguage(entry, lang)) as T;
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inLanguage(entry, lang)])) as T;
  return value;
}

function deepFreeze<T>(value: T): T {
  if (isRecord(value) || Array.isArray(value)) {
    for (const entry of Object.values(value)) deepFreeze(entry);
    Object.freeze(value);
  }
  return value;
}

const nodesInLanguage = { zh: new WeakMap<WidgetNode, WidgetNode>(), en: new WeakMap<WidgetNode, WidgetNode>() };

/**
 * A shown node with its props in one language, the same object for every request: a loaded config does not change,
 * and what is worked out per node (sourcesOfNode) is kept by node.
 */
function nodeInLanguage(node: WidgetNode, lang: "zh" | "en"): WidgetNode {
  if (!node.props) return node;
  let rendered = nodesInLanguage[lang].get(node);
  if (!rendered) {
    // Shared by every request from now on, so frozen (inLanguage's copy of the props wholly): a change made for one
    // request would show in all of them.
    rendered = Object.freeze({ ...node, props: deepFreeze(inLanguage(node.props, lang)) });
    nodesInLanguage[lang].set(node, rendered);
  }
  return rendered;
}

/** A page as one URL shows it: the config the browser renders, and the sources no shown widget reads. */
export interface ShownPage {
  config: PageConfig;
  hiddenSources: Set<string>;
}

/**
 * What a URL shows of a page. Hidden are nodes whose `visibleWhen` on the query alone is false, a node's children its
 * widget declares not shown (the tabs not chosen), and their subtrees: choosing another is a navigation, which loads the
 * page anew. Their sources are neither loaded nor sent, unless a shown widget reads them or their absence makes the page
 * a 404. In the config the browser gets, a hidden node keeps only its type, gate and condition, texts written in both
 * languages (title, description, widget props) carry the viewer's language only, and the editor's `$schema` and the
 * server's `aliases` are left out.
 */
export function shownPage(config: PageConfig, search: URLSearchParams, query: Record<string, string>, lang: "zh" | "en", readsOf: ReadsOf): ShownPage {
  const shown = new Set<string>();
  const hidden = new Set<string>();
  const trim = (node: WidgetNode, parentShown: boolean): WidgetNode => {
    const condition = node.visibleWhen;
    const visible = parentShown && !(condition && readsQueryOnly(condition) && !isVisible(condition, { query }));
    for (const name of sourcesOfNode(node)) (visible ? shown : hidden).add(name);
    const children = node.children ?? [];
    if (!visible) {
      for (const child of children) trim(child, false);
      return hiddenStub(node);
    }
    const rendered = nodeInLanguage(node, lang);
    if (!children.length) return rendered;
    const showing = new Set(readsOf(node.type)?.(node.props ?? {}).shownChildren?.(search, children.length) ?? children.keys());
    return { ...rendered, children: children.map((child, index) => trim(child, showing.has(index))) };
  };
  const { $schema: _editorSchema, aliases: _servedAlso, ...rendered } = config;
  const widgets = config.widgets.map((node) => trim(node, true));
  for (const name of shown) hidden.delete(name);
  for (const [name, source] of Object.entries(config.data ?? {})) if (source.notFoundWhenMissing) hidden.delete(name);
  const texts = { title: inLanguage(config.title, lang), ...(config.description ? { description: inLanguage(config.description, lang) } : {}) };
  return { config: { ...rendered, ...texts, widgets }, hiddenSources: hidden };
}
