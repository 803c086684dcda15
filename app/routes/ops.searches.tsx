import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, PUBLISHING_ROLES, type OpsHotSearchesAnswer } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import { useStaff } from "~/ops/staff";

/**
 * Hot searches as the site shows them, and the phrases hidden from them (ADR 042). Any staff member hides a phrase at
 * once (an offensive or planted phrase should not wait for a publisher); showing one again is a publisher's decision.
 */
export default function OpsSearches() {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const staff = useStaff();
  const [answer, setAnswer] = useState<OpsHotSearchesAnswer | null>(null);
  const [phrase, setPhrase] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    const loaded = await opsGet<OpsHotSearchesAnswer>(OPS_API.hotSearches);
    if (loaded.ok) setAnswer(loaded.data);
    else setError(errorText(loaded.error, t));
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (route: string, keyword: string, doneText: string, notFoundText: string) => {
    setBusy(true);
    setDone(null);
    const result = await opsPost(route, { keyword });
    setBusy(false);
    if (!result.ok) {
      setError(result.status === 404 ? notFoundText : errorText(result.error, t));
      return false;
    }
    setError(null);
    setDone(doneText);
    await load();
    return true;
  };

  const hideTyped = async (event: FormEvent) => {
    event.preventDefault();
    const keyword = phrase.trim();
    if (!keyword) {
      setError(t("searches.phraseMissing"));
      return;
    }
    if (await act(OPS_API.hideSearch, keyword, t("searches.hidden", { keyword }), t("errors.unavailable"))) setPhrase("");
  };

  const isPublisher = PUBLISHING_ROLES.includes(staff.role);
  return (
    <section className="ops-page">
      <h1>{t("searches.title")}</h1>
      <p className="ops-muted">{t("searches.help")}</p>
      <form className="ops-copy" onSubmit={(event) => void hideTyped(event)} noValidate>
        <div className="ops-copy-fields">
          <div>
            <label htmlFor="ops-hide-phrase">{t("searches.phrase")}</label>
            <input id="ops-hide-phrase" value={phrase} maxLength={50} onChange={(event) => setPhrase(event.target.value)} />
          </div>
          <button type="submit" className="ops-button ops-primary" disabled={busy}>
            {t("searches.hide")}
          </button>
        </div>
      </form>
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="ops-muted" role="status">
          {done}
        </p>
      )}
      <PhraseTable
        caption={t("searches.shownTitle")}
        columns={[t("searches.rank"), t("searches.phrase"), t("searches.people"), t("searches.actions")]}
        empty={answer?.shown.length === 0 ? t("searches.noneShown") : null}
      >
        {answer?.shown.map((search, index) => (
          <tr key={search.keyword}>
            <td>{index + 1}</td>
            <td>
              {search.keyword}
              {search.keywordEn && search.keywordEn !== search.keyword && <span className="ops-muted"> · {search.keywordEn}</span>}
            </td>
            <td>{search.searchCount}</td>
            <td>
              <button
                type="button"
                className="ops-button"
                disabled={busy}
                onClick={() => void act(OPS_API.hideSearch, search.keyword, t("searches.hidden", { keyword: search.keyword }), t("errors.unavailable"))}
              >
                {t("searches.hide")}
              </button>
            </td>
          </tr>
        ))}
      </PhraseTable>
      <PhraseTable
        caption={t("searches.hiddenTitle")}
        columns={[t("searches.phrase"), t("searches.hiddenBy"), t("searches.hiddenAt"), t("searches.actions")]}
        empty={answer?.hidden.length === 0 ? t("searches.noneHidden") : null}
      >
        {answer?.hidden.map((search) => (
          <tr key={search.keyword}>
            <td>{search.keyword}</td>
            <td>{search.hiddenBy}</td>
            <td>{formatMoment(search.hiddenAt, lang)}</td>
            <td>
              {isPublisher ? (
                <button
                  type="button"
                  className="ops-button"
                  disabled={busy}
                  onClick={() => void act(OPS_API.showSearch, search.keyword, t("searches.shownAgain", { keyword: search.keyword }), t("searches.notHidden"))}
                >
                  {t("searches.show")}
                </button>
              ) : (
                <span className="ops-muted">{t("searches.publisherShows")}</span>
              )}
            </td>
          </tr>
        ))}
      </PhraseTable>
    </section>
  );
}

/** One of the page's two tables: its caption, column headings, and a line saying it is empty when it is. */
function PhraseTable({ caption, columns, empty, children }: { caption: string; columns: string[]; empty: string | null; children: ReactNode }) {
  return (
    <div className="ops-table-wrap">
      <table className="ops-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty && (
            <tr>
              <td colSpan={columns.length} className="ops-muted">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
