import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoment } from "~/format/dates";
import { sectionLabel, uiLang } from "./labels";
import { sectionChanges, type SectionChoice } from "./sections";

export interface Conflict {
  /** draft: another person saved the draft; publish: another person published first. */
  kind: "draft" | "publish";
  editor: string;
  at: string;
  /** The live version theirs is, for a publish conflict. */
  version?: number;
  /** Their config (null when their text is not JSON) and its text. */
  theirs: unknown;
  theirsText: string;
  /** What the draft starts from once this is resolved: their draft's updatedAt (a draft conflict), else the draft's own. */
  base: string | null;
}

interface Props {
  conflict: Conflict;
  mine: unknown;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onMerge: (choices: Record<string, SectionChoice>) => void;
}

/**
 * Another person's change beside mine, section by section, with the choice of which to keep: all mine, all theirs,
 * or each section from the side chosen. Nothing is overwritten before the operator chooses.
 */
export function ConflictPanel({ conflict, mine, onKeepMine, onTakeTheirs, onMerge }: Props) {
  const { t, i18n } = useTranslation(["opsEditor", "ops"]);
  const lang = uiLang(i18n.language);
  const differing = sectionChanges(conflict.theirs, mine);
  const [choices, setChoices] = useState<Record<string, SectionChoice>>({});
  const title = conflict.kind === "draft" ? "conflict.draftTitle" : "conflict.publishTitle";
  return (
    <section className="ops-conflict" role="alert" aria-labelledby="ops-conflict-title">
      <h2 id="ops-conflict-title">{t(title, { editor: conflict.editor, at: formatMoment(conflict.at, lang), version: conflict.version })}</h2>
      <p>{t("conflict.help")}</p>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">{t("conflict.section")}</th>
            <th scope="col">{t("conflict.mine")}</th>
            <th scope="col">{t("conflict.theirs")}</th>
          </tr>
        </thead>
        <tbody>
          {differing.map((change) => {
            const name = `ops-conflict-${change.key}`;
            const chosen = choices[change.key] ?? "mine";
            const label = sectionLabel(change, t, lang);
            return (
              <tr key={change.key}>
                <th scope="row">{label}</th>
                {(["mine", "theirs"] as const).map((side) => (
                  <td key={side}>
                    <label className="ops-choice">
                      <input type="radio" name={name} checked={chosen === side} onChange={() => setChoices({ ...choices, [change.key]: side })} />
                      {t(`conflict.${side}`)}
                      {/* What the side did to the section: a side without it removed or never had it. */}
                      {(side === "mine" ? change.op === "removed" : change.op === "added") ? ` ${t("conflict.none")}` : ""}
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="ops-dialog-actions">
        <button type="button" className="ops-button" onClick={onKeepMine}>
          {t("conflict.keepMine")}
        </button>
        <button type="button" className="ops-button" onClick={onTakeTheirs}>
          {t("conflict.takeTheirs")}
        </button>
        <button type="button" className="ops-button ops-primary" onClick={() => onMerge(choices)}>
          {t("conflict.merge")}
        </button>
      </div>
    </section>
  );
}
