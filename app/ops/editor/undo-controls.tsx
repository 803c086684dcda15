import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Direction = "undo" | "redo";

/** The direction a key press asks for: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo; null for any other key. */
export function undoKeyOf(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): Direction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "y") return "redo";
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  return null;
}

/** Undo and redo from the keyboard anywhere in the editor, the form's fields included (their own undo is the editor's). */
export function useUndoKeys(step: (direction: Direction) => void) {
  const latest = useRef(step);
  latest.current = step;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const direction = undoKeyOf(event);
      if (!direction) return;
      event.preventDefault();
      latest.current(direction);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** Whether the window is wide enough (1280 px) for the preview beside the form. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 1280px)");
    setWide(query.matches);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return wide;
}

export function UndoButtons({ canUndo, canRedo, onStep }: { canUndo: boolean; canRedo: boolean; onStep: (direction: Direction) => void }) {
  const { t } = useTranslation("opsEditor");
  return (
    <div className="ops-undo" role="group" aria-label={`${t("history.undo")} / ${t("history.redo")}`}>
      <button type="button" className="ops-button" disabled={!canUndo} title={t("history.undoHint")} onClick={() => onStep("undo")}>
        {t("history.undo")}
      </button>
      <button type="button" className="ops-button" disabled={!canRedo} title={t("history.redoHint")} onClick={() => onStep("redo")}>
        {t("history.redo")}
      </button>
    </div>
  );
}
