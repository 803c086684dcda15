import { isWidgetType, widgetRegistry } from "@widgets/registry";
import type { AnyWidgetComponent } from "@widgets/kit/types";

export interface WidgetModule {
  default: AnyWidgetComponent;
  /** What the component reads of its data in code (ADR 030); without it the widget's data is sent whole. */
  dataReads?: unknown;
}

/**
 * The given widget types' modules, imported through the registry (with Vite's preload of their chunks and styles).
 * A lazy chunk of its own: the first page's widgets register themselves (widget-components.ts), so only a client
 * navigation, or a type the first page did not preload, needs the list of every widget's chunk.
 */
export async function loadWidgetModules(types: string[]): Promise<[string, WidgetModule][]> {
  return Promise.all(types.filter(isWidgetType).map(async (type): Promise<[string, WidgetModule]> => [type, await widgetRegistry[type].load()]));
}
