import { useTranslation } from "react-i18next";
import type { OpsProblem } from "@contracts/ops";
import { problemPlace, uiLang } from "./labels";

/**
 * The problems numbered from 1, each once, with its place in the form's words (block 4 “Guests” › item 2 › name) as
 * a button that takes the operator to the field.
 */
export function ProblemList({ problems, config, onShowProblem }: { problems: OpsProblem[]; config: unknown; onShowProblem: (problem: OpsProblem) => void }) {
  const { t, i18n } = useTranslation(["opsEditor", "ops"]);
  const lang = uiLang(i18n.language);
  return (
    <ol className="ops-problems">
      {problems.map((problem, index) => (
        <li key={problem.pointer} data-pointer={problem.pointer}>
          <button type="button" className="ops-link" onClick={() => onShowProblem(problem)}>
            {t("problems.where", { number: index + 1, place: problemPlace(problem.pointer, config, t, lang) })}
          </button>{" "}
          {problem.message}
        </li>
      ))}
    </ol>
  );
}
