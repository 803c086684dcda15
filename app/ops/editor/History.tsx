import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import { OPS_API, type OpsDiff, type OpsDiffSide, type OpsPublishAnswer, type OpsVersion } from "@contracts/ops";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";

interface Props {
  path: string;
  versions: OpsVersion[];
  liveVersion: number | null;
  hasDraft: boolean;
  /** Null when the staff member may roll back; otherwise why not. */
  rollbackRefusal: string | null;
  onRolledBack: (answer: OpsPublishAnswer) => void;
}

const shortJson = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? "" : text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/** Who published which version when, the changes between any two versions (or the draft), and a one-step roll back. */
export default function History({ path, versions, liveVersion, hasDraft, rollbackRefusal, onRolledBack }: Props) {
  const { t, i18n } = useTranslation("ops");
  const lang = toLang(i18n.language);
  const sides: OpsDiffSide[] = [...(hasDraft ? (["draft"] as const) : []), ...versions.map((version) => `${version.version}` as OpsDiffSide)];
  const [from, setFrom] = useState<OpsDiffSide>(sides[1] ?? sides[0] ?? "draft");
  const [to, setTo] = useState<OpsDiffSide>(sides[0] ?? "draft");
  const [diff, setDiff] = useState<OpsDiff | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sideName = (side: OpsDiffSide) => (side === "draft" ? t("preview.draft") : side === "live" ? t("preview.live") : `v${side}`);

  const compare = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await opsGet<OpsDiff>(OPS_API.diff, { path, from, to });
    if (answer.ok) setDiff(answer.data);
    else setMessage({ kind: "error", text: errorText(answer.error, t) });
  };

  const rollBack = async (version: number) => {
    if (!window.confirm(t("history.confirmRollback", { version, path }))) return;
    setBusy(true);
    const answer = await opsPost<OpsPublishAnswer>(OPS_API.rollback, { path, version, expectedVersion: liveVersion });
    setBusy(false);
    if (answer.ok) {
      setMessage({ kind: "done", text: t("history.rolledBack", { version, live: answer.data.version }) });
      onRolledBack(answer.data);
    } else {
      const problems = answer.error.problems?.map((problem) => `${problem.pointer} ${problem.message}`).join("; ");
      setMessage({ kind: "error", text: problems ? `${errorText(answer.error, t)}: ${problems}` : errorText(answer.error, t) });
    }
  };

  return (
    <div className="ops-history">
      {message && (
        <p className={message.kind === "error" ? "ops-form-error" : "ops-done"} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      )}
      <h2>{t("history.versions")}</h2>
      {versions.length === 0 ? (
        <p className="ops-muted">{t("history.none")}</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t("history.version")}</th>
                <th scope="col">{t("history.publisher")}</th>
                <th scope="col">{t("history.at")}</th>
                <th scope="col">{t("history.note")}</th>
                <th scope="col">
                  <span className="ops-visually-hidden">{t("history.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.version}>
                  <td>
                    v{version.version}
                    {version.version === liveVersion && <span className="ops-status ops-status-live">{t("status.live")}</span>}
                  </td>
                  <td>{version.publisher}</td>
                  <td>{formatMoment(version.publishedAt, lang)}</td>
                  <td>{version.note ?? ""}</td>
                  <td>
                    {version.version !== liveVersion && (
                      <button
                        type="button"
                        className="ops-button"
                        disabled={busy || rollbackRefusal !== null}
                        title={rollbackRefusal ?? undefined}
                        aria-describedby={rollbackRefusal ? "ops-rollback-refusal" : undefined}
                        onClick={() => void rollBack(version.version)}
                      >
                        {t("history.rollBack", { version: version.version })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rollbackRefusal && (
            <p id="ops-rollback-refusal" className="ops-muted">
              {rollbackRefusal}
            </p>
          )}
        </div>
      )}
      {sides.length > 1 && (
        <form className="ops-diff-form" onSubmit={(event) => void compare(event)}>
          <h2>{t("history.compare")}</h2>
          <label htmlFor="ops-diff-from">{t("history.from")}</label>
          <select id="ops-diff-from" value={from} onChange={(event) => setFrom(event.target.value as OpsDiffSide)}>
            {sides.map((side) => (
              <option key={side} value={side}>
                {sideName(side)}
              </option>
            ))}
          </select>
          <label htmlFor="ops-diff-to">{t("history.to")}</label>
          <select id="ops-diff-to" value={to} onChange={(event) => setTo(event.target.value as OpsDiffSide)}>
            {sides.map((side) => (
              <option key={side} value={side}>
                {sideName(side)}
              </option>
            ))}
          </select>
          <button type="submit" className="ops-button">
            {t("history.showChanges")}
          </button>
        </form>
      )}
      {diff && (
        <section aria-labelledby="ops-diff-title">
          <h3 id="ops-diff-title">{t("history.changes", { from: sideName(diff.from), to: sideName(diff.to), count: diff.changes.length })}</h3>
          <ul className="ops-changes">
            {diff.changes.map((change) => (
              <li key={`${change.op}${change.pointer}`} className={`ops-change ops-change-${change.op}`}>
                <span className="ops-change-op">{t(`history.op.${change.op}`)}</span> <code>{change.pointer}</code>
                {change.op !== "added" && <del>{shortJson(change.before)}</del>}
                {change.op !== "removed" && <ins>{shortJson(change.after)}</ins>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
