import { type RefObject, Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $dialog, closeDialog, type OpenDialog } from "~/stores/dialogs";
import { dialogRegistry } from "~/dialogs/registry";

/**
 * Opens the <dialog> once its body has rendered: it commits with the body, never while the body's chunk or texts
 * are still loading. A dialog opened with a skeleton was centred around it and moved when the body arrived, a layout
 * shift Lighthouse counted against /home's first-visit promotion (nobody clicked, so it is not excused as a response).
 */
function ShowWhenRendered({ dialog, entry, shown }: { dialog: RefObject<HTMLDialogElement | null>; entry: OpenDialog; shown: RefObject<OpenDialog | null> }) {
  useLayoutEffect(() => {
    shown.current = entry;
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  });
  return null;
}

/**
 * The one dialog host of the shell: a native <dialog> showing whichever dialog the store names. It is one of the
 * deferred shell parts (with the dialog registry and its chunk map, off every page's first load): a dialog asked for
 * before they arrive stays in the store and opens as soon as the host mounts.
 */
export function DialogHost() {
  const { t } = useTranslation("common");
  const dialog = useStore($dialog);
  const ref = useRef<HTMLDialogElement>(null);
  const shown = useRef<OpenDialog | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!dialog && element.open) element.close();
  }, [dialog]);

  const Body = dialog ? dialogRegistry[dialog.name] : null;
  // The close event arrives a task after close(): by then another dialog may have opened in the same element, which
  // must stay, even while its body is still loading and the element closed (the task toast after binding a phone was
  // lost so). Only the dialog that was showing, still named by the store (Escape), is cleared.
  const onClose = () => {
    if (!ref.current?.open && $dialog.get() === shown.current) closeDialog();
  };
  return (
    <dialog ref={ref} className="dialog" data-dialog={dialog?.name ?? ""} onClose={onClose} aria-labelledby="dialog-title">
      {dialog && Body && (
        <>
          <button type="button" className="dialog-close" aria-label={t("dialog.close")} onClick={closeDialog}>
            ×
          </button>
          <Suspense fallback={<div className="skeleton" aria-busy="true" />}>
            <Body key={dialog.name} reason={dialog.reason} data={dialog.data} close={closeDialog} />
            <ShowWhenRendered dialog={ref} entry={dialog} shown={shown} />
          </Suspense>
        </>
      )}
    </dialog>
  );
}
