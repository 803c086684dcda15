import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { $toasts } from "~/stores/dialogs";

/**
 * Short notices of the shell, announced politely; rendered by the server too, so the live region exists from the start.
 * While a notice shows, the region is a manual popover raised to the top layer, so a notice about an open dialog
 * ("账号或密码错误") sits above the dialog's backdrop instead of under it (ADR 059).
 */
export function Toasts() {
  const toasts = useStore($toasts);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== "function") return;
    if (element.matches(":popover-open")) element.hidePopover();
    // Shown again on every change, so it stands above a dialog opened since.
    if (toasts.length > 0) element.showPopover();
  }, [toasts]);

  return (
    <div ref={region} className="toasts" role="status" aria-live="polite" popover="manual">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
