import { useCallback, useEffect, useState } from "react";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsAuditAnswer, type OpsAuditEntry } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { opsGet } from "~/ops/api";
import { editorPath, errorText } from "~/ops/format";

const PAGE_SIZE = 100;

/** Every staff action, newest first, a hundred at a time. */
export default function OpsAudit() {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const [entries, setEntries] = useState<OpsAuditEntry[]>([]);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (before?: number) => {
      setBusy(true);
      const answer = await opsGet<OpsAuditAnswer>(OPS_API.audit, { limit: PAGE_SIZE, before });
      setBusy(false);
      if (!answer.ok) {
        setError(errorText(answer.error, t));
        return;
      }
      setError(null);
      setEntries((shown) => (before === undefined ? answer.data.entries : [...shown, ...answer.data.entries]));
      setDone(answer.data.entries.length < PAGE_SIZE);
    },
    [t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="ops-page">
      <h1>{t("audit.title")}</h1>
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t("audit.at")}</th>
              <th scope="col">{t("audit.actor")}</th>
              <th scope="col">{t("audit.action")}</th>
              <th scope="col">{t("audit.page")}</th>
              <th scope="col">{t("audit.detail")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatMoment(entry.at, lang)}</td>
                <td>{entry.actor}</td>
                <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                <td>
                  {entry.path && <Link to={editorPath(entry.path)}>{entry.path}</Link>}
                  {entry.version !== null && <span className="ops-muted"> v{entry.version}</span>}
                </td>
                <td className="ops-detail">{entry.detail ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!done && entries.length > 0 && (
        <button type="button" className="ops-button" disabled={busy} onClick={() => void load(entries[entries.length - 1].id)}>
          {t("audit.more")}
        </button>
      )}
    </section>
  );
}
