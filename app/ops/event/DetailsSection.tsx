import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OpsEvent, OpsEventDetails } from "@contracts/ops-event";
import { BeijingDateTime } from "~/ops/editor/fields";

const PAIRS = [
  ["title", "titleEn"],
  ["venue", "venueEn"],
  ["city", "cityEn"],
] as const;

/** The event itself: its name, dates in Beijing time and place, in Chinese and English. */
export function DetailsSection({
  event,
  canChange,
  saving,
  onSave,
  children,
}: {
  event: OpsEvent["event"];
  canChange: boolean;
  saving: boolean;
  onSave: (value: OpsEventDetails) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation("opsEditor");
  const [draft, setDraft] = useState<OpsEventDetails>(() => {
    const { id: _id, kind: _kind, ...details } = event;
    return details;
  });
  const set = (change: Partial<OpsEventDetails>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <fieldset className="ops-event-part" disabled={!canChange}>
      <legend>{t("event.details.heading")}</legend>
      <div className="ops-event-grid">
        {PAIRS.flat().map((field) => (
          <div key={field} className="ops-field">
            <label htmlFor={`ops-event-${field}`} className="ops-label">
              {t(`event.details.${field}`)}
            </label>
            <input id={`ops-event-${field}`} value={draft[field]} onChange={(change) => set({ [field]: change.target.value })} />
          </div>
        ))}
        {(["startsAt", "endsAt"] as const).map((field) => (
          <div key={field} className="ops-field">
            <label htmlFor={`ops-event-${field}`} className="ops-label">
              {t(`event.details.${field}`)}
            </label>
            <BeijingDateTime id={`ops-event-${field}`} value={draft[field] ?? ""} onChange={(value) => set({ [field]: value ?? null })} />
          </div>
        ))}
      </div>
      {children}
      <button type="button" className="ops-button ops-primary" disabled={saving} onClick={() => void onSave(draft)}>
        {t("event.details.save")}
      </button>
    </fieldset>
  );
}
