import type { ReactNode } from "react";
import "./dialogs.css";

/** The tab bar of the login and register dialogs. */
export function TabBar<T extends string>({
  tabs,
  current,
  label,
  onSelect,
}: {
  tabs: { id: T; label: string }[];
  current: T;
  label: string;
  onSelect: (id: T) => void;
}) {
  return (
    <div className="dialog-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === current}
          className={tab.id === current ? "dialog-tab active" : "dialog-tab"}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}
