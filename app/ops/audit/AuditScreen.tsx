import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsAuditAnswer, type OpsAuditEntry } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { Link } from "~/routing/link";
import { opsGet } from "~/ops/api";
import { editorPath, errorText } from "~/ops/format";
import { AuditFilters, FILTER_NAMES, filterKeyOf, type AuditFilterValues } from "./AuditFilters";
import { auditDetail } from "./describe";

const PAGE_SIZE = 100;

/**
 * The audit log (ADR 078): every staff action and refusal, newest first, a hundred at a time, filtered by person, page,
 * action and Beijing day (kept in the address, so a filtered log can be sent); times and details in the console's language.
 */
export function AuditScreen() {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, search.get(name) ?? ""])) as unknown as AuditFilterValues;
  const filterKey = filterKeyOf(filters);
  // Rows are kept with the filters they answer: rows of the previous filters are never shown under new ones.
  const [loaded, setLoaded] = useState<{ filterKey: string; entries: OpsAuditEntry[] } | null>(null);
  const entries = loaded?.filterKey === filterKey ? loaded.entries : null;
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Only the answer to the latest request is shown: an earlier filter's answer arriving late must not replace it.
  const latest = useRef(0);
  const load = useCallback(
    async (before?: number) => {
      const request = ++latest.current;
      setBusy(true);
      const [actor, path, action, day] = filterKey.split("\n");
      const query = { limit: PAGE_SIZE, before, actor: actor || undefined, path: path || undefined, action: action || undefined, day: day || undefined };
      const answer = await opsGet<OpsAuditAnswer>(OPS_API.audit, query);
      if (request !== latest.current) return;
      setBusy(false);
      if (!answer.ok) {
        setError(errorText(answer.error, t));
        return;
      }
      setError(null);
      setLoaded((shown) => {
        const earlier = before !== undefined && shown?.filterKey === filterKey ? shown.entries : [];
        return { filterKey, entries: [...earlier, ...answer.data.entries] };
      });
      setDone(answer.data.entries.length < PAGE_SIZE);
    },
    [t, filterKey],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const apply = (values: AuditFilterValues) => setSearch(Object.fromEntries(Object.entries(values).filter(([, value]) => value)));

  return (
    <section className="ops-page">
      <h1>{t("audit.title")}</h1>
      <AuditFilters shown={filters} onApply={apply} />
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-audit" aria-busy={entries === null}>
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
            {(entries ?? []).map((entry) => (
              <tr key={entry.id}>
                <td>{formatMoment(entry.at, lang)}</td>
                <td>{entry.actor}</td>
                <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                <td>
                  {entry.path && <Link to={editorPath(entry.path)}>{entry.path}</Link>}
                  {entry.version !== null && <span className="ops-muted"> v{entry.version}</span>}
                </td>
                <td className="ops-detail">{auditDetail(entry, t, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries === null && !error && (
        <p className="ops-muted" role="status">
          {t("layout.loading")}
        </p>
      )}
      {entries?.length === 0 && <p className="ops-muted">{t("audit.empty")}</p>}
      {!done && entries && entries.length > 0 && (
        <button type="button" className="ops-button" disabled={busy} onClick={() => void load(entries[entries.length - 1].id)}>
          {t("audit.more")}
        </button>
      )}
    </section>
  );
}
