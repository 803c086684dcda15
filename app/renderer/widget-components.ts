import { lazy } from "react";
import type { AnyWidgetComponent } from "@widgets/kit/types";
import type { WidgetDataReads } from "~/pipeline/data-reads";
import type { WidgetModule } from "./widget-loaders";

const loaded = new Map<string, AnyWidgetComponent>();
const declaredReads = new Map<string, WidgetDataReads>();
const lazyOnes = new Map<string, AnyWidgetComponent>();
/** Types the registry was asked for and does not know (a config the checks reject): rendered as nothing. */
const unknownTypes = new Set<string>();

/**
 * Records a widget's module once it has run. In the browser build every widget module calls this itself when its chunk
 * is evaluated (browserWidgetModules in vite.chunks.ts), so the first page's widgets are found
 * without the registry of every widget's chunk; loadWidgetComponents does it for the rest.
 */
export function registerWidgetModule(type: string, module: WidgetModule): void {
  loaded.set(type, module.default);
  // The server's modules only: the browser build leaves `dataReads` out (browserWidgetModules).
  if (module.dataReads) declaredReads.set(type, module.dataReads as WidgetDataReads);
}

/**
 * Loads widget modules ahead of rendering (server before render, browser before hydration and before a client
 * navigation). The registry with every widget's chunk and its preload list is a lazy chunk, fetched only for a type
 * not registered yet.
 */
export async function loadWidgetComponents(types: string[]): Promise<void> {
  const missing = types.filter((type) => !loaded.has(type) && !unknownTypes.has(type));
  if (!missing.length) return;
  const { loadWidgetModules } = await import("./widget-loaders");
  for (const [type, module] of await loadWidgetModules(missing)) registerWidgetModule(type, module);
  for (const type of missing) if (!loaded.has(type)) unknownTypes.add(type);
}

/** Whether every one of these types' modules has run (or is known not to exist): rendering them suspends nothing. */
export function widgetsLoaded(types: readonly string[]): boolean {
  return types.every((type) => loaded.has(type) || unknownTypes.has(type));
}

/** Renders nothing, as the server does for a type no widget folder defines. */
const unknownWidget: AnyWidgetComponent = () => null;

/** The component for a type: the loaded module when ready (no suspension), else a lazy wrapper; null for an unknown type. */
export function widgetComponent(type: string): AnyWidgetComponent | null {
  if (unknownTypes.has(type)) return null;
  const ready = loaded.get(type);
  if (ready) return ready;
  let wrapper = lazyOnes.get(type);
  if (!wrapper) {
    wrapper = lazy<AnyWidgetComponent>(async () => {
      await loadWidgetComponents([type]);
      return { default: loaded.get(type) ?? unknownWidget };
    });
    lazyOnes.set(type, wrapper);
  }
  return wrapper;
}

/** A loaded widget's declaration of what it reads of its data, if it makes one. */
export function widgetDataReads(type: string): WidgetDataReads | undefined {
  return declaredReads.get(type);
}
