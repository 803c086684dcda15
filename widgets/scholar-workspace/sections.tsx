import "../parts/jel-picker.css";
import { useTranslation } from "react-i18next";
import { asText, type Lang } from "../kit/page";

export interface WorkEntry {
  organization: string;
  position: string;
  startYear: number;
  endYear?: number;
}

export interface EducationEntry {
  institution: string;
  degree: string;
  year: number;
}

export interface ResearchField {
  code: string;
  name: string;
  nameEn: string;
}

export interface ScholarSections {
  researchFields?: ResearchField[];
  workHistory?: WorkEntry[];
  education?: EducationEntry[];
  links?: Record<"homepage" | "orcid" | "repec" | "googleScholar", string>;
}

const LINKS = ["homepage", "orcid", "repec", "googleScholar"] as const;

/** The profile's sections as visitors read them; a section nobody filled in is left out. */
export function SectionsView({ scholar, lang }: { scholar: ScholarSections; lang: Lang }) {
  const { t } = useTranslation("scholarWorkspace");
  const fields = scholar.researchFields ?? [];
  const work = scholar.workHistory ?? [];
  const education = scholar.education ?? [];
  const links = LINKS.filter((name) => /^https?:\/\//.test(asText(scholar.links?.[name])));
  return (
    <>
      {fields.length > 0 && (
        <section className="workspace-section" aria-labelledby="ws-fields">
          <h2 id="ws-fields">{t("sections.fields")}</h2>
          <ul className="jel-tags">
            {fields.map((field) => (
              <li key={field.code} className="jel-tag">
                <span className="jel-code">{field.code}</span> {lang === "en" ? field.nameEn : field.name}
              </li>
            ))}
          </ul>
        </section>
      )}
      {work.length > 0 && (
        <section className="workspace-section" aria-labelledby="ws-work">
          <h2 id="ws-work">{t("sections.work")}</h2>
          <ul className="timeline">
            {work.map((entry) => (
              <li key={`${entry.organization}-${entry.startYear}-${entry.position}`}>
                <span className="years">{`${entry.startYear}–${entry.endYear ?? t("sections.present")}`}</span>
                <span>{`${entry.organization} · ${entry.position}`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {education.length > 0 && (
        <section className="workspace-section" aria-labelledby="ws-education">
          <h2 id="ws-education">{t("sections.education")}</h2>
          <ul className="timeline">
            {education.map((entry) => (
              <li key={`${entry.institution}-${entry.year}-${entry.degree}`}>
                <span className="years">{entry.year}</span>
                <span>{`${entry.institution} · ${entry.degree}`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {links.length > 0 && (
        <section className="workspace-section" aria-labelledby="ws-links">
          <h2 id="ws-links">{t("sections.links")}</h2>
          <ul className="profile-links">
            {links.map((name) => (
              <li key={name}>
                <a href={scholar.links?.[name]} target="_blank" rel="noopener noreferrer nofollow">
                  {t(`sections.${name}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
