import { lazy } from "react";
import { widgetRegistry, isWidgetType } from "@widgets/registry";
import type { AnyWidgetComponent } from "@widgets/kit/types";
import type { WidgetDataReads } from "~/pipeline/data-reads";

interface WidgetModule {
  default: AnyWidgetComponent;
  /** What the component reads of its data in code (ADR 030); without it the widget's data is sent whole. */
  dataReads?: unknown;
}

const loaded = new Map<string, AnyWidgetComponent>();
const declaredReads = new Map<string, WidgetDataReads>();
const lazyOnes = new Map<string, AnyWidgetComponent>();

/** Loads widget modules ahead of rendering (server before render, browser before a client navigation). */
export async function loadWidgetComponents(types: string[]): Promise<void> {
  await Promise.all(
    types.filter(isWidgetType).map(async (type) => {
      if (loaded.has(type)) return;
      const module: WidgetModule = await widgetRegistry[type].load();
      loaded.set(type, module.default);
      if (module.dataReads) declaredReads.set(type, module.dataReads as WidgetDataReads);
    }),
  );
}

/** The component for a type: the loaded module when ready (no suspension), else a lazy wrapper. */
export function widgetComponent(type: string): AnyWidgetComponent | null {
  if (!isWidgetType(type)) return null;
  const ready = loaded.get(type);
  if (ready) return ready;
  let wrapper = lazyOnes.get(type);
  if (!wrapper) {
    wrapper = lazy<AnyWidgetComponent>(() => widgetRegistry[type].load());
    lazyOnes.set(type, wrapper);
  }
  return wrapper;
}

/** A loaded widget's declaration of what it reads of its data, if it makes one. */
export function widgetDataReads(type: string): WidgetDataReads | undefined {
  return declaredReads.get(type);
}
