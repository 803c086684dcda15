import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { OpsAuditAction } from "@contracts/ops";

export interface AuditFilterValues {
  actor: string;
  path: string;
  action: string;
  day: string;
}

export const FILTER_NAMES = ["actor", "path", "action", "day"] as const;

/** The filters as one string, equal for equal filters. */
export function filterKeyOf(values: AuditFilterValues): string {
  return FILTER_NAMES.map((name) => values[name]).join("\n");
}

function filterValuesOf(key: string): AuditFilterValues {
  const [actor = "", path = "", action = "", day = ""] = key.split("\n");
  return { actor, path, action, day };
}

/** The actions the filter offers, in the order an operator looks for them; "refused" stands for every refusal. */
const ACTIONS: readonly OpsAuditAction[] = [
  "publish",
  "rollback",
  "saveDraft",
  "discardDraft",
  "copy",
  "preview",
  "schedulePublish",
  "cancelSchedule",
  "scheduledPublish",
  "uploadMedia",
  "replaceMedia",
  "describeMedia",
  "hideSearch",
  "showSearch",
  "login",
  "logout",
  "loginRefused",
  "publishRefused",
  "forbidden",
  "staffAdded",
  "staffRoleChanged",
  "staffDisabled",
  "staffEnabled",
  "staffReset",
  "passwordSet",
];

/** Person, page, action and Beijing day: applied together; what is typed stays in the fields until changed. */
export function AuditFilters({ shown, onApply }: { shown: AuditFilterValues; onApply: (values: AuditFilterValues) => void }) {
  const { t } = useTranslation("ops");
  const [values, setValues] = useState(shown);
  // The filters in the address change after an apply lands (a navigation) or by Back and Forward. Only the latter
  // replaces the fields: an apply landing while the operator already types the next filter must not undo their typing.
  const applied = useRef(filterKeyOf(shown));
  const shownKey = filterKeyOf(shown);
  useEffect(() => {
    if (shownKey === applied.current) return;
    applied.current = shownKey;
    setValues(filterValuesOf(shownKey));
  }, [shownKey]);
  const set = (name: keyof AuditFilterValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = { ...values, actor: values.actor.trim().toLowerCase(), path: values.path.trim() };
    applied.current = filterKeyOf(chosen);
    onApply(chosen);
  };
  const empty = { actor: "", path: "", action: "", day: "" };
  return (
    <form className="ops-copy ops-audit-filters" onSubmit={submit} aria-label={t("audit.filters")}>
      <div className="ops-copy-fields">
        <div>
          <label htmlFor="ops-audit-actor">{t("audit.actorFilter")}</label>
          <input id="ops-audit-actor" value={values.actor} autoComplete="off" onChange={set("actor")} />
        </div>
        <div>
          <label htmlFor="ops-audit-path">{t("audit.pageFilter")}</label>
          <input id="ops-audit-path" value={values.path} placeholder="/2023ames" autoComplete="off" onChange={set("path")} />
        </div>
        <div>
          <label htmlFor="ops-audit-action">{t("audit.actionFilter")}</label>
          <select id="ops-audit-action" value={values.action} onChange={set("action")}>
            <option value="">{t("audit.allActions")}</option>
            <option value="refused">{t("audit.refusedActions")}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ops-audit-day">{t("audit.dayFilter")}</label>
          <input id="ops-audit-day" type="date" value={values.day} onChange={set("day")} />
        </div>
        <button type="submit" className="ops-button ops-primary">
          {t("audit.apply")}
        </button>
        <button
          type="button"
          className="ops-button"
          onClick={() => {
            setValues(empty);
            applied.current = filterKeyOf(empty);
            onApply(empty);
          }}
        >
          {t("audit.clear")}
        </button>
      </div>
    </form>
  );
}
