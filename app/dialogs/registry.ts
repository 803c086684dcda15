import { lazy, type ComponentType } from "react";
import type { DialogName } from "~/stores/dialogs";
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

export const dialogRegistry = {} as Record<DialogName, ComponentType<DialogProps>>;
for (const name of Object.keys(dialogLoaders) as DialogName[]) dialogRegistry[name] = lazy(dialogLoaders[name]);

/**
 * Fetches every dialog's chunk ahead of use. A module imported once resolves at once the next time, so the lazy
 * dialog asked for later renders without waiting on the network.
 */
export function preloadDialogs(): void {
  for (const load of Object.values(dialogLoaders)) load().catch(() => undefined);
}
