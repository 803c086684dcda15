import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChangeList } from "./ChangeList";
import type { SectionChange } from "./sections";

interface Props {
  path: string;
  liveVersion: number | null;
  changes: SectionChange[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** The last look before a publish: what goes live, by section, against the live version. Escape or Cancel closes it. */
export function PublishDialog({ path, liveVersion, changes, onConfirm, onCancel }: Props) {
  const { t } = useTranslation("opsEditor");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="ops-dialog" aria-labelledby="ops-publish-title" onCancel={onCancel}>
      <h2 id="ops-publish-title">{t("publish.confirmTitle", { path })}</h2>
      {liveVersion === null ? <p>{t("publish.confirmFirst")}</p> : <p>{t("publish.confirmIntro", { count: changes.length, version: liveVersion })}</p>}
      <ChangeList changes={changes} />
      <div className="ops-dialog-actions">
        <button type="button" className="ops-button" onClick={onCancel}>
          {t("publish.cancel")}
        </button>
        <button type="button" className="ops-button ops-primary" onClick={onConfirm}>
          {t("publish.confirm")}
        </button>
      </div>
    </dialog>
  );
}
