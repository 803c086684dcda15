/** What the dialog host gives every dialog. */
export interface DialogProps {
  /** Why the dialog opened: a gate outcome, or the server message to show. */
  reason?: string;
  /** What it shows, when the opener had it (a promotion, a task result). */
  data?: unknown;
  close: () => void;
}
