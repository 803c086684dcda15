import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkRobotList, matchRobotEntry, OPS_ROBOT_API, ROBOT_LIMITS, splitKeywords, type RobotList, type RobotProblem } from "@contracts/robot";
import type { OpsProblem } from "@contracts/ops";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import { useStaff } from "~/ops/staff";
import { EntryFields, type EntryDraft } from "~/ops/robot/EntryFields";

let nextKey = 0;
const draftOf = (entry?: RobotList["list"][number]): EntryDraft => ({
  key: String(++nextKey),
  topic: entry?.topic ?? "other",
  question: entry?.question ?? "",
  questionEn: entry?.questionEn ?? "",
  answer: entry?.answer ?? "",
  answerEn: entry?.answerEn ?? "",
  keywords: entry?.keywords.join(", ") ?? "",
});
const listOf = (drafts: EntryDraft[]) => drafts.map(({ key: _key, ...entry }) => entry);

/**
 * A live room's robot (ADR 081): the questions and answers it gives in the room's chat, matched by keywords. Any staff
 * member reads them and tries a question; a publisher saves (viewers get the answers at once). The list is checked
 * here with the platform's own check before it is sent.
 */
export default function OpsRobot() {
  const { t, i18n } = useTranslation("ops");
  const staff = useStaff();
  const canChange = staff.role === "publisher";
  const [planId, setPlanId] = useState("");
  const [loaded, setLoaded] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<EntryDraft[]>([]);
  const [problems, setProblems] = useState<RobotProblem[]>([]);
  const [serverProblems, setServerProblems] = useState<OpsProblem[]>([]);
  const [outcome, setOutcome] = useState<{ kind: "done" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [trial, setTrial] = useState("");

  const load = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!/^[1-9][0-9]{0,11}$/.test(planId.trim())) return setOutcome({ kind: "error", text: t("robot.planIdInvalid") });
    setBusy(true);
    const answer = await opsGet<RobotList>(OPS_ROBOT_API.list, { planId: planId.trim() });
    setBusy(false);
    if (!answer.ok) return setOutcome({ kind: "error", text: answer.status === 404 ? t("robot.noSuchLive") : errorText(answer.error, t) });
    setLoaded(answer.data.planId);
    setDrafts(answer.data.list.map(draftOf));
    setProblems([]);
    setServerProblems([]);
  };

  const save = async () => {
    if (loaded === null) return;
    setOutcome(null);
    setServerProblems([]);
    const checked = checkRobotList(listOf(drafts));
    if (!checked.ok) {
      setProblems(checked.problems);
      return setOutcome({ kind: "error", text: t("robot.fixMarked") });
    }
    setProblems([]);
    setBusy(true);
    const answer = await opsPost<RobotList>(OPS_ROBOT_API.save, { planId: loaded, list: checked.list });
    setBusy(false);
    if (!answer.ok) {
      setServerProblems(answer.error.problems ?? []);
      return setOutcome({ kind: "error", text: errorText(answer.error, t) });
    }
    setDrafts(answer.data.list.map(draftOf));
    setOutcome({ kind: "done", text: t("robot.saved", { count: answer.data.list.length }) });
  };

  const tried = trial.trim()
    ? matchRobotEntry(
        drafts.map((draft) => ({ ...draft, keywords: splitKeywords(draft.keywords) })),
        trial,
      )
    : null;
  // Beside the save button once a room is open: a refused save is seen where the operator pressed it.
  const outcomeBox = outcome && (
    <div className={outcome.kind === "error" ? "ops-form-error" : "ops-done"} role={outcome.kind === "error" ? "alert" : "status"}>
      <p>{outcome.text}</p>
      {serverProblems.length > 0 && (
        <ul>
          {serverProblems.map((problem) => (
            <li key={`${problem.pointer} ${problem.message}`}>
              {problem.pointer} {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="ops-page ops-robot">
      <h1>{t("robot.title")}</h1>
      <p className="ops-muted">{t("robot.help")}</p>
      <form className="ops-copy" onSubmit={(event) => void load(event)} noValidate>
        <div className="ops-copy-fields">
          <div>
            <label htmlFor="ops-robot-plan">{t("robot.planId")}</label>
            <input id="ops-robot-plan" inputMode="numeric" value={planId} onChange={(event) => setPlanId(event.target.value)} />
          </div>
          <button type="submit" className="ops-button ops-primary" disabled={busy}>
            {t("robot.load")}
          </button>
        </div>
      </form>
      {loaded === null && outcomeBox}
      {loaded !== null && (
        <>
          <p className="ops-muted">
            {t("robot.editing", { planId: loaded })} <a href={`/viewLive?id=${loaded}`}>{t("robot.openRoom")}</a>
            {!canChange && ` ${t("robot.publisherOnly")}`}
          </p>
          <div className="ops-copy">
            <label htmlFor="ops-robot-trial">{t("robot.trial")}</label>
            <input id="ops-robot-trial" value={trial} onChange={(event) => setTrial(event.target.value)} />
            {trial.trim() && (
              <p role="status">{tried ? t("robot.trialAnswer", { answer: i18n.language === "en" ? tried.answerEn : tried.answer }) : t("robot.trialNone")}</p>
            )}
          </div>
          {drafts.length === 0 && <p className="ops-muted">{t("robot.empty")}</p>}
          {drafts.map((draft, index) => (
            <EntryFields
              key={draft.key}
              entry={draft}
              number={index + 1}
              disabled={!canChange || busy}
              problems={problems.filter((problem) => problem.entry === index + 1)}
              onChange={(next) => setDrafts((current) => current.map((item) => (item.key === next.key ? next : item)))}
              onRemove={() => setDrafts((current) => current.filter((item) => item.key !== draft.key))}
            />
          ))}
          {outcomeBox}
          {canChange && (
            <div className="ops-copy-fields">
              <button
                type="button"
                className="ops-button"
                disabled={busy || drafts.length >= ROBOT_LIMITS.entries}
                onClick={() => setDrafts((current) => [...current, draftOf()])}
              >
                {t("robot.add")}
              </button>
              <button type="button" className="ops-button ops-primary" disabled={busy} onClick={() => void save()}>
                {t("robot.save")}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
