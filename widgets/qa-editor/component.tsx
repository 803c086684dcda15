import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { QaEditorProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, refreshPageData, useLang, useViewer, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess, refusalOf, validatedRequest } from "../kit/api";
import { qaCalls } from "../kit/calls/qa";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { readCached, writeStorage } from "../kit/browser";
import { checkForm, preloadValidators } from "../kit/form-check";
import { isEmptyHtml, RichEditor } from "../parts/rich-editor";

const questionCheck = { id: "qa-question", loadValidators: () => import("@schemas/generated/forms/qa-question.validators.js") };
const answerCheck = { id: "qa-answer", loadValidators: () => import("@schemas/generated/forms/qa-answer.validators.js") };
const MAX_TAGS = 3;
const SAVE_DELAY_MS = 400;

interface Draft {
  title: string;
  tags: string[];
  html: string;
  anonymous: boolean;
}

const EMPTY: Draft = { title: "", tags: [], html: "", anonymous: false };

/**
 * The long rich-text editor of the Q&A (/qaRichText): asks a question (title, 1–3 tags, details) or, given a
 * questionId, answers it; either may be anonymous. What is typed is kept on this device while typing and comes back
 * after a reload or a closed tab until it is posted; a refused post (a risk word, a limit) keeps everything.
 */
export default function QaEditor({ props }: WidgetRenderProps<QaEditorProps>) {
  const questionId = Number(asText(props.questionId));
  const answering = Number.isInteger(questionId) && questionId > 0;
  const viewerId = useViewer()?.id ?? 0;
  return (
    <Editor
      key={`${viewerId}:${answering ? questionId : "ask"}`}
      viewerId={viewerId}
      answering={answering}
      questionNumber={questionId}
      tags={props.tags}
      detailLink={props.detailLink}
    />
  );
}

function Editor({
  answering,
  questionNumber: questionId,
  tags,
  detailLink,
  viewerId,
}: Omit<QaEditorProps, "questionId"> & { answering: boolean; questionNumber: number; viewerId: number | string }) {
  const { t } = useTranslation("qa");
  const lang = useLang();
  const navigate = useNavigate();
  // One draft per account on this device: another account signed in here never sees it.
  const draftKey = answering ? `qa-draft:${viewerId}:answer:${questionId}` : `qa-draft:${viewerId}:question`;
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // Bumped when the text is replaced from outside the editor (a restored draft, a cleared one).
  const [version, setVersion] = useState(0);
  const [restored, setRestored] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState("");
  const [posting, setPosting] = useState(false);
  const [questionTitle, setQuestionTitle] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const choices = (Array.isArray(tags) ? (tags as unknown[]) : []).map((tag) => ({
    code: asText(readPath(tag, ["code"])),
    name: asText(readPath(tag, ["name"], lang)),
  }));

  // The kept draft comes back once the page is in the browser (storage is not there on the server).
  useEffect(() => {
    const kept = readCached<Partial<Draft>>(draftKey);
    if (!kept) return;
    const next = {
      title: typeof kept.title === "string" ? kept.title : "",
      tags: Array.isArray(kept.tags) ? kept.tags.filter((tag): tag is string => typeof tag === "string").slice(0, MAX_TAGS) : [],
      // Storage is only ever written from this editor; the rich editor sanitises it all the same before it enters the page.
      html: typeof kept.html === "string" ? kept.html : "",
      anonymous: kept.anonymous === true,
    };
    setDraft(next);
    setVersion((value) => value + 1);
    setRestored(Boolean(next.title || next.html));
  }, [draftKey]);

  useEffect(() => {
    if (!answering) return;
    void callApi(qaCalls.question, { id: questionId }).then((envelope) => {
      if (isSuccess(envelope) && envelope.data) setQuestionTitle(asText(readPath(envelope.data, ["title"], lang)));
      // Only a question the platform says is not there closes the editor; an unreachable platform leaves the draft open.
      else if (envelope.code === 404 || envelope.code === 400) setMissing(true);
    });
  }, [answering, questionId, lang]);

  /** The edit waiting for the save timer: written at once when the editor goes (a link followed within the delay). */
  const unsaved = useRef<Draft | null>(null);
  const writeDraft = (next: Draft) => {
    unsaved.current = null;
    writeStorage(draftKey, next.title || next.html || next.tags.length ? JSON.stringify(next) : null);
  };
  useEffect(
    () => () => {
      clearTimeout(saveTimer.current);
      if (unsaved.current) writeDraft(unsaved.current);
    },
    [],
  );

  const keep = (next: Draft) => {
    setDraft(next);
    unsaved.current = next;
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => writeDraft(next), SAVE_DELAY_MS);
  };
  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    const cleared = Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in patch || (field === "content" && "html" in patch))));
    setErrors(cleared);
    setRefusal("");
    keep(next);
  };

  const toggleTag = (code: string) => {
    if (draft.tags.includes(code)) change({ tags: draft.tags.filter((tag) => tag !== code) });
    else if (draft.tags.length < MAX_TAGS) change({ tags: [...draft.tags, code] });
    else setErrors({ ...errors, tags: "qa:errors.tagsTooMany" });
  };

  const discard = () => {
    if (!window.confirm(t("editor.confirmDiscard"))) return;
    clearTimeout(saveTimer.current);
    unsaved.current = null;
    writeStorage(draftKey, null);
    setDraft(EMPTY);
    setRestored(false);
    setErrors({});
    setVersion((value) => value + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const html = draft.html;
    const body: Record<string, unknown> = answering
      ? { questionId, content: html, anonymous: draft.anonymous }
      : { title: draft.title.trim(), tags: draft.tags, anonymous: draft.anonymous, ...(html ? { content: html } : {}) };
    // Busy while the check's validators may still be arriving: a second tap sends nothing twice.
    setPosting(true);
    const invalid = await checkForm(answering ? answerCheck : questionCheck, Object.fromEntries(Object.entries(body).filter(([, value]) => value !== "")));
    if (invalid._form) {
      setPosting(false);
      setRefusal(t(invalid._form));
      return;
    }
    if (Object.keys(invalid).length) {
      setPosting(false);
      setErrors(invalid);
      return;
    }
    if (!requireLogin()) {
      setPosting(false);
      return;
    }
    const call = answering ? qaCalls.answerQuestion : qaCalls.ask;
    const envelope = await callApi(call, validatedRequest(call, body));
    setPosting(false);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope) || !envelope.data) {
      const fields = refusalOf(envelope).fields;
      if (fields) setErrors(fields);
      else {
        setRefusal(envelope.message || t("common:actions.failed"));
        showToast(envelope.message || t("common:actions.failed"), "error");
      }
      return;
    }
    clearTimeout(saveTimer.current);
    unsaved.current = null;
    writeStorage(draftKey, null);
    showToast(t("editor.posted"), "success");
    refreshPageData();
    navigate(`${detailLink}?id=${answering ? questionId : envelope.data.id}`);
  };

  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="qa-editor-error" role="alert" id={`qa-editor-${field}-error`}>
        {t(errors[field])}
      </p>
    ) : null;

  if (missing) return <StateNotice kind="notFound" className="list-empty" text={t("editor.missingQuestion")} />;

  return (
    <form className="qa-editor" onSubmit={(event) => void submit(event)} onFocus={() => preloadValidators(answering ? answerCheck : questionCheck)} noValidate>
      <h1>{t(answering ? "editor.answerTitle" : "editor.askTitle")}</h1>
      {answering && questionTitle && <p className="qa-editor-question">{t("editor.answering", { title: questionTitle })}</p>}
      {restored && <p className="qa-editor-note">{t("editor.draftRestored")}</p>}

      {!answering && (
        <>
          <label className="qa-editor-label" htmlFor="qa-editor-title">
            {t("editor.titleLabel")}
          </label>
          <input
            id="qa-editor-title"
            className="qa-editor-title"
            value={draft.title}
            placeholder={t("editor.titlePlaceholder")}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? "qa-editor-title-error" : undefined}
            onChange={(event) => change({ title: event.target.value })}
          />
          {fieldError("title")}
          <fieldset className="qa-editor-tags" aria-invalid={Boolean(errors.tags)}>
            <legend className="qa-editor-label">{t("editor.tagsLabel")}</legend>
            {choices.map((tag) => (
              <button key={tag.code} type="button" className="qa-editor-tag" aria-pressed={draft.tags.includes(tag.code)} onClick={() => toggleTag(tag.code)}>
                {tag.name}
              </button>
            ))}
          </fieldset>
          {fieldError("tags")}
        </>
      )}

      <span className="qa-editor-label" id="qa-editor-body-label">
        {t(answering ? "editor.answerLabel" : "editor.bodyLabel")}
      </span>
      <RichEditor
        initialHtml={draft.html}
        version={version}
        // Nothing to read (empty paragraphs) counts as no text.
        onChange={(html) => change({ html: isEmptyHtml(html) ? "" : html })}
        label={t(answering ? "editor.answerLabel" : "editor.bodyLabel")}
        labelledBy="qa-editor-body-label"
        placeholder={t("editor.bodyPlaceholder")}
        heading="h3"
        invalid={Boolean(errors.content)}
      />
      {fieldError("content")}

      <label className="qa-editor-switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={draft.anonymous}
          checked={draft.anonymous}
          onChange={(event) => change({ anonymous: event.target.checked })}
        />
        <span>{t(answering ? "editor.anonymousAnswer" : "editor.anonymousQuestion")}</span>
      </label>
      {draft.anonymous && <p className="qa-editor-note">{t("editor.anonymousHint")}</p>}

      {refusal && (
        <p className="qa-editor-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="qa-editor-actions">
        <button type="submit" className="button button-primary" disabled={posting}>
          {t(posting ? "editor.posting" : answering ? "editor.publishAnswer" : "editor.publishQuestion")}
        </button>
        <button type="button" className="button" onClick={discard}>
          {t("editor.discard")}
        </button>
      </div>
      <p className="qa-editor-note">{t("editor.draftKept")}</p>
    </form>
  );
}
