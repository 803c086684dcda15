import type { PageConfig } from "@schemas/generated/page-config";
import type { Namespace } from "@contracts/language";
import type { DialogName } from "~/stores/dialogs";
import { isWidgetType, widgetNamespaces } from "@widgets/registry";
import { findBindings } from "~/pipeline/bindings";
import { walkWidgets } from "~/pipeline/widget-tree";
import { SHELL_NAMESPACES } from "./shell-namespaces";

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
}

interface ConfigTexts {
  namespaces: Set<string>;
  bound: Map<string, Set<string>>;
}

const textsByConfig = new WeakMap<PageConfig, ConfigTexts>();

/** One config's widget namespaces and `{t.…}` keys; a loaded config does not change, so the root loader works them out once. */
function configTexts(config: PageConfig): ConfigTexts {
  const known = textsByConfig.get(config);
  if (known) return known;
  const texts: ConfigTexts = { namespaces: new Set(), bound: new Map() };
  walkWidgets(config.widgets, ({ node }) => {
    if (isWidgetType(node.type)) for (const namespace of widgetNamespaces[node.type]) texts.namespaces.add(namespace);
  });
  for (const binding of findBindings(JSON.stringify(config))) {
    const [namespace, ...key] = binding.path;
    if (binding.root !== "t" || !namespace || !key.length) continue;
    if (!texts.bound.has(namespace)) texts.bound.set(namespace, new Set());
    texts.bound.get(namespace)?.add(key.join("."));
  }
  textsByConfig.set(config, texts);
  return texts;
}

export function pageTexts(...configs: PageConfig[]): PageTexts {
  const namespaces = new Set<string>(SHELL_NAMESPACES);
  const bound = new Map<string, Set<string>>();
  for (const config of configs) {
    const texts = configTexts(config);
    for (const namespace of texts.namespaces) namespaces.add(namespace);
    for (const [namespace, keys] of texts.bound) bound.set(namespace, new Set([...(bound.get(namespace) ?? []), ...keys]));
  }
  const bindingKeys: Record<string, string[]> = {};
  for (const [namespace, keys] of bound) if (!namespaces.has(namespace)) bindingKeys[namespace] = [...keys].sort();
  return { namespaces: [...namespaces].sort(), bindingKeys };
}

/** Every namespace a page needs in full, for a client navigation that fetches them (cached files, not key by key). */
export function pageNamespaces(...configs: PageConfig[]): string[] {
  const { namespaces, bindingKeys } = pageTexts(...configs);
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
