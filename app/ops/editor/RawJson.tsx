import { useTranslation } from "react-i18next";
import type { OpsProblem } from "@contracts/ops";
import { parseJson } from "./raw-json";
import { ProblemList } from "./ProblemList";

interface Props {
  text: string;
  problems: OpsProblem[];
  onText: (text: string) => void;
  onShowProblem: (problem: OpsProblem) => void;
}

/**
 * The draft as JSON, for power users: the same problems as the form (the same validator), and text that is not JSON
 * yet says where it stops being JSON; what is typed is kept (and saved) either way.
 */
export default function RawJson({ text, problems, onText, onShowProblem }: Props) {
  const { t } = useTranslation("ops");
  const parsed = parseJson(text);
  return (
    <div className="ops-raw">
      <label htmlFor="ops-raw-json" className="ops-label">
        {t("editor.rawLabel")}
      </label>
      <textarea
        id="ops-raw-json"
        spellCheck={false}
        value={text}
        aria-invalid={!parsed.ok || problems.length > 0 || undefined}
        aria-describedby="ops-raw-problems"
        onChange={(event) => onText(event.target.value)}
      />
      <div id="ops-raw-problems" aria-live="polite">
        {!parsed.ok ? (
          <p className="ops-field-error">{t("editor.parseError", { line: parsed.line, column: parsed.column, reason: parsed.reason })}</p>
        ) : (
          problems.length > 0 && <ProblemList problems={problems} config={parsed.value} onShowProblem={onShowProblem} />
        )}
      </div>
    </div>
  );
}
