import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OpsEventGuest } from "@contracts/ops-event";
import { PasteBox } from "./PasteBox";
import { parseGuests } from "./paste";

const ROLES: OpsEventGuest["role"][] = ["host", "speaker", "guest"];
const EMPTY: OpsEventGuest = { name: "", nameEn: "", org: "", orgEn: "", role: "guest", portraitUrl: "" };

function GuestTable({ guests, onChange }: { guests: OpsEventGuest[]; onChange?: (guests: OpsEventGuest[]) => void }) {
  const { t } = useTranslation("opsEditor");
  const set = (index: number, change: Partial<OpsEventGuest>) => onChange?.(guests.map((guest, at) => (at === index ? { ...guest, ...change } : guest)));
  const cell = (index: number, field: Exclude<keyof OpsEventGuest, "role">) =>
    onChange ? (
      <input
        aria-label={t("event.guests.cell", { number: index + 1, field: t(`event.guests.${field}`) })}
        value={guests[index][field]}
        onChange={(change) => set(index, { [field]: change.target.value })}
      />
    ) : (
      guests[index][field]
    );
  return (
    <div className="ops-table-wrap">
      <table className="ops-table ops-event-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("event.guests.photo")}</th>
            {(["name", "nameEn", "org", "orgEn", "role", "portraitUrl"] as const).map((field) => (
              <th key={field}>{t(`event.guests.${field}`)}</th>
            ))}
            {onChange && <th />}
          </tr>
        </thead>
        <tbody>
          {guests.map((guest, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>
                {guest.portraitUrl ? (
                  <img src={guest.portraitUrl} alt={guest.name} width={40} height={40} className="ops-portrait" />
                ) : (
                  <span className="ops-muted">{t("event.guests.noPhoto")}</span>
                )}
              </td>
              <td>{cell(index, "name")}</td>
              <td>{cell(index, "nameEn")}</td>
              <td>{cell(index, "org")}</td>
              <td>{cell(index, "orgEn")}</td>
              <td>
                {onChange ? (
                  <select
                    aria-label={t("event.guests.cell", { number: index + 1, field: t("event.guests.role") })}
                    value={guest.role}
                    onChange={(change) => set(index, { role: change.target.value as OpsEventGuest["role"] })}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`event.roles.${role}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  t(`event.roles.${guest.role}`)
                )}
              </td>
              <td>{cell(index, "portraitUrl")}</td>
              {onChange && (
                <td>
                  <button type="button" className="ops-button" onClick={() => onChange(guests.filter((_, at) => at !== index))}>
                    {t("event.remove")}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The guests in their order, with photo, affiliation and role; added by hand or pasted from a sheet. */
export function GuestsSection({
  guests: saved,
  canChange,
  saving,
  onSave,
  children,
}: {
  guests: OpsEventGuest[];
  canChange: boolean;
  saving: boolean;
  onSave: (guests: OpsEventGuest[]) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation("opsEditor");
  const [guests, setGuests] = useState(saved);
  return (
    <fieldset className="ops-event-part" disabled={!canChange}>
      <legend>{t("event.guests.title", { count: guests.length })}</legend>
      <GuestTable guests={guests} onChange={canChange ? setGuests : undefined} />
      <button type="button" className="ops-button" onClick={() => setGuests([...guests, EMPTY])}>
        {t("event.guests.add")}
      </button>
      {canChange && (
        <PasteBox
          kind="guests"
          parse={parseGuests}
          preview={(entries) => <GuestTable guests={entries} />}
          onAdd={(entries, replace) => setGuests(replace ? entries : [...guests, ...entries])}
        />
      )}
      {children}
      <button type="button" className="ops-button ops-primary" disabled={saving} onClick={() => void onSave(guests)}>
        {t("event.guests.save")}
      </button>
    </fieldset>
  );
}
