import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, showFailure } from "../kit/api";
import { scholarCalls } from "../kit/calls/scholar";
import { SmartLink } from "../kit/links";
import { type Lang, refreshPageData } from "../kit/page";
import { showToast } from "../kit/session";
import type { ScholarDocumentForm } from "../parts/scholar-workspace";
import { type WorkItem, workLine } from "./works";
import { DocumentForm } from "./DocumentForm";
import { type DocumentDraft, emptyDraft, toDraft } from "./draft";

interface OwnDocument extends WorkItem {
  hidden: boolean;
  docType: ScholarDocumentForm["docType"];
  form: Omit<ScholarDocumentForm, "id">;
}

type Editing = { id: number | null; initial: DocumentDraft } | null;

/** The owner's documents, hidden ones included: add, edit, hide and show. */
export default function Manager({ userId, authorCode, lang }: { userId: number; authorCode: string; lang: Lang }) {
  const { t } = useTranslation("scholarWorkspace");
  const [list, setList] = useState<OwnDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [owner, setOwner] = useState({ name: "", orgName: "" });
  const [editing, setEditing] = useState<Editing>(null);
  const load = async () => {
    setFailed(false);
    const [mine, profile] = await Promise.all([callApi(scholarCalls.myDocuments, { pageSize: 50 }), callApi(scholarCalls.getAuthor, { authorCode })]);
    if (mine.code !== 200 || !mine.data) return setFailed(true);
    setList(mine.data.list as unknown as OwnDocument[]);
    if (profile.code === 200 && profile.data)
      setOwner({
        name: lang === "en" ? profile.data.authorNameEn : profile.data.authorName,
        orgName: lang === "en" ? profile.data.orgNameEn : profile.data.orgName,
      });
  };
  useEffect(() => {
    void load();
  }, [authorCode]);
  const toggle = async (item: OwnDocument) => {
    const answer = await callApi(item.hidden ? scholarCalls.showDocument : scholarCalls.hideDocument, { id: item.id });
    if (answer.code !== 200) return showFailure(answer);
    showToast(answer.message ?? "", "success");
    await load();
    refreshPageData();
  };
  const done = () => {
    setEditing(null);
    void load();
    refreshPageData();
  };

  if (failed)
    return (
      <p role="alert">
        {t("documents.loadFailed")}{" "}
        <button type="button" className="button" onClick={() => void load()}>
          {t("editor.retry")}
        </button>
      </p>
    );
  if (!list) return <p role="status">{t("documents.loading")}</p>;
  if (editing) return <DocumentForm userId={userId} documentId={editing.id} initial={editing.initial} lang={lang} onDone={done} />;
  return (
    <div className="document-manager">
      <h3>{t("documents.mine")}</h3>
      <button type="button" className="button button-primary" onClick={() => setEditing({ id: null, initial: emptyDraft({ ...owner, authorCode }) })}>
        {t("documents.add")}
      </button>
      {list.length === 0 && <p className="field-hint">{t("documents.mineNone")}</p>}
      <ul className="own-documents">
        {list.map((item) => (
          <li key={item.id} className={item.hidden ? "own-document is-hidden" : "own-document"}>
            <SmartLink to={item.hidden ? null : item.link} className="work-link">
              <span className="work-title">{item.title}</span>
              <span className="work-meta">
                {t(`documents.types.${item.docType}`)} · {workLine(item, lang)}
              </span>
            </SmartLink>
            {item.hidden && <span className="hidden-badge">{t("documents.hiddenBadge")}</span>}
            <div className="own-actions">
              <button type="button" className="button" onClick={() => setEditing({ id: item.id, initial: toDraft(item.form) })}>
                {t("documents.edit")}
              </button>
              <button type="button" className="button" onClick={() => void toggle(item)}>
                {item.hidden ? t("documents.show") : t("documents.hide")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
