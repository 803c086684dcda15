import "./confirm-box.css";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmBoxProps {
  /** The dialog's name: the action asked about (删除评论, 屏蔽此人). */
  label: string;
  question: string;
  /** The action's button; the label when not given. */
  yes?: string;
  /** The way out; 取消 / Cancel when not given. */
  no?: string;
  /** While the action runs: its button waits. */
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/**
 * "Ask before doing what cannot be undone" (deleting, blocking), shown in place under what it concerns. An accessible
 * alert dialog: the question is its description, focus moves to the way out (a stray Enter cancels), Escape cancels,
 * and closing gives focus back to the control that opened it — or, when that control went away while asking (a menu
 * item), to the first control of the item it was in.
 */
export function ConfirmBox({ label, question, yes, no, busy = false, onYes, onNo }: ConfirmBoxProps) {
  const { t } = useTranslation("common");
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const home = opener?.closest("li, article, section, form, header");
    cancel.current?.focus();
    return () => {
      const target = opener?.isConnected ? opener : home?.querySelector<HTMLElement>("button:not(:disabled), a[href]");
      target?.focus();
    };
  }, []);

  return (
    <div
      className="confirm-box"
      role="alertdialog"
      aria-label={label}
      aria-describedby={questionId}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onNo();
      }}
    >
      <p id={questionId}>{question}</p>
      <div className="confirm-box-actions">
        <button ref={cancel} type="button" className="button confirm-box-no" onClick={onNo}>
          {no ?? t("actions.cancel")}
        </button>
        <button type="button" className="button confirm-box-yes" disabled={busy} onClick={onYes}>
          {yes ?? label}
        </button>
      </div>
    </div>
  );
}
