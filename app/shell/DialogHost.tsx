import { Suspense, useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $dialog, $toasts, closeDialog } from "~/stores/dialogs";
import { dialogRegistry } from "~/dialogs/registry";

/** The one dialog host of the shell: a native <dialog> showing whichever dialog the store names. */
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

  const Body = dialog ? dialogRegistry[dialog.name] : undefined;
  return (
    <dialog ref={ref} className="dialog" data-dialog={dialog?.name ?? ""} onClose={closeDialog} aria-labelledby="dialog-title">
      {dialog && (
        <>
          <button type="button" className="dialog-close" aria-label={t("dialog.close")} onClick={closeDialog}>
            ×
          </button>
          {Body ? (
            <Suspense fallback={<div className="skeleton" aria-busy="true" />}>
              <Body key={dialog.name} reason={dialog.reason} close={closeDialog} />
            </Suspense>
          ) : (
            <>
              <h2 id="dialog-title">{t("dialog.comingTitle")}</h2>
              <p>{t("dialog.comingText")}</p>
            </>
          )}
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
