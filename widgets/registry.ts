import type { WidgetDefinition } from "./kit/types";

/** type → folder and lazy component. Each folder also holds props.schema.json, composed into the page-config schema. */
export const widgetRegistry = {
  actionBar: { folder: "action-bar", load: () => import("./action-bar/component") },
  agenda: { folder: "agenda", load: () => import("./agenda/component") },
  bannerCarousel: { folder: "banner-carousel", load: () => import("./banner-carousel/component") },
  contentList: { folder: "content-list", load: () => import("./content-list/component") },
  countdown: { folder: "countdown", load: () => import("./countdown/component") },
  detailHeader: { folder: "detail-header", load: () => import("./detail-header/component") },
  emptyState: { folder: "empty-state", load: () => import("./empty-state/component") },
  errorState: { folder: "error-state", load: () => import("./error-state/component") },
  eventGuests: { folder: "event-guests", load: () => import("./event-guests/component") },
  eventHero: { folder: "event-hero", load: () => import("./event-hero/component") },
  filterChips: { folder: "filter-chips", load: () => import("./filter-chips/component") },
  guestList: { folder: "guest-list", load: () => import("./guest-list/component") },
  hero: { folder: "hero", load: () => import("./hero/component") },
  linkGrid: { folder: "link-grid", load: () => import("./link-grid/component") },
  liveChat: { folder: "live-chat", load: () => import("./live-chat/component") },
  liveList: { folder: "live-list", load: () => import("./live-list/component") },
  livePlayer: { folder: "live-player", load: () => import("./live-player/component") },
  richText: { folder: "rich-text", load: () => import("./rich-text/component") },
  scholarList: { folder: "scholar-list", load: () => import("./scholar-list/component") },
  scholarProfile: { folder: "scholar-profile", load: () => import("./scholar-profile/component") },
  searchBar: { folder: "search-bar", load: () => import("./search-bar/component") },
  seatMap: { folder: "seat-map", load: () => import("./seat-map/component") },
  signUpForm: { folder: "sign-up-form", load: () => import("./sign-up-form/component") },
  sponsorGrid: { folder: "sponsor-grid", load: () => import("./sponsor-grid/component") },
  tabs: { folder: "tabs", load: () => import("./tabs/component") },
  videoComments: { folder: "video-comments", load: () => import("./video-comments/component") },
  videoPlayer: { folder: "video-player", load: () => import("./video-player/component") },
  menuList: { folder: "menu-list", load: () => import("./menu-list/component") },
  passwordForm: { folder: "password-form", load: () => import("./password-form/component") },
  profileCard: { folder: "profile-card", load: () => import("./profile-card/component") },
  profileEditor: { folder: "profile-editor", load: () => import("./profile-editor/component") },
  registerForm: { folder: "register-form", load: () => import("./register-form/component") },
  resultPanel: { folder: "result-panel", load: () => import("./result-panel/component") },
  scholarVerification: { folder: "scholar-verification", load: () => import("./scholar-verification/component") },
  settingsActions: { folder: "settings-actions", load: () => import("./settings-actions/component") },
} satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof widgetRegistry;

export function isWidgetType(type: string): type is WidgetType {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, type);
}
