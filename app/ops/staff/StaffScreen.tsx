import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsPasswordLinkAnswer, type OpsStaffAnswer, type OpsStaffMember, type StaffRole } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import { useStaff } from "~/ops/staff";
import { AddStaffForm, problemText } from "./AddStaffForm";
import { LinkToSend } from "./LinkToSend";
import { STAFF_ROLE_CHOICES } from "./roles";
import "./staff.css";

/**
 * Staff management (ADR 078), for admins: the server refuses everyone else (403, audited). An admin adds a person,
 * changes a role, disables and enables, and resets; each new person and each reset gets a one-time link to send.
 */
export function StaffScreen() {
  const { t, i18n } = useTranslation("ops");
  const me = useStaff();
  const lang = toLang(i18n.language);
  const [staff, setStaff] = useState<OpsStaffMember[] | null>(null);
  const [link, setLink] = useState<OpsPasswordLinkAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await opsGet<OpsStaffAnswer>(OPS_API.staff);
    if (answer.ok) setStaff(answer.data.staff);
    else setError(errorText(answer.error, t));
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  /** One change to one person; the list is read again after it, whatever the answer. */
  const change = async (username: string, route: string, body: Record<string, unknown>) => {
    setBusy(username);
    const answer = await opsPost<OpsPasswordLinkAnswer | undefined>(route, { username, ...body });
    setBusy(null);
    setError(answer.ok ? null : problemText(answer.error, t));
    if (answer.ok && answer.data) setLink(answer.data);
    await load();
  };
  const reset = (member: OpsStaffMember) => {
    if (window.confirm(t("staff.resetConfirm", { username: member.username }))) void change(member.username, OPS_API.resetStaff, {});
  };

  return (
    <section className="ops-page">
      <h1>{t("staff.title")}</h1>
      <p className="ops-muted">{t("staff.help")}</p>
      {link && <LinkToSend link={link} onClose={() => setLink(null)} />}
      <AddStaffForm
        onAdded={(added) => {
          setLink(added);
          void load();
        }}
      />
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.username")}</th>
              <th scope="col">{t("staff.role")}</th>
              <th scope="col">{t("staff.state")}</th>
              <th scope="col">{t("staff.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {(staff ?? []).map((member) => (
              <tr key={member.username} data-testid={`ops-staff-${member.username}`}>
                <th scope="row">{member.username}</th>
                <td>
                  <select
                    aria-label={t("staff.roleOf", { username: member.username })}
                    value={member.role}
                    disabled={busy === member.username}
                    onChange={(event) => void change(member.username, OPS_API.staffRole, { role: event.target.value as StaffRole })}
                  >
                    {STAFF_ROLE_CHOICES.map((choice) => (
                      <option key={choice} value={choice}>
                        {t(`roles.${choice}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {t(`staff.states.${member.state}`)}
                  {member.linkExpiresAt && <div className="ops-muted">{t("staff.linkUntil", { until: formatMoment(member.linkExpiresAt, lang) })}</div>}
                </td>
                <td className="ops-staff-actions">
                  {member.username !== me.username && (
                    <button
                      type="button"
                      className="ops-button"
                      disabled={busy === member.username}
                      onClick={() => void change(member.username, OPS_API.disableStaff, { disabled: member.state !== "disabled" })}
                    >
                      {t(member.state === "disabled" ? "staff.enable" : "staff.disable", { username: member.username })}
                    </button>
                  )}
                  {member.state !== "disabled" && (
                    <button type="button" className="ops-button" disabled={busy === member.username} onClick={() => reset(member)}>
                      {t("staff.reset")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
