import { lazy, type ComponentType } from "react";
import type { DialogName } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";

/** Each dialog is its own chunk: pages ship no form code until a dialog opens. */
export const dialogRegistry: Record<DialogName, ComponentType<DialogProps>> = {
  login: lazy(() => import("./LoginDialog")),
  register: lazy(() => import("./RegisterDialog")),
  registerResult: lazy(() => import("./RegisterResultDialog")),
  bindPhone: lazy(() => import("./BindPhoneDialog")),
  helpTip: lazy(() => import("./NoticeDialogs").then((module) => ({ default: module.HelpTipDialog }))),
  loginLock: lazy(() => import("./NoticeDialogs").then((module) => ({ default: module.LoginLockDialog }))),
  loginError: lazy(() => import("./NoticeDialogs").then((module) => ({ default: module.LoginErrorDialog }))),
  feedback: lazy(() => import("./FeedbackDialog")),
  verify: lazy(() => import("./VerifyDialog")),
  taskToast: lazy(() => import("./ActivityDialogs").then((module) => ({ default: module.TaskToastDialog }))),
  firstVisit: lazy(() => import("./ActivityDialogs").then((module) => ({ default: module.PromotionDialog }))),
  onePicture: lazy(() => import("./ActivityDialogs").then((module) => ({ default: module.PromotionDialog }))),
  vipAddress: lazy(() => import("./ActivityDialogs").then((module) => ({ default: module.VipAddressDialog }))),
};
