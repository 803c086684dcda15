import { useTranslation } from "react-i18next";
import { ROBOT_LIMITS, ROBOT_TOPICS, type RobotProblem, type RobotTopic } from "@contracts/robot";

/** One entry as the form holds it: keywords as typed (one line), so nothing the operator wrote is reformatted. */
export interface EntryDraft {
  key: string;
  topic: RobotTopic;
  question: string;
  questionEn: string;
  answer: string;
  answerEn: string;
  keywords: string;
}

const TEXT_FIELDS = ["question", "questionEn", "answer", "answerEn"] as const;

/** The fields of one question and answer, each with its problem under it. */
export function EntryFields({
  entry,
  number,
  problems,
  disabled,
  onChange,
  onRemove,
}: {
  entry: EntryDraft;
  number: number;
  problems: RobotProblem[];
  disabled: boolean;
  onChange: (next: EntryDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("ops");
  const id = (field: string) => `robot-${entry.key}-${field}`;
  const problemOf = (field: RobotProblem["field"]) => problems.find((problem) => problem.field === field);
  const note = (field: RobotProblem["field"]) => {
    const problem = problemOf(field);
    return problem ? (
      <p className="ops-field-error" id={id(`${field}-error`)}>
        {t(`robot.problems.${problem.code}`, { ...ROBOT_LIMITS })}
      </p>
    ) : null;
  };
  const described = (field: RobotProblem["field"]) => (problemOf(field) ? { "aria-invalid": true, "aria-describedby": id(`${field}-error`) } : {});
  return (
    <fieldset className="ops-robot-entry" data-entry={number}>
      <legend>{t("robot.entry", { number })}</legend>
      <div className="ops-robot-grid">
        <label htmlFor={id("topic")}>{t("robot.topic")}</label>
        <select id={id("topic")} value={entry.topic} disabled={disabled} onChange={(event) => onChange({ ...entry, topic: event.target.value as RobotTopic })}>
          {ROBOT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`robot.topics.${topic}`)}
            </option>
          ))}
        </select>
        {note("topic")}
        {TEXT_FIELDS.map((field) => {
          const Tag = field.startsWith("answer") ? "textarea" : "input";
          return (
            <div key={field} className="ops-robot-field">
              <label htmlFor={id(field)}>{t(`robot.fields.${field}`)}</label>
              <Tag
                id={id(field)}
                value={entry[field]}
                disabled={disabled}
                maxLength={field.startsWith("answer") ? ROBOT_LIMITS.answerLength : ROBOT_LIMITS.questionLength}
                onChange={(event) => onChange({ ...entry, [field]: event.target.value })}
                {...described(field)}
              />
              {note(field)}
            </div>
          );
        })}
        <div className="ops-robot-field">
          <label htmlFor={id("keywords")}>{t("robot.fields.keywords")}</label>
          <input
            id={id("keywords")}
            value={entry.keywords}
            disabled={disabled}
            onChange={(event) => onChange({ ...entry, keywords: event.target.value })}
            {...described("keywords")}
          />
          <p className="ops-muted">{t("robot.keywordsHelp")}</p>
          {note("keywords")}
        </div>
      </div>
      {!disabled && (
        <button type="button" className="ops-button" onClick={onRemove}>
          {t("robot.remove", { number })}
        </button>
      )}
    </fieldset>
  );
}
