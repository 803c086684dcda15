import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { OPS_API, type OpsAddStaffRequest, type OpsErrorAnswer, type OpsPasswordLinkAnswer, type StaffRole } from "@contracts/ops";
import { opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import { STAFF_ROLE_CHOICES } from "./roles";

const NAME = /^[a-z][a-z0-9_.-]{1,31}$/;

/** What a refusal says at its field (the server checks again with the same rule), or above the form. */
export function problemText(error: OpsErrorAnswer, t: TFunction): string {
  return error.problem ? t(`ops:staff.problems.${error.problem}`) : errorText(error, t);
}

/** Adds a person: a name and a role; the answer is their one-time link (nothing typed is lost on a refusal). */
export function AddStaffForm({ onAdded }: { onAdded: (link: OpsPasswordLinkAnswer) => void }) {
  const { t } = useTranslation("ops");
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<StaffRole>("editor");
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().toLowerCase();
    if (!NAME.test(name)) {
      setProblem({ field: "username", text: t(name ? "staff.problems.username" : "staff.problems.required") });
      return;
    }
    setBusy(true);
    const answer = await opsPost<OpsPasswordLinkAnswer>(OPS_API.addStaff, { username: name, role } satisfies OpsAddStaffRequest);
    setBusy(false);
    if (!answer.ok) {
      setProblem({ field: answer.error.field, text: problemText(answer.error, t) });
      return;
    }
    setProblem(null);
    setUsername("");
    onAdded(answer.data);
  };

  const atName = problem?.field === "username";
  return (
    <form className="ops-copy" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="ops-add-staff-title">
      <h2 id="ops-add-staff-title">{t("staff.add.title")}</h2>
      <div className="ops-copy-fields">
        <div>
          <label htmlFor="ops-staff-name">{t("staff.add.username")}</label>
          <input
            id="ops-staff-name"
            value={username}
            autoComplete="off"
            aria-invalid={atName || undefined}
            aria-describedby={atName ? "ops-staff-name-error" : "ops-staff-name-help"}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="ops-staff-role">{t("staff.add.role")}</label>
          <select id="ops-staff-role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {STAFF_ROLE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`roles.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ops-button ops-primary" disabled={busy}>
          {t("staff.add.submit")}
        </button>
      </div>
      {atName ? (
        <p id="ops-staff-name-error" className="ops-field-error">
          {problem.text}
        </p>
      ) : (
        <p id="ops-staff-name-help" className="ops-muted">
          {t("staff.add.help")}
        </p>
      )}
      {problem && !atName && (
        <p className="ops-form-error" role="alert">
          {problem.text}
        </p>
      )}
    </form>
  );
}
