import { createElement, lazy, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { DialogName } from "~/stores/dialogs";
import { DIALOG_NAMESPACES } from "~/i18n/page-namespaces";
import { loadNamespaces } from "~/i18n/browser-i18n";
import type { DialogProps } from "./dialog-props";

type DialogModule = Promise<{ default: ComponentType<DialogProps> }>;

/** Each dialog is its own chunk: pages ship no form code until the shell preloads them (idle) or a dialog opens. */
const dialogLoaders: Record<DialogName, () => DialogModule> = {
  login: () => import("./LoginDialog"),
  register: () => import("./RegisterDialog"),
  registerResult: () => import("./RegisterResultDialog"),
  bindPhone: () => import("./BindPhoneDialog"),
  helpTip: () => import("./NoticeDialogs").then((module) => ({ default: module.HelpTipDialog })),
  loginLock: () => import("./NoticeDialogs").then((module) => ({ default: module.LoginLockDialog })),
  loginError: () => import("./NoticeDialogs").then((module) => ({ default: module.LoginErrorDialog })),
  feedback: () => import("./FeedbackDialog"),
  verify: () => import("./VerifyDialog"),
  taskToast: () => import("./ActivityDialogs").then((module) => ({ default: module.TaskToastDialog })),
  firstVisit: () => import("./ActivityDialogs").then((module) => ({ default: module.PromotionDialog })),
  onePicture: () => import("./ActivityDialogs").then((module) => ({ default: module.PromotionDialog })),
  vipAddress: () => import("./ActivityDialogs").then((module) => ({ default: module.VipAddressDialog })),
};

const dialogBodies = {} as Record<DialogName, ComponentType<DialogProps>>;
for (const name of Object.keys(dialogLoaders) as DialogName[]) dialogBodies[name] = lazy(dialogLoaders[name]);

/**
 * A dialog renders once its code and its namespaces of the current language are in: the lazy body waits for the
 * chunk, and useTranslation suspends (inside the dialog host's Suspense) until the translator has fetched the
 * namespaces, again after a language switch. No dialog ever shows a key.
 */
function DialogWithTexts({ dialogName, ...props }: DialogProps & { dialogName: DialogName }) {
  useTranslation(DIALOG_NAMESPACES[dialogName]);
  return createElement(dialogBodies[dialogName], props);
}

export const dialogRegistry = {} as Record<DialogName, ComponentType<DialogProps>>;
for (const name of Object.keys(dialogLoaders) as DialogName[]) {
  dialogRegistry[name] = (props: DialogProps) => createElement(DialogWithTexts, { ...props, dialogName: name });
}

/**
 * Fetches every dialog's chunk and namespaces ahead of use. A module imported once resolves at once the next time,
 * so the dialog asked for later renders without waiting on the network.
 */
export function preloadDialogs(): void {
  for (const load of Object.values(dialogLoaders)) load().catch(() => undefined);
  loadNamespaces([...new Set(Object.values(DIALOG_NAMESPACES).flat())]).catch(() => undefined);
}
