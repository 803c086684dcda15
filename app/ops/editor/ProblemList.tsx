import type { OpsProblem } from "@contracts/ops";

/** Each problem with its JSON pointer as a button that takes the operator to the field. */
export function ProblemList({ problems, onShowProblem }: { problems: OpsProblem[]; onShowProblem: (problem: OpsProblem) => void }) {
  return (
    <ul className="ops-problems">
      {problems.map((problem) => (
        <li key={problem.pointer}>
          <button type="button" className="ops-link" onClick={() => onShowProblem(problem)}>
            <code>{problem.pointer}</code>
          </button>{" "}
          {problem.message}
        </li>
      ))}
    </ul>
  );
}
