import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OpsEvent, OpsEventSignUp } from "@contracts/ops-event";
import { BeijingDateTime } from "~/ops/editor/fields";

type SignUpDraft = Omit<OpsEventSignUp, "enrollCount">;

const OPTIONAL_FIELDS = ["position", "email"] as const;

function draftOf(event: OpsEvent): SignUpDraft {
  const { enrollCount: _count, ...rest } = event.signUp ?? {
    opensAt: null,
    closesAt: null,
    capacity: null,
    form: "specialSignUp" as const,
    requiredFields: [],
    agreement: "",
    agreementEn: "",
    enrollCount: 0,
  };
  return rest;
}

/** The sign-up: how people sign up, what they must fill in, the agreement, the window in Beijing time and the seats. */
export function SignUpSection({
  event,
  canChange,
  saving,
  onSave,
  children,
}: {
  event: OpsEvent;
  canChange: boolean;
  saving: boolean;
  onSave: (value: SignUpDraft) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation("opsEditor");
  const [draft, setDraft] = useState<SignUpDraft>(() => draftOf(event));
  const set = (change: Partial<SignUpDraft>) => setDraft((current) => ({ ...current, ...change }));
  // Checked as it is typed, before any save: the platform checks again (and against the event's dates).
  const windowOutOfOrder = Boolean(draft.opensAt && draft.closesAt && Date.parse(draft.closesAt) <= Date.parse(draft.opensAt));
  const toggle = (field: (typeof OPTIONAL_FIELDS)[number], on: boolean) =>
    set({ requiredFields: OPTIONAL_FIELDS.filter((name) => (name === field ? on : draft.requiredFields.includes(name))) });
  return (
    <fieldset className="ops-event-part" disabled={!canChange}>
      <legend>{t("event.signUp.title")}</legend>
      <p className="ops-muted">{event.signUp ? t("event.signUp.enrolled", { count: event.signUp.enrollCount }) : t("event.signUp.none")}</p>
      <div className="ops-event-grid">
        <div className="ops-field">
          <span className="ops-label">{t("event.signUp.form")}</span>
          {(["specialSignUp", "specialEnroll"] as const).map((form) => (
            <label key={form} className="ops-choice">
              <input type="radio" name="ops-signup-form" checked={draft.form === form} onChange={() => set({ form })} /> {t(`event.signUp.forms.${form}`)}
            </label>
          ))}
        </div>
        <div className="ops-field">
          <span className="ops-label">{t("event.signUp.requiredFields")}</span>
          {(["realName", "orgName"] as const).map((field) => (
            <label key={field} className="ops-choice">
              <input type="checkbox" checked={draft.form === "specialSignUp"} disabled /> {t(`event.signUp.fields.${field}`)} {t("event.signUp.always")}
            </label>
          ))}
          {OPTIONAL_FIELDS.map((field) => (
            <label key={field} className="ops-choice">
              <input
                type="checkbox"
                checked={draft.form === "specialSignUp" && draft.requiredFields.includes(field)}
                disabled={draft.form !== "specialSignUp"}
                onChange={(change) => toggle(field, change.target.checked)}
              />{" "}
              {t(`event.signUp.fields.${field}`)}
            </label>
          ))}
        </div>
        <div className="ops-field">
          <label htmlFor="ops-signup-opens" className="ops-label">
            {t("event.signUp.opensAt")}
          </label>
          <BeijingDateTime id="ops-signup-opens" value={draft.opensAt ?? ""} onChange={(value) => set({ opensAt: value ?? null })} />
          <p className="ops-muted">{t("event.signUp.opensHelp")}</p>
        </div>
        <div className="ops-field">
          <label htmlFor="ops-signup-closes" className="ops-label">
            {t("event.signUp.closesAt")}
          </label>
          <BeijingDateTime
            id="ops-signup-closes"
            value={draft.closesAt ?? ""}
            onChange={(value) => set({ closesAt: value ?? null })}
            rawErrors={windowOutOfOrder ? [t("event.signUp.windowOrder")] : undefined}
          />
          {windowOutOfOrder && (
            <p id="ops-signup-closes__error" className="ops-field-error" role="alert">
              {t("event.signUp.windowOrder")}
            </p>
          )}
        </div>
        <div className="ops-field">
          <label htmlFor="ops-signup-capacity" className="ops-label">
            {t("event.signUp.capacity")}
          </label>
          <input
            id="ops-signup-capacity"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={draft.capacity ?? ""}
            onChange={(change) => set({ capacity: change.target.value === "" ? null : Number(change.target.value) })}
          />
          <p className="ops-muted">{t("event.signUp.capacityHelp")}</p>
        </div>
      </div>
      {(["agreement", "agreementEn"] as const).map((field) => (
        <div key={field} className="ops-field">
          <label htmlFor={`ops-signup-${field}`} className="ops-label">
            {t(`event.signUp.${field}`)}
          </label>
          <textarea id={`ops-signup-${field}`} rows={3} value={draft[field]} onChange={(change) => set({ [field]: change.target.value })} />
        </div>
      ))}
      <p className="ops-muted">{t("event.signUp.agreementHelp")}</p>
      {children}
      <button type="button" className="ops-button ops-primary" disabled={saving || windowOutOfOrder} onClick={() => void onSave(draft)}>
        {t("event.signUp.save")}
      </button>
    </fieldset>
  );
}
