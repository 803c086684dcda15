import type { PageConfig } from "@schemas/generated/page-config";
import type { Namespace } from "@contracts/language";
import type { DialogName } from "~/stores/dialogs";
import { isWidgetType, type WidgetType } from "@widgets/registry";
import { findBindings } from "~/pipeline/bindings";
import { walkWidgets } from "~/pipeline/widget-tree";

/**
 * Which catalogue namespaces each part of a page looks texts up in, so the root loader sends a page only those
 * (ADR 028). tests/unit/page-namespaces.test.ts reads every module each part imports and fails when a part uses a
 * namespace it does not declare here, or declares one it no longer uses.
 */

/** The root, the shell around every page (its deferred parts included) and the page route itself. */
export const SHELL_NAMESPACES: readonly Namespace[] = ["common", "audio"];

/** Each widget with everything it imports; a new widget fails to type-check until it is declared. */
export const WIDGET_NAMESPACES: Record<WidgetType, readonly Namespace[]> = {
  actionBar: ["common"],
  addressForm: ["common", "order", "password", "verify"],
  addressList: ["common", "order"],
  agenda: ["spec"],
  appDownload: ["common"],
  audioBook: ["audio", "common"],
  audioPlayer: ["audio"],
  bannerCarousel: [],
  blackList: ["circle", "common", "personCenter"],
  bookUnlock: ["audio", "common"],
  bookVoucher: ["audio", "common"],
  circleComposer: ["circle", "common"],
  circleDetail: ["circle", "common"],
  circleFeed: ["circle", "common"],
  codeRedeem: ["common", "password", "points", "verify"],
  collectList: ["common", "order"],
  comments: ["circle", "common", "password", "verify"],
  contentList: ["common"],
  contestHome: ["common", "vote"],
  contestWinners: ["common", "vote"],
  countdown: ["common"],
  couponList: ["common", "order"],
  detailHeader: [],
  emptyState: ["common"],
  errorState: [],
  essayArticle: ["common", "essay"],
  essayEditor: ["common", "essay"],
  essayWrite: ["essay"],
  eventGuests: ["spec"],
  eventHero: [],
  exchangeConfirm: ["order", "points"],
  exchangeDetail: ["points"],
  filterChips: [],
  functionGuide: ["points"],
  giftCards: ["common", "points"],
  giftReceive: ["common", "points"],
  guestList: ["live"],
  helpCoupon: ["common", "order"],
  hero: [],
  lessonView: ["order"],
  linkGrid: [],
  liveChat: ["common", "liveRoom"],
  liveList: ["common", "live"],
  livePlayer: ["common", "live"],
  luckyDraw: ["common", "draw"],
  memberCenter: ["points"],
  menuList: [],
  orderConfirm: ["common", "order"],
  orderDetail: ["common", "order"],
  orderList: ["common", "order"],
  passwordForm: ["common", "password", "verify"],
  payStatus: ["order"],
  pointGoods: ["points"],
  pointGoodsDetail: ["points"],
  prizeList: ["common", "draw", "order"],
  productDetail: ["order"],
  profileCard: ["personCenter"],
  profileEditor: ["circle", "common", "password", "personCenter", "verify"],
  qaEditor: ["common", "qa"],
  qaThread: ["common", "qa"],
  registerForm: ["common", "password", "verify"],
  resultPanel: ["common"],
  richText: [],
  scholarList: ["common", "person"],
  scholarProfile: ["common", "person"],
  scholarVerification: ["common", "password", "verify"],
  searchBar: ["home"],
  seatMap: ["common", "spec"],
  settingsActions: ["common", "personCenter"],
  signinCard: ["common", "points"],
  signUpForm: ["common", "password", "spec", "verify"],
  sponsorGrid: ["spec"],
  tabs: [],
  taskList: ["points"],
  taskStep: ["common"],
  userHome: ["common", "personCenter"],
  videoComments: ["common", "password", "verify", "video"],
  videoPlayer: ["video"],
  voteBoard: ["common", "vote"],
  voteEntry: ["common", "vote"],
};

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

/** The widget types of the configs and the namespaces their `{t.ns.key}` bindings name, in no particular order. */
function configNamespaces(config: PageConfig, into: Set<string>): void {
  walkWidgets(config.widgets, ({ node }) => {
    if (isWidgetType(node.type)) for (const namespace of WIDGET_NAMESPACES[node.type]) into.add(namespace);
  });
  for (const binding of findBindings(JSON.stringify(config))) if (binding.root === "t" && binding.path[0]) into.add(binding.path[0]);
}

/** Everything a page shows texts from: the shell's namespaces and those of each config it may render. */
export function pageNamespaces(...configs: PageConfig[]): string[] {
  const namespaces = new Set<string>(SHELL_NAMESPACES);
  for (const config of configs) configNamespaces(config, namespaces);
  return [...namespaces].sort();
}

/** The namespaces of widgets a client navigation is about to render, for the page route's clientLoader. */
export function widgetNamespaces(widgetTypes: readonly string[]): string[] {
  const namespaces = new Set<string>(SHELL_NAMESPACES);
  for (const type of widgetTypes) if (isWidgetType(type)) for (const namespace of WIDGET_NAMESPACES[type]) namespaces.add(namespace);
  return [...namespaces].sort();
}
