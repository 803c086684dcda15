import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsPageDetail, type OpsPageSummary } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { STATUS_CLASS, editorPath, errorText } from "~/ops/format";
import { TemplateChooser } from "~/ops/templates/TemplateChooser";

/** Every page config in the store: path, status, publish window, last editor; a filter; a new page from a template or copied from one. */
export default function OpsPages() {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const [pages, setPages] = useState<OpsPageSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    void opsGet<OpsPageSummary[]>(OPS_API.pages).then((answer) => {
      if (answer.ok) setPages(answer.data);
      else setLoadError(errorText(answer.error, t));
    });
  }, [t]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!pages || !needle) return pages ?? [];
    return pages.filter((page) => [page.path, page.title?.zh, page.title?.en].some((text) => text?.toLowerCase().includes(needle)));
  }, [pages, filter]);

  return (
    <section className="ops-page">
      <div className="ops-page-head">
        <h1>{t("pages.title")}</h1>
        <div className="ops-filter">
          <label htmlFor="ops-filter">{t("pages.filter")}</label>
          <input id="ops-filter" type="search" value={filter} placeholder={t("pages.filterHint")} onChange={(event) => setFilter(event.target.value)} />
        </div>
      </div>
      <TemplateChooser paths={pages?.map((page) => page.path) ?? []} />
      <CopyForm paths={pages?.map((page) => page.path) ?? []} />
      {loadError && (
        <p className="ops-form-error" role="alert">
          {loadError}
        </p>
      )}
      {pages === null && !loadError ? (
        <p className="ops-muted">{t("layout.loading")}</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption className="ops-muted">{t("pages.count", { shown: shown.length, total: pages?.length ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("pages.path")}</th>
                <th scope="col">{t("pages.pageTitle")}</th>
                <th scope="col">{t("pages.status")}</th>
                <th scope="col">{t("pages.window")}</th>
                <th scope="col">{t("pages.lastEditor")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((page) => (
                <tr key={page.path} data-path={page.path}>
                  <td>
                    <Link to={editorPath(page.path)}>{page.path}</Link>
                  </td>
                  <td>{page.title?.[lang] ?? ""}</td>
                  <td>
                    <span className={STATUS_CLASS[page.status]}>{t(`status.${page.status}`)}</span>
                    {page.liveVersion !== null && <span className="ops-muted"> v{page.liveVersion}</span>}
                    {page.hasDraft && <span className="ops-status ops-status-draft">{t("status.draftChanges")}</span>}
                  </td>
                  <td>
                    {page.publishWindow?.from || page.publishWindow?.until
                      ? `${formatMoment(page.publishWindow.from, lang) || "…"} — ${formatMoment(page.publishWindow.until, lang) || "…"}`
                      : t("pages.always")}
                  </td>
                  <td>
                    {page.lastEditor ?? ""}
                    {page.lastEditedAt && <span className="ops-muted"> {formatMoment(page.lastEditedAt, lang)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "New from copy": an existing page's config as the draft of a new path (e.g. /2023ames → /2027ames). */
function CopyForm({ paths }: { paths: string[] }) {
  const { t } = useTranslation("ops");
  const navigate = useNavigate();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!paths.includes(from)) {
      setError(t("pages.copyFromMissing"));
      return;
    }
    if (!to.trim()) {
      setError(t("pages.copyToMissing"));
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await opsPost<OpsPageDetail>(OPS_API.copy, { from, to: to.trim() });
    setBusy(false);
    if (answer.ok) navigate(editorPath(answer.data.path));
    else setError(answer.error.problems?.map((problem) => problem.message).join("; ") || errorText(answer.error, t));
  };

  return (
    <form className="ops-copy" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="ops-copy-title">
      <h2 id="ops-copy-title">{t("pages.copyTitle")}</h2>
      <div className="ops-copy-fields">
        <div>
          <label htmlFor="ops-copy-from">{t("pages.copyFrom")}</label>
          <input id="ops-copy-from" list="ops-copy-paths" value={from} placeholder="/2023ames" onChange={(event) => setFrom(event.target.value)} />
          <datalist id="ops-copy-paths">
            {paths.map((path) => (
              <option key={path} value={path} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="ops-copy-to">{t("pages.copyTo")}</label>
          <input id="ops-copy-to" value={to} placeholder="/2027ames" onChange={(event) => setTo(event.target.value)} />
        </div>
        <button type="submit" className="ops-button ops-primary" disabled={busy}>
          {t("pages.copySubmit")}
        </button>
      </div>
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
