import type { PageConfig } from "@schemas/generated/page-config";
import type { Namespace } from "@contracts/language";
import type { DialogName } from "~/stores/dialogs";
import { isWidgetType, widgetNamespaces } from "@widgets/registry";
import { findBindings } from "~/pipeline/bindings";
import { walkWidgets } from "~/pipeline/widget-tree";
import { DEFERRED_SHELL_NAMESPACES, SHELL_NAMESPACES } from "./shell-namespaces";

/**
 * Which catalogue namespaces each part of a page looks texts up in, so the root loader sends a page only those
 * (ADR 028). Each widget's are generated into widgets/registry.ts from its source (npm run gen:types);
 * tests/unit/page-namespaces.test.ts reads every module the shell and each dialog import and fails when one uses a
 * namespace it does not declare here (the shell's in ./shell-namespaces.ts), or declares one it no longer uses.
 */

/** Each dialog's module; the dialog registry loads them with its code, before it renders. */
export const DIALOG_NAMESPACES: Record<DialogName, readonly Namespace[]> = {
  login: ["common", "password", "verify"],
  register: ["common", "password", "verify"],
  registerResult: ["common", "verify"],
  bindPhone: ["common", "password", "verify"],
  helpTip: ["common", "verify"],
  loginLock: ["common", "verify"],
  loginError: ["common", "verify"],
  feedback: ["common", "verify"],
  verify: ["common", "verify"],
  taskToast: ["common", "verify"],
  firstVisit: ["common", "verify"],
  onePicture: ["common", "verify"],
  vipAddress: ["common", "verify"],
};

type Texts = Record<string, unknown>;

/**
 * What a page shows texts from: whole namespaces for the shell and its widgets, and for a namespace only its
 * `{t.ns.key}` bindings name, just those keys (a page config names a few labels of a namespace, not all of it).
 */
export interface PageTexts {
  namespaces: string[];
  bindingKeys: Record<string, string[]>;
  /** Namespaces every widget of the page uses only in part (ADR 100): the groups and bound keys it needs. */
  trimmedKeys: Record<string, string[]>;
}

/** Per widget type, the top-level key groups of the namespaces it needs only in part (generated; see ADR 100). */
export type TextGroups = Partial<Record<string, Partial<Record<string, readonly string[]>>>>;

interface ConfigTexts {
  namespaces: Set<string>;
  bound: Map<string, Set<string>>;
  /** Namespaces the config's widgets use only in part, with the groups they name. */
  groups: Map<string, Set<string>>;
}

/**
 * Namespaces always sent whole: the shell's and its deferred parts', and the dialogs' (a dialog is opened over any
 * page and renders with what the translator holds).
 */
const NEVER_TRIMMED = new Set<string>([...SHELL_NAMESPACES, ...DEFERRED_SHELL_NAMESPACES, ...Object.values(DIALOG_NAMESPACES).flat()]);

const textsByConfig = new WeakMap<TextGroups, WeakMap<PageConfig, ConfigTexts>>();
const NO_GROUPS: TextGroups = {};

/**
 * One config's widget namespaces and `{t.…}` keys; a loaded config does not change, so the root loader works them out
 * once. A namespace goes to `groups` while every widget using it names only some of its groups.
 */
function configTexts(config: PageConfig, textGroups: TextGroups): ConfigTexts {
  const cache = textsByConfig.get(textGroups) ?? new WeakMap<PageConfig, ConfigTexts>();
  textsByConfig.set(textGroups, cache);
  const known = cache.get(config);
  if (known) return known;
  const texts: ConfigTexts = { namespaces: new Set(), bound: new Map(), groups: new Map() };
  const whole = new Set<string>();
  walkWidgets(config.widgets, ({ node }) => {
    if (!isWidgetType(node.type)) return;
    for (const namespace of widgetNamespaces[node.type]) {
      const groups = NEVER_TRIMMED.has(namespace) ? undefined : textGroups[node.type]?.[namespace];
      if (!groups) whole.add(namespace);
      else texts.groups.set(namespace, new Set([...(texts.groups.get(namespace) ?? []), ...groups]));
    }
  });
  for (const namespace of whole) {
    texts.namespaces.add(namespace);
    texts.groups.delete(namespace);
  }
  for (const binding of findBindings(JSON.stringify(config))) {
    const [namespace, ...key] = binding.path;
    if (binding.root !== "t" || !namespace || !key.length) continue;
    if (!texts.bound.has(namespace)) texts.bound.set(namespace, new Set());
    texts.bound.get(namespace)?.add(key.join("."));
  }
  cache.set(config, texts);
  return texts;
}

/**
 * The texts the configs' pages show. With `textGroups` (the server's root loader), a namespace every widget uses only
 * in part is trimmed to those groups and the bound keys; without, every widget's namespace is whole.
 */
export function pageTexts(configs: readonly PageConfig[], textGroups: TextGroups = NO_GROUPS): PageTexts {
  const namespaces = new Set<string>(SHELL_NAMESPACES);
  const bound = new Map<string, Set<string>>();
  const groups = new Map<string, Set<string>>();
  const add = (into: Map<string, Set<string>>, namespace: string, keys: Iterable<string>) =>
    into.set(namespace, new Set([...(into.get(namespace) ?? []), ...keys]));
  for (const config of configs) {
    const texts = configTexts(config, textGroups);
    for (const namespace of texts.namespaces) namespaces.add(namespace);
    for (const [namespace, keys] of texts.bound) add(bound, namespace, keys);
    for (const [namespace, keys] of texts.groups) add(groups, namespace, keys);
  }
  const trimmedKeys: Record<string, string[]> = {};
  for (const [namespace, keys] of groups) if (!namespaces.has(namespace)) trimmedKeys[namespace] = [...keys, ...(bound.get(namespace) ?? [])].sort();
  const bindingKeys: Record<string, string[]> = {};
  for (const [namespace, keys] of bound) if (!namespaces.has(namespace) && !groups.has(namespace)) bindingKeys[namespace] = [...keys].sort();
  return { namespaces: [...namespaces].sort(), bindingKeys, trimmedKeys };
}

/** Every namespace a page needs in full, for a client navigation that fetches them (cached files, not key by key). */
export function pageNamespaces(...configs: PageConfig[]): string[] {
  const { namespaces, bindingKeys } = pageTexts(configs);
  return [...new Set([...namespaces, ...Object.keys(bindingKeys)])].sort();
}

/** The texts of a catalogue at the given dotted paths, nested as in the catalogue. */
export function pickTexts(catalogue: Texts, paths: readonly string[]): Texts {
  const picked: Texts = {};
  for (const path of paths) {
    const parts = path.split(".");
    let from: unknown = catalogue;
    for (const part of parts) from = from && typeof from === "object" ? (from as Texts)[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) {
      if (!into[part] || typeof into[part] !== "object") into[part] = {};
      into = into[part] as Texts;
    }
    into[parts[parts.length - 1]] = from;
  }
  return picked;
}
