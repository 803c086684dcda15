import { useTranslation } from "react-i18next";
import { changeText, uiLang } from "./labels";
import type { SectionChange } from "./sections";

/** Changes by section, one line each, in words (a removed block is one line, whatever moved up after it). */
export function ChangeList({ changes }: { changes: SectionChange[] }) {
  const { t, i18n } = useTranslation(["opsEditor", "ops"]);
  const lang = uiLang(i18n.language);
  return (
    <ul className="ops-section-changes">
      {changes.map((change) => (
        <li key={`${change.op}:${change.key}`} className={`ops-section-change ops-section-${change.op}`}>
          {changeText(change, t, lang)}
        </li>
      ))}
    </ul>
  );
}
