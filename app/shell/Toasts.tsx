import { useStore } from "@nanostores/react";
import { $toasts } from "~/stores/dialogs";

/** Short notices of the shell, announced politely; rendered by the server too, so the live region exists from the start. */
export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
