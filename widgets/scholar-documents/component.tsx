import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScholarDocumentsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { callApi } from "../kit/api";
import { scholarCalls } from "../kit/calls/scholar";
import { SmartLink } from "../kit/links";
import { asText, type Lang, useHydrated, useLang, useViewer } from "../kit/page";
import { type WorkItem, type Works, workLine } from "./works";

/** The owner's manager is its own chunk: visitors never download it. */
const Manager = lazy(() => import("./Manager"));

const KINDS = ["paper", "report", "slides"] as const;

function WorkList({ works, lang }: { works: WorkItem[]; lang: Lang }) {
  return (
    <ul className="works-list">
      {works.map((item) => (
        <li key={item.id}>
          <SmartLink to={item.link} className="work-link">
            <span className="work-title">{lang === "en" ? item.titleEn || item.title : item.title}</span>
            <span className="work-meta">{workLine(item, lang)}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** Searches the scholar's works in the browser; the first page came with the page. */
function useWorkSearch(authorCode: string, first: Works) {
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<{ keyword: string; works: Works } | null>(null);
  const [failed, setFailed] = useState(false);
  const search = async (text: string) => {
    const phrase = text.trim();
    if (!phrase) return setFound(null);
    const answer = await callApi(scholarCalls.searchWorks, { authorCode, keyword: phrase, pageSize: 20 });
    setFailed(answer.code !== 200);
    if (answer.code === 200 && answer.data) setFound({ keyword: phrase, works: answer.data });
  };
  return { keyword, setKeyword, search, failed, shown: found?.works ?? first, searched: found?.keyword ?? "" };
}

/** A scholar's works with counts by type and a search over them; the owner also opens the manager of their documents. */
export default function ScholarDocuments({ props }: { props: ScholarDocumentsProps }) {
  const { t } = useTranslation("scholarWorkspace");
  const lang = useLang();
  const viewer = useViewer();
  const hydrated = useHydrated();
  const [managing, setManaging] = useState(false);
  const authorCode = asText(props.authorCode);
  const counts = (props.counts ?? {}) as unknown as Record<string, number>;
  const { keyword, setKeyword, search, failed, shown, searched } = useWorkSearch(authorCode, (props.works ?? {}) as unknown as Works);
  const mine = hydrated && Boolean(viewer?.authorCode) && viewer?.authorCode === authorCode;
  const list = shown.list ?? [];

  return (
    <section className="scholar-documents" aria-labelledby="scholar-documents-title">
      <h2 id="scholar-documents-title">{t("documents.title")}</h2>
      <p className="work-counts">
        {KINDS.map((kind) => (
          <span key={kind} className="work-count">
            {t(`documents.count.${kind}`, { count: counts[kind] ?? 0 })}
          </span>
        ))}
      </p>
      <form
        className="works-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search(keyword);
        }}
      >
        <input
          aria-label={t("documents.searchLabel")}
          className="form-control"
          type="search"
          maxLength={50}
          value={keyword}
          placeholder={t("documents.searchLabel")}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <button type="submit" className="button">
          {t("documents.search")}
        </button>
      </form>
      {failed && <p role="alert">{t("documents.searchFailed")}</p>}
      {searched && <p role="status">{t("documents.found", { count: shown.total ?? 0, keyword: searched })}</p>}
      {list.length ? <WorkList works={list} lang={lang} /> : <p className="field-hint">{searched ? t("documents.noneFound") : t("documents.none")}</p>}
      {mine && viewer && (
        <div className="owner-tools">
          <button type="button" className="button button-primary" aria-expanded={managing} onClick={() => setManaging(!managing)}>
            {managing ? t("documents.closeManager") : t("documents.manage")}
          </button>
          {managing && (
            <Suspense fallback={<p role="status">{t("documents.loading")}</p>}>
              <Manager userId={Number(viewer.id)} authorCode={authorCode} lang={lang} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
