import { type FormEvent, useEffect, useRef, useState } from "react";
import { Art } from "../parts/art";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { QaThreadProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, refreshPageData, useLang, useViewer, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type ApiAnswers, type ApiEnvelope, type ApiPath, type ApiRequests, callApi, isSuccess, type NamedCall, refusalOf } from "../kit/api";
import { qaCalls } from "../kit/calls/qa";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { SmartLink } from "../kit/links";
import { formatCount, formatMoment } from "../kit/format";
import { readCached, writeStorage } from "../kit/browser";
import { RichHtml } from "../parts/rich-html";
import { EmojiInsert } from "../parts/emoji-panel";
import { useCommentTotal } from "../parts/comment-totals";
import { ConfirmBox } from "../parts/confirm-box";
import { checkForm, preloadValidators } from "../kit/form-check";
import { paragraphsOf, type QaAnswer, type QaQuestion } from "./qa";

const answerCheck = { id: "qa-answer", loadValidators: () => import("@schemas/generated/forms/qa-answer.validators.js") };

/** A question of the Q&A with its answers (/qa/detail): concern, praise and trample, a short answer form, removal of one's own. */
export default function QaThread({ props, data }: WidgetRenderProps<QaThreadProps>) {
  const question = data?.status === "ok" ? (data.value as QaQuestion | null) : null;
  if (!question) return null;
  return <Thread key={question.id} question={question} {...props} />;
}

function Thread({ question, listLink, editorLink, answerLink }: QaThreadProps & { question: QaQuestion }) {
  const { t } = useTranslation("qa");
  const lang = useLang();
  const navigate = useNavigate();
  const [answers, setAnswers] = useState(question.answers);
  const [concern, setConcern] = useState({ on: question.concerned, count: question.concernCount });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"question" | number | null>(null);
  const [landed, setLanded] = useState<number | null>(null);
  const landedAnswer = useRef<HTMLLIElement>(null);
  // A new answer joins the end of the list, often below the screen: it is brought into view and takes the focus, so
  // the poster sees it and a screen reader reads it.
  useEffect(() => {
    landedAnswer.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    landedAnswer.current?.focus({ preventScroll: true });
  }, [landed]);
  /** A field in the page's language: its En sibling in English when there is one. */
  const inLang = (value: object, field: string) => asText(readPath(value, [field], lang));
  const byline = (post: QaQuestion | QaAnswer) => (post.mine ? t(post.anonymous ? "detail.anonymousMine" : "detail.mine") : inLang(post, "authorName"));

  /** One call at a time; a visitor is asked to log in; a failure is shown; the answer's data goes to `done`. */
  const act = async <P extends ApiPath>(
    call: NamedCall<P>,
    params: ApiRequests[P],
    done: (value: ApiAnswers[P], envelope: ApiEnvelope<ApiAnswers[P]>) => void,
  ) => {
    if (!requireLogin() || busy) return;
    setBusy(true);
    const envelope = await callApi(call, params);
    setBusy(false);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope) || envelope.data === undefined) {
      showToast(envelope.message || t("common:actions.failed"), "error");
      return;
    }
    done(envelope.data, envelope);
  };

  const vote = (answer: QaAnswer, call: typeof qaCalls.praiseAnswer | typeof qaCalls.trampleAnswer) =>
    act(call, { answerId: answer.id }, (counted) =>
      setAnswers((shown) => shown.map((entry) => (entry.id === counted.answerId ? { ...entry, ...counted } : entry))),
    );

  const removeAnswer = (answer: QaAnswer) =>
    act(qaCalls.removeAnswer, { id: answer.id }, () => {
      setAnswers((shown) => shown.filter((entry) => entry.id !== answer.id));
      setConfirming(null);
      showToast(t("detail.removed"), "success");
    });

  const removeQuestion = () =>
    act(qaCalls.removeQuestion, { id: question.id }, () => {
      showToast(t("detail.removed"), "success");
      refreshPageData();
      navigate(listLink, { replace: true });
    });

  return (
    <article className="qa-thread">
      <header className="qa-question">
        {question.tags.length > 0 && (
          <nav className="qa-tags">
            {question.tags.map((tag) => (
              <SmartLink key={tag.code} to={`${listLink}?tag=${tag.code}`} className="qa-tag">
                {inLang(tag, "name")}
              </SmartLink>
            ))}
          </nav>
        )}
        <h1>{inLang(question, "title")}</h1>
        <p className="qa-byline">
          <Avatar url={question.portraitUrl} />
          <strong>{byline(question)}</strong>
          <time dateTime={question.createTime}>{t("detail.askedAt", { time: formatMoment(question.createTime, lang) })}</time>
        </p>
        {question.body && <RichHtml html={inLang(question, "body")} className="qa-body" />}
        <p className="qa-stats">
          <span>{t("detail.concernCount", { count: concern.count })}</span>
          <span>{t("detail.views", { count: question.viewCount })}</span>
        </p>
        <div className="qa-actions">
          <button
            type="button"
            className={concern.on ? "button qa-concern active" : "button button-primary qa-concern"}
            aria-pressed={concern.on}
            disabled={busy}
            onClick={() => void act(qaCalls.concern, { questionId: question.id }, (value) => setConcern({ on: value.concerned, count: value.concernCount }))}
          >
            {t(concern.on ? "detail.concerned" : "detail.concern")}
          </button>
          <SmartLink to={`${editorLink}?questionId=${question.id}`} className="button qa-long-answer">
            {t("detail.longAnswer")}
          </SmartLink>
          {question.mine && (
            <button type="button" className="qa-remove" onClick={() => setConfirming("question")}>
              {t("detail.removeQuestion")}
            </button>
          )}
        </div>
        {confirming === "question" && (
          <ConfirmBox
            label={t("detail.removeQuestion")}
            question={t("detail.confirmRemoveQuestion")}
            yes={t("detail.remove")}
            no={t("detail.cancel")}
            busy={busy}
            onYes={() => void removeQuestion()}
            onNo={() => setConfirming(null)}
          />
        )}
      </header>

      <AnswerForm
        questionId={question.id}
        onPosted={(answer) => {
          setAnswers((shown) => [...shown, answer]);
          setLanded(answer.id);
        }}
      />

      <section className="qa-answers" aria-labelledby={`qa-answers-${question.id}`}>
        <h2 className="section-title" id={`qa-answers-${question.id}`}>
          {t("detail.answers", { count: answers.length })}
        </h2>
        {answers.length === 0 ? (
          <StateNotice kind="empty" className="list-empty" text={t("detail.noAnswers")} />
        ) : (
          <ol className="qa-answer-list">
            {answers.map((answer) => (
              <li key={answer.id} className="qa-answer" data-answer-id={answer.id} {...(answer.id === landed ? { ref: landedAnswer, tabIndex: -1 } : {})}>
                <p className="qa-byline">
                  <Avatar url={answer.portraitUrl} />
                  <strong>{byline(answer)}</strong>
                  <time dateTime={answer.createTime}>{formatMoment(answer.createTime, lang)}</time>
                </p>
                <RichHtml html={inLang(answer, "content")} className="qa-answer-content" />
                <div className="qa-votes">
                  <button
                    type="button"
                    className={answer.myVote === 1 ? "qa-vote active" : "qa-vote"}
                    aria-pressed={answer.myVote === 1}
                    disabled={busy || answer.mine}
                    onClick={() => void vote(answer, qaCalls.praiseAnswer)}
                  >
                    ▲ {t("detail.praise")} <span className="qa-vote-count">{formatCount(answer.praiseCount, lang)}</span>
                  </button>
                  <button
                    type="button"
                    className={answer.myVote === -1 ? "qa-vote qa-trample active" : "qa-vote qa-trample"}
                    aria-pressed={answer.myVote === -1}
                    disabled={busy || answer.mine}
                    onClick={() => void vote(answer, qaCalls.trampleAnswer)}
                  >
                    ▼ {t("detail.trample")} <span className="qa-vote-count">{formatCount(answer.trampleCount, lang)}</span>
                  </button>
                  <AnswerCommentLink answer={answer} answerLink={answerLink} />
                  {answer.mine && (
                    <button type="button" className="qa-remove" onClick={() => setConfirming(answer.id)}>
                      {t("detail.remove")}
                    </button>
                  )}
                </div>
                {confirming === answer.id && (
                  <ConfirmBox
                    label={t("detail.remove")}
                    question={t("detail.confirmRemoveAnswer")}
                    no={t("detail.cancel")}
                    busy={busy}
                    onYes={() => void removeAnswer(answer)}
                    onNo={() => setConfirming(null)}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/** The answer's comments, counted as the comments widget last read them (the page's data is older after commenting). */
function AnswerCommentLink({ answer, answerLink }: { answer: QaAnswer; answerLink: string }) {
  const { t } = useTranslation("qa");
  const count = useCommentTotal("answer", answer.id, answer.commentCount);
  return (
    <SmartLink to={`${answerLink}?id=${answer.id}`} className="qa-comment-link">
      {t("detail.commentLink", { count })}
    </SmartLink>
  );
}

function Avatar({ url }: { url: string }) {
  return <Art className="qa-avatar" src={url || "/avatar.svg"} alt="" shape="portrait" box={{ width: 24, height: 24 }} placement="below" />;
}

interface QuickDraft {
  text: string;
  anonymous: boolean;
}

/**
 * The short answer box: plain text, one paragraph a line, and the anonymous switch. What is typed is kept on this
 * device until it is posted, so a failed post, a reload or a closed tab loses nothing.
 */
function AnswerForm({ questionId, onPosted }: { questionId: number; onPosted: (answer: QaAnswer) => void }) {
  const { t } = useTranslation("qa");
  const viewer = useViewer();
  // One draft per account on this device: another account signed in here never sees it.
  const draftKey = `qa-quick-answer:${viewer?.id ?? 0}:${questionId}`;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<QuickDraft>({ text: "", anonymous: false });
  const [error, setError] = useState("");
  const [posting, setPosting] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const kept = viewer ? readCached<QuickDraft>(draftKey) : null;
    if (kept?.text) {
      setDraft({ text: String(kept.text), anonymous: kept.anonymous === true });
      setOpen(true);
    } else {
      setDraft({ text: "", anonymous: false });
      setOpen(false);
    }
  }, [draftKey]);

  const change = (next: QuickDraft) => {
    setDraft(next);
    setError("");
    writeStorage(draftKey, next.text ? JSON.stringify(next) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { questionId, content: paragraphsOf(draft.text), anonymous: draft.anonymous };
    // Busy while the check's validators may still be arriving: a second tap sends nothing twice.
    setPosting(true);
    const invalid = await checkForm(answerCheck, body);
    if (Object.keys(invalid).length) {
      setPosting(false);
      setError(t(Object.values(invalid)[0]));
      return;
    }
    if (!requireLogin()) {
      setPosting(false);
      return;
    }
    const envelope = await callApi(qaCalls.answerQuestion, body);
    setPosting(false);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope) || !envelope.data) {
      const fields = refusalOf(envelope).fields;
      setError(fields?.content ? t(fields.content) : envelope.message || t("common:actions.failed"));
      return;
    }
    writeStorage(draftKey, null);
    setDraft({ text: "", anonymous: false });
    setOpen(false);
    showToast(t("detail.posted"), "success");
    refreshPageData();
    onPosted(envelope.data);
  };

  if (!open) {
    return (
      <button type="button" className="qa-write" onClick={() => requireLogin() && setOpen(true)}>
        {t("detail.writeAnswer")}
      </button>
    );
  }
  return (
    <form className="qa-answer-form" onSubmit={(event) => void submit(event)} onFocus={() => preloadValidators(answerCheck)} noValidate>
      <textarea
        ref={field}
        aria-label={t("detail.writeAnswer")}
        placeholder={t("detail.placeholder")}
        rows={5}
        value={draft.text}
        aria-invalid={Boolean(error)}
        onChange={(event) => change({ ...draft, text: event.target.value })}
      />
      <EmojiInsert field={field} value={draft.text} onChange={(text) => change({ ...draft, text })} />
      {error && (
        <p className="qa-error" role="alert">
          {error}
        </p>
      )}
      <label className="qa-switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={draft.anonymous}
          checked={draft.anonymous}
          onChange={(event) => change({ ...draft, anonymous: event.target.checked })}
        />
        <span>{t("detail.anonymous")}</span>
      </label>
      {draft.anonymous && <p className="qa-hint">{t("detail.anonymousHint")}</p>}
      <div className="qa-form-actions">
        <button type="submit" className="button button-primary" disabled={posting}>
          {t(posting ? "detail.posting" : "detail.submit")}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t("detail.cancel")}
        </button>
      </div>
    </form>
  );
}
