import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaperAbstractProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fields, readPath, useLang, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";

/** The paper's fields this widget shows: only these are sent to the browser (ADR 067). */
export const dataReads: WidgetDataReads<PaperAbstractProps> = () => ({
  props: { item: fields("summary", "summaryEn", "keywords", "keywordsEn", "jel") },
});

/** A list field of the paper in the page's language (keywordsEn in English when it has entries), empty entries left out. */
function listOf(item: unknown, field: string, lang: "zh" | "en"): string[] {
  const entries = (name: string) => {
    const value = readPath(item, [name]);
    return Array.isArray(value) ? value.map(asText).filter(Boolean) : [];
  };
  const english = lang === "en" ? entries(`${field}En`) : [];
  return english.length ? english : entries(field);
}

export default function PaperAbstract({ props }: WidgetRenderProps<PaperAbstractProps>) {
  const { t } = useTranslation("paperAbstract");
  const lang = useLang();
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const summary = asText(readPath(props.item, ["summary"], lang)).trim();
  const keywords = listOf(props.item, "keywords", lang);
  const jel = listOf(props.item, "jel", lang);
  if (!summary && !keywords.length && !jel.length) return null;
  const folds = [...summary].length > props.foldAbove;

  return (
    <section className="paper-abstract" aria-labelledby={`${textId}-title`}>
      <h2 id={`${textId}-title`}>{t("title")}</h2>
      {summary && (
        <div id={textId} className={folds && !expanded ? "paper-abstract-text folded" : "paper-abstract-text"}>
          {summary.split(/\n+/).map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      )}
      {folds && (
        <button type="button" className="paper-abstract-toggle" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
          {expanded ? t("collapse") : t("expand")}
        </button>
      )}
      {keywords.length > 0 && <Terms label={t("keywords")} terms={keywords} />}
      {jel.length > 0 && <Terms label={t("jel")} terms={jel} />}
    </section>
  );
}

function Terms({ label, terms }: { label: string; terms: string[] }) {
  return (
    <dl className="paper-abstract-terms">
      <dt>{label}</dt>
      {terms.map((term) => (
        <dd key={term}>{term}</dd>
      ))}
    </dl>
  );
}
