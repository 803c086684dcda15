/** What a live room's screen shows, shared by the viewer's panel and the venue screen (ADR 062). */
import { useTranslation } from "react-i18next";
import type { Lang } from "@contracts/language";
import type { QuestionResults, ScreenPush } from "@contracts/screen";
import type { PlanQuestion } from "@contracts/questionnaire";
import "./screen-parts.css";

/** The words of a push in the page's language; an empty English text falls back to the Chinese one. */
export function pushText(push: ScreenPush, lang: Lang, t: (key: string, options?: Record<string, unknown>) => string): { heading: string; body: string } {
  const pick = (zh: string, en: string) => (lang === "en" && en) || zh;
  const heading = t(`kinds.${push.kind}`);
  switch (push.kind) {
    case "announcement":
      return { heading, body: pick(push.text, push.textEn) };
    case "slide":
      return { heading, body: pick(push.caption, push.captionEn) };
    case "lottery":
      return {
        heading: `${heading} · ${pick(push.title, push.titleEn)}`,
        body: push.winners.length ? t("lotteryWinners", { names: push.winners.join(lang === "en" ? ", " : "、") }) : t("lotteryNobody"),
      };
    case "startingSoon":
      return { heading, body: t("startingSoon", { minutes: push.minutes }) };
    case "questionnaire":
      return { heading, body: "" };
  }
}

/** One push as a card: its kind, its words, a slide's picture. */
export function PushCard({ push, lang, className }: { push: ScreenPush; lang: Lang; className: string }) {
  const { t } = useTranslation("screen");
  const { heading, body } = pushText(push, lang, t);
  return (
    <article className={className} data-push-kind={push.kind} data-push-seq={push.seq}>
      <h3>{heading}</h3>
      {push.kind === "slide" && <img src={push.imageUrl} alt={body} loading="lazy" decoding="async" />}
      {body && <p>{body}</p>}
    </article>
  );
}

/** The bars of a question's results: each option's share of the answers, or the latest written answers. */
export function ResultBars({ question, results, lang }: { question: PlanQuestion; results: QuestionResults; lang: Lang }) {
  const { t } = useTranslation("screen");
  return (
    <div className="question-results" data-results-total={results.total}>
      <p className="question-results-total">{t("questionnaire.results", { total: results.total })}</p>
      {question.kind === "text" ? (
        <ul className="question-texts">
          {results.texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      ) : (
        <ul className="question-bars">
          {question.options.map((option) => {
            const count = results.counts.find((entry) => entry.optionId === option.id)?.count ?? 0;
            const share = results.total ? Math.round((count / results.total) * 100) : 0;
            return (
              <li key={option.id}>
                <span className="question-bar-label">{(lang === "en" && option.textEn) || option.text}</span>
                <span className="question-bar" style={{ width: `${share}%` }} />
                <span className="question-bar-count">{t("questionnaire.votes", { count })}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
