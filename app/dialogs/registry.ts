import type { ComponentType } from "react";
import type { DialogName } from "~/stores/dialogs";

export interface DialogProps {
  /** Why the dialog opened: a gate outcome, or the server message to show. */
  reason?: string;
  close: () => void;
}

/** Each dialog is its own chunk: pages ship no form code until a dialog opens. */
export const dialogRegistry: Partial<Record<DialogName, ComponentType<DialogProps>>> = {};
