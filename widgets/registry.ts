import type { WidgetDefinition } from "./types";

/** type → folder and lazy component. Each folder also holds props.schema.json, composed into the page-config schema. */
export const widgetRegistry = {
  bannerCarousel: { folder: "banner-carousel", load: () => import("./banner-carousel/component") },
  contentList: { folder: "content-list", load: () => import("./content-list/component") },
  countdown: { folder: "countdown", load: () => import("./countdown/component") },
  emptyState: { folder: "empty-state", load: () => import("./empty-state/component") },
  errorState: { folder: "error-state", load: () => import("./error-state/component") },
  hero: { folder: "hero", load: () => import("./hero/component") },
  linkGrid: { folder: "link-grid", load: () => import("./link-grid/component") },
  richText: { folder: "rich-text", load: () => import("./rich-text/component") },
  tabs: { folder: "tabs", load: () => import("./tabs/component") },
} satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof widgetRegistry;

export function isWidgetType(type: string): type is WidgetType {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, type);
}
