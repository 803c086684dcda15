import { atom } from "nanostores";

/** The shell's dialogs (spec §2); one host renders whichever is open. */
export type DialogName =
  | "login"
  | "register"
  | "registerResult"
  | "bindPhone"
  | "helpTip"
  | "loginLock"
  | "loginError"
  | "firstVisit"
  | "vipAddress"
  | "feedback"
  | "onePicture"
  | "verify"
  | "taskToast";

export interface OpenDialog {
  name: DialogName;
  /** Why it opened, e.g. the gate outcome or the server message to show. */
  reason?: string;
  /** What the dialog shows, when the caller has it: a promotion payload, a task result. */
  data?: unknown;
}

export const $dialog = atom<OpenDialog | null>(null);

export function openDialog(name: DialogName, reason?: string, data?: unknown): void {
  $dialog.set({ name, reason, data });
}

export function closeDialog(): void {
  $dialog.set(null);
}

export interface Toast {
  id: number;
  tone: "info" | "error" | "success";
  text: string;
}

export const $toasts = atom<Toast[]>([]);
let toastId = 0;

export function showToast(text: string, tone: Toast["tone"] = "info", durationMs = 3000): void {
  const id = ++toastId;
  $toasts.set([...$toasts.get(), { id, tone, text }]);
  setTimeout(() => $toasts.set($toasts.get().filter((toast) => toast.id !== id)), durationMs);
}
