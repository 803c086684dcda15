import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../kit/page";
import { callLiveRoom, isSuccess } from "../kit/api";
import { liveRoomCalls } from "../kit/calls/live-room";
import { requireLogin } from "../kit/session";
import { ALREADY_ANSWERED_CODE, ANSWER_TEXT_LIMIT, checkAnswer, type PlanQuestion, type QuestionResults } from "../kit/realtime";
import { ResultBars } from "../parts/screen-parts";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; question: PlanQuestion | null };

/** A pushed questionnaire: loaded from the live service, answered once (the platform decides), results when shared. */
export function Questionnaire({
  planId,
  questionId,
  sharedResults,
  lang,
}: {
  planId: string;
  questionId: number;
  sharedResults?: QuestionResults;
  lang: Lang;
}) {
  const { t } = useTranslation("screen");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [chosen, setChosen] = useState<number[]>([]);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");
  const [sending, setSending] = useState(false);
  const fieldId = useId();

  const fetchQuestion = useCallback(async () => {
    setLoad({ state: "loading" });
    const answer = await callLiveRoom(liveRoomCalls.questions, { planId });
    if (!isSuccess(answer) || !answer.data) setLoad({ state: "failed" });
    else setLoad({ state: "ready", question: answer.data.list.find((entry) => entry.id === questionId) ?? null });
  }, [planId, questionId]);
  useEffect(() => {
    void fetchQuestion();
  }, [fetchQuestion]);

  if (load.state === "loading") return null;
  if (load.state === "failed")
    return (
      <div className="questionnaire" role="alert">
        <p>{t("questionnaire.loadFailed")}</p>
        <button type="button" className="button" onClick={() => void fetchQuestion()}>
          {t("questionnaire.retry")}
        </button>
      </div>
    );
  const question = load.question;
  if (!question) return null;
  const results = sharedResults ?? question.results;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin()) return;
    const checked = checkAnswer(question, { optionIds: chosen, text });
    if (!checked.ok) {
      setProblem(t(`questionnaire.problems.${checked.problem}`, { max: ANSWER_TEXT_LIMIT }));
      return;
    }
    setProblem("");
    setSending(true);
    const answer = await callLiveRoom(liveRoomCalls.answerQuestionnaire, {
      questionId: question.id,
      ...(question.kind === "text" ? { text: checked.text } : { optionIds: checked.optionIds.join(",") }),
    });
    setSending(false);
    if (isSuccess(answer) && answer.data) setLoad({ state: "ready", question: answer.data });
    else if (answer.code === ALREADY_ANSWERED_CODE) setLoad({ state: "ready", question: { ...question, answered: true } });
    else setProblem(answer.message ?? "");
  };

  const toggle = (id: number) =>
    setChosen((current) => (question.kind === "single" ? [id] : current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id]));
  const title = (lang === "en" && question.titleEn) || question.title;

  return (
    <form className="questionnaire" onSubmit={submit} data-question-id={question.id} noValidate>
      <fieldset disabled={question.answered || sending}>
        <legend>
          <span className="questionnaire-kind">{t(`questionnaire.${question.kind}`)}</span> {title}
        </legend>
        {question.kind === "text" ? (
          <>
            <label htmlFor={fieldId}>{t("questionnaire.textLabel")}</label>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={ANSWER_TEXT_LIMIT}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={Boolean(problem)}
            />
          </>
        ) : (
          question.options.map((option) => (
            <label key={option.id} className="questionnaire-option">
              <input
                type={question.kind === "single" ? "radio" : "checkbox"}
                name={`question-${question.id}`}
                checked={chosen.includes(option.id)}
                onChange={() => toggle(option.id)}
              />
              <span>{(lang === "en" && option.textEn) || option.text}</span>
            </label>
          ))
        )}
        {problem && (
          <p className="questionnaire-problem" role="alert">
            {problem}
          </p>
        )}
        {question.answered ? (
          <p className="questionnaire-answered" role="status">
            {t("questionnaire.answered")}
          </p>
        ) : (
          <button type="submit" className="button button-primary">
            {sending ? t("questionnaire.submitting") : t("questionnaire.submit")}
          </button>
        )}
      </fieldset>
      {results && <ResultBars question={question} results={results} lang={lang} />}
    </form>
  );
}
