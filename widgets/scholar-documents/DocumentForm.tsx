import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, refusalOf, showFailure, validatedRequest } from "../kit/api";
import { scholarCalls } from "../kit/calls/scholar";
import { checkForm, preloadValidators } from "../kit/form-check";
import { SmartLink } from "../kit/links";
import type { Lang } from "../kit/page";
import { showToast } from "../kit/session";
import { scholarDocumentCheck } from "../parts/scholar-workspace";
import { JelPicker } from "../parts/jel-picker";
import { CoauthorLookup } from "./CoauthorLookup";
import { type DocumentDraft, draftKey, dropDraft, jelCodesOf, readDraft, toBody, writeDraft } from "./draft";

const PDF_MAGIC = "%PDF-";

/** The chosen file as the schema checks it (its first bytes, not its name, say whether it is a PDF) and as base64. */
async function readPdf(file: File): Promise<{ pdfType: string; pdfSize: number; pdfData: string }> {
  const head = new TextDecoder("latin1").decode(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  return { pdfType: head === PDF_MAGIC ? "application/pdf" : "unrecognised", pdfSize: file.size, pdfData: data };
}

interface Duplicate {
  matchedBy: "doi" | "title";
  duplicate: { id: number; title: string; titleEn?: string; link: string };
}

/** The work a refused save (409) names as already in the library; a 409 answers this, not the saved document. */
function duplicateIn(data: unknown): Duplicate | null {
  if (typeof data !== "object" || data === null || !("matchedBy" in data) || !("duplicate" in data)) return null;
  const { matchedBy, duplicate } = data;
  if ((matchedBy !== "doi" && matchedBy !== "title") || typeof duplicate !== "object" || duplicate === null) return null;
  if (!("id" in duplicate) || typeof duplicate.id !== "number" || !("title" in duplicate) || typeof duplicate.title !== "string") return null;
  const link = "link" in duplicate && typeof duplicate.link === "string" ? duplicate.link : "";
  const titleEn = "titleEn" in duplicate && typeof duplicate.titleEn === "string" ? duplicate.titleEn : undefined;
  return { matchedBy, duplicate: { id: duplicate.id, title: duplicate.title, titleEn, link } };
}

function Field({ label, error, children }: { label: string; error?: string; children: (id: string, describedBy: string) => React.ReactNode }) {
  const { t } = useTranslation("scholarWorkspace");
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      {children(id, `${id}-error`)}
      <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ? t(error) : ""}
      </p>
    </div>
  );
}

/** Adds a document or edits one: checked with the document schema before sending, kept on the device until saved. */
export function DocumentForm({
  userId,
  documentId,
  initial,
  lang,
  onDone,
}: {
  userId: number;
  documentId: number | null;
  initial: DocumentDraft;
  lang: Lang;
  onDone: () => void;
}) {
  const { t } = useTranslation("scholarWorkspace");
  const key = draftKey(userId, documentId ?? "new");
  const [restored] = useState(() => readDraft(key) !== null);
  const [draft, setDraft] = useState<DocumentDraft>(() => readDraft(key) ?? initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [offer, setOffer] = useState<Duplicate | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: DocumentDraft) => {
    setDraft(next);
    writeDraft(key, next);
  };
  const set = (name: keyof DocumentDraft) => (event: { target: { value: string } }) => change({ ...draft, [name]: event.target.value });
  const input = (name: "title" | "year" | "venue" | "doi" | "keywords", placeholder?: string) => (id: string, describedBy: string) => (
    <input
      id={id}
      className="form-control"
      value={draft[name]}
      placeholder={placeholder}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy}
      onChange={set(name)}
    />
  );

  const submit = async (notDuplicateOf?: number) => {
    const pdf = file ? await readPdf(file) : null;
    const body = { ...toBody(draft), ...(documentId ? { id: documentId } : {}), ...(notDuplicateOf ? { notDuplicateOf } : {}) };
    const problems = await checkForm(scholarDocumentCheck, pdf ? { ...body, pdfType: pdf.pdfType, pdfSize: pdf.pdfSize } : body);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const call = documentId ? scholarCalls.updateDocument : scholarCalls.addDocument;
      const answer = await callApi(call, validatedRequest(call, pdf ? { ...body, pdfData: pdf.pdfData } : body));
      const fields = refusalOf(answer).fields;
      if (answer.code === 409) return setOffer(duplicateIn(answer.data));
      if (answer.code === 400 && fields) return setErrors(fields);
      if (answer.code !== 200) return showFailure(answer);
      dropDraft(key);
      showToast(answer.message ?? "", "success");
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="document-form"
      noValidate
      onFocus={() => preloadValidators(scholarDocumentCheck)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3>{documentId ? t("documents.editTitle") : t("documents.addTitle")}</h3>
      {restored && <p className="draft-note">{t("documents.draftRestored")}</p>}
      <Field label={t("documents.type")} error={errors.docType}>
        {(id) => (
          <select id={id} className="form-control" value={draft.docType} onChange={set("docType")}>
            {(["workingPaper", "report", "slides"] as const).map((type) => (
              <option key={type} value={type}>
                {t(`documents.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("documents.titleField")} error={errors.title}>
        {input("title")}
      </Field>
      <CoauthorLookup authors={draft.authors} lang={lang} error={errors.authors} onChange={(authors) => change({ ...draft, authors })} />
      <Field label={t("documents.abstract")} error={errors.abstract}>
        {(id, describedBy) => (
          <textarea id={id} className="form-control" rows={5} value={draft.abstract} aria-describedby={describedBy} onChange={set("abstract")} />
        )}
      </Field>
      <JelPicker
        legend={t("documents.jelCodes")}
        chosen={jelCodesOf(draft.jelCodes)}
        onChange={(codes) => change({ ...draft, jelCodes: codes.join(", ") })}
        lang={lang}
        error={errors.jelCodes}
      />
      <Field label={t("documents.keywords")} error={errors.keywords}>
        {input("keywords", t("documents.keywordsPlaceholder"))}
      </Field>
      <Field label={t("documents.year")} error={errors.year}>
        {input("year")}
      </Field>
      <Field label={t("documents.venue")} error={errors.venue}>
        {input("venue", t("documents.venuePlaceholder"))}
      </Field>
      <Field label={t("documents.doi")} error={errors.doi}>
        {input("doi", "10.1234/abcd")}
      </Field>
      <Field label={t("documents.pdf")} error={errors.pdfType ?? errors.pdfSize}>
        {(id, describedBy) => (
          <input
            id={id}
            type="file"
            accept="application/pdf,.pdf"
            className="pdf-pick"
            aria-describedby={describedBy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <p className="field-hint">{t("documents.pdfRule")}</p>
      {offer && (
        <div className="duplicate-offer" role="alert">
          <p>{t(offer.matchedBy === "doi" ? "documents.duplicateDoi" : "documents.duplicateTitle")}</p>
          <SmartLink to={offer.duplicate.link} className="work-link">
            <span className="work-title">{lang === "en" ? offer.duplicate.titleEn || offer.duplicate.title : offer.duplicate.title}</span>
          </SmartLink>
          {offer.matchedBy === "title" && (
            <button type="button" className="button" onClick={() => void submit(offer.duplicate.id)}>
              {t("documents.notDuplicate")}
            </button>
          )}
        </div>
      )}
      {errors._form && (
        <p className="field-error" role="alert">
          {t(errors._form)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t("documents.saving") : t("documents.save")}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t("documents.cancel")}
        </button>
      </div>
    </form>
  );
}
