import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $dialog, $toasts, closeDialog } from "~/stores/dialogs";

/**
 * The one dialog host of the shell. The login dialog here states what the gate requires; the account issue
 * replaces its body with the real forms. Dialogs not built yet say so plainly instead of opening nothing.
 */
export function DialogHost() {
  const { t } = useTranslation("common");
  const dialog = useStore($dialog);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (dialog && !element.open) element.showModal();
    if (!dialog && element.open) element.close();
  }, [dialog]);

  const isLogin = dialog?.name === "login";
  return (
    <dialog ref={ref} className="dialog" data-dialog={dialog?.name ?? ""} onClose={closeDialog} aria-labelledby="dialog-title">
      {dialog && (
        <>
          <h2 id="dialog-title">{isLogin ? t("dialog.loginTitle") : t("dialog.comingTitle")}</h2>
          <p>{isLogin ? t("dialog.loginText") : t("dialog.comingText")}</p>
          <button type="button" className="button" onClick={closeDialog}>
            {t("dialog.close")}
          </button>
        </>
      )}
    </dialog>
  );
}

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
