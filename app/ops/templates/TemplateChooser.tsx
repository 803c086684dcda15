import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { OPS_API, type OpsDraft, type OpsEditorMetadata } from "@contracts/ops";
import { opsGet, opsPost } from "~/ops/api";
import { editorPath, errorText } from "~/ops/format";
import { textOf } from "~/ops/editor/use-draft";
import { loadTemplate } from "./load";
import { TEMPLATE_NAMES, startFromTemplate, templateHasEvent, type TemplateName } from "./start";
import { TemplateIcon } from "./TemplateIcon";

type Field = "path" | "titleZh" | "titleEn" | "eventId";
type Problems = Partial<Record<Field, string>>;

/** The problems of the chooser's fields, in words, each at its field (the editor checks the rest of the page). */
function fieldProblems(
  t: (key: string, options?: Record<string, unknown>) => string,
  values: Record<Field, string>,
  context: { paths: string[]; pathPattern: RegExp; needsEvent: boolean },
): Problems {
  const problems: Problems = {};
  const path = values.path.trim();
  if (!path) problems.path = t("templates.problems.pathMissing");
  else if (!context.pathPattern.test(path) || path === "/") problems.path = t("problems.pattern.path");
  else if (context.paths.includes(path)) problems.path = t("templates.problems.pathTaken", { path });
  if (!values.titleZh.trim()) problems.titleZh = t("templates.problems.titleMissing");
  if (!values.titleEn.trim()) problems.titleEn = t("templates.problems.titleMissing");
  if (context.needsEvent && !/^[1-9]\d*$/.test(values.eventId.trim())) problems.eventId = t("templates.problems.eventMissing");
  return problems;
}

/** "New page": a template chosen by its picture and words, then its path, title and event; the editor opens on the draft. */
export function TemplateChooser({ paths }: { paths: string[] }) {
  const { t } = useTranslation("opsEditor");
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<TemplateName | null>(null);
  const [template, setTemplate] = useState<Record<string, unknown> | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ path: "", titleZh: "", titleEn: "", eventId: "" });
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [pathPattern, setPathPattern] = useState<RegExp | null>(null);

  const choose = async (name: TemplateName) => {
    setChosen(name);
    setTemplate(null);
    // The path pattern comes with the editor's metadata, asked for once, while the operator fills the fields.
    if (!pathPattern) {
      void opsGet<OpsEditorMetadata>(OPS_API.metadata).then((answer) => {
        if (answer.ok) setPathPattern(new RegExp(answer.data.pathPattern));
        else setError(errorText(answer.error, t));
      });
    }
    setTemplate(await loadTemplate(name));
  };
  const needsEvent = template !== null && templateHasEvent(template);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!template || !pathPattern) return;
    const found = fieldProblems(t, values, { paths, pathPattern, needsEvent });
    setProblems(found);
    if (Object.keys(found).length) return document.getElementById(`ops-template-${Object.keys(found)[0]}`)?.focus();
    setBusy(true);
    setError(null);
    const path = values.path.trim();
    const config = startFromTemplate(template, {
      path,
      title: { zh: values.titleZh, en: values.titleEn },
      eventId: needsEvent ? Number(values.eventId) : null,
    });
    const answer = await opsPost<OpsDraft>(OPS_API.saveDraft, { path, text: textOf(config), baseUpdatedAt: null });
    setBusy(false);
    if (answer.ok) return navigate(editorPath(path));
    if (answer.status === 409) setProblems({ path: t("templates.problems.pathTaken", { path }) });
    else setError(errorText(answer.error, t));
  };

  const field = (name: Field, extra: { inputMode?: "numeric"; placeholder?: string } = {}) => (
    <div className="ops-field">
      <label htmlFor={`ops-template-${name}`} className="ops-label">
        {t(`templates.fields.${name}`)}
      </label>
      <input
        id={`ops-template-${name}`}
        value={values[name]}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={`ops-template-${name}-help`}
        onChange={(change) => setValues((current) => ({ ...current, [name]: change.target.value }))}
        {...extra}
      />
      <small id={`ops-template-${name}-help`} className={problems[name] ? "ops-field-error" : "ops-muted"}>
        {problems[name] ?? t(`templates.help.${name}`)}
      </small>
    </div>
  );

  return (
    <section className="ops-copy ops-templates" aria-labelledby="ops-templates-title">
      <h2 id="ops-templates-title">{t("templates.title")}</h2>
      <p className="ops-muted">{t("templates.intro")}</p>
      <div className="ops-template-cards" role="radiogroup" aria-label={t("templates.choose")}>
        {TEMPLATE_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={chosen === name}
            className={chosen === name ? "ops-template-card chosen" : "ops-template-card"}
            onClick={() => void choose(name)}
          >
            <TemplateIcon name={name} />
            <strong>{t(`templates.names.${name}.name`)}</strong>
            <span className="ops-muted">{t(`templates.names.${name}.description`)}</span>
          </button>
        ))}
      </div>
      {chosen && (
        <form
          className="ops-template-form"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t("templates.formTitle", { name: t(`templates.names.${chosen}.name`) })}
        >
          <div className="ops-template-fields">
            {field("path", { placeholder: "/2027ames" })}
            {field("titleZh")}
            {field("titleEn")}
            {needsEvent && field("eventId", { inputMode: "numeric" })}
          </div>
          <button type="submit" className="ops-button ops-primary" disabled={busy || !template || !pathPattern}>
            {t("templates.submit")}
          </button>
          {error && (
            <p className="ops-form-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
