import { lazy } from "react";
import { widgetRegistry, isWidgetType } from "@widgets/registry";
import type { AnyWidgetComponent } from "@widgets/kit/types";

const loaded = new Map<string, AnyWidgetComponent>();
const lazyOnes = new Map<string, AnyWidgetComponent>();

/** Loads widget modules ahead of rendering (server before render, browser before a client navigation). */
export async function loadWidgetComponents(types: string[]): Promise<void> {
  await Promise.all(
    types.filter(isWidgetType).map(async (type) => {
      if (loaded.has(type)) return;
      const module: { default: AnyWidgetComponent } = await widgetRegistry[type].load();
      loaded.set(type, module.default);
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
