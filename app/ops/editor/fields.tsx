/**
 * The parts of the page-config form RJSF does not draw well by itself: a widget (its type picks its props form), a
 * text as a zh/en pair side by side or a binding, a value that is a text, a number or true/false, a data source's API
 * from the served list, and labels and errors beside every field.
 */
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getDefaultRegistry } from "@rjsf/core";
import type {
  ArrayFieldTitleProps,
  BaseInputTemplateProps,
  FieldProps,
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from "@rjsf/utils";
import { TranslatableString, getTemplate, getUiOptions } from "@rjsf/utils";
import { widgetMeta } from "@schemas/generated/widget-meta";
import { choiceLabel } from "./problems";
import { beijingInput, instantOfBeijing } from "./Preview";

/** What the form knows beyond the schema, through RJSF's formContext. */
export interface EditorContext {
  /** The data sources the config declares, for a widget's `data`. */
  dataNames: string[];
  /** The datalist of served API paths. */
  apiListId: string;
  /** The datalist of catalogue keys as bindings ({t.ns.key}). */
  catalogueListId: string;
  /** Moves an entry of the list at a path (a drag dropped), as one edit of the draft. */
  moveEntry?: (path: (string | number)[], from: number, to: number) => void;
}

type Schema = RJSFSchema & Record<string, unknown>;

function resolved(schema: unknown, root: RJSFSchema): Schema {
  let current = schema as Schema;
  for (let depth = 0; current && typeof current.$ref === "string" && depth < 10; depth++) {
    let target: unknown = root;
    for (const segment of current.$ref.replace(/^#\//, "").split("/")) target = (target as Record<string, unknown> | undefined)?.[segment];
    current = (target ?? {}) as Schema;
  }
  return current ?? {};
}

/** A text: a zh/en pair or a binding (common.schema.json#/$defs/text). */
export function isTextSchema(schema: RJSFSchema, root: RJSFSchema): boolean {
  return (schema.anyOf ?? []).some((option) => {
    const shape = resolved(option, root);
    return shape.type === "object" && Boolean(shape.properties?.zh && shape.properties?.en);
  });
}

/**
 * A field's name: the catalogue's for its property (a shared definition's own title, "Gate" or "LocalizedText", says
 * nothing of where it is used), the property itself for a name the catalogue does not know (a data source's name),
 * the position for a list item.
 */
function useFieldName(path: readonly (string | number)[], fallback: string): string {
  const { t } = useTranslation("ops");
  const key = path[path.length - 1];
  if (typeof key === "number") return `#${key + 1}`;
  return key === undefined ? fallback : t(`fields.${key}`, { defaultValue: key });
}

const describedBy = (id: string, errors?: string[]) => (errors?.length ? `${id}__error` : undefined);

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={`${id}__error`} className="ops-field-error">
      {errors.join(" ")}
    </p>
  );
}

/**
 * Every field: its label (the catalogue's name for a known property, else the property's own name), the input, and
 * the problems at its pointer right under it. A group (an object, a text pair) is labelled by its legend.
 */
export function OpsFieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, registry, uiSchema, schema, classNames, fieldPathId } = props;
  const name = useFieldName(fieldPathId.path, label);
  if (hidden) return <div className="ops-hidden">{children}</div>;
  const WrapIfAdditionalTemplate = getTemplate("WrapIfAdditionalTemplate", registry, getUiOptions(uiSchema));
  const text = isTextSchema(schema, registry.rootSchema);
  const own = text || schema.type === "object" || schema.type === "array" ? undefined : rawErrors;
  return (
    <WrapIfAdditionalTemplate {...props} classNames={`${classNames ?? ""} ops-field`}>
      {text ? (
        <div role="group" aria-labelledby={`${id}__label`} className="ops-text-field">
          <span id={`${id}__label`} className="ops-label">
            {name}
            {required && <span className="ops-required">*</span>}
          </span>
          {children}
          <FieldErrors id={id} errors={rawErrors} />
        </div>
      ) : (
        <>
          {displayLabel && label && (
            <label htmlFor={id} className="ops-label">
              {name}
              {required && <span className="ops-required">*</span>}
            </label>
          )}
          {children}
          <FieldErrors id={id} errors={own} />
        </>
      )}
    </WrapIfAdditionalTemplate>
  );
}

/** The page's wiring rather than its content: shown under "Advanced", after the content. */
const ROOT_ADVANCED = new Set(["data", "query", "gate", "aliases", "status"]);

/** The fields of an object that go under "Advanced": the page's and a widget's wiring. */
function advancedOf(id: string, schema: RJSFSchema): Set<string> {
  if (id === "root") return ROOT_ADVANCED;
  return schema.properties?.type && schema.properties?.props ? WIDGET_ADVANCED : new Set();
}

function AdvancedFields({ children }: { children: ReactNode }) {
  const { t } = useTranslation("opsEditor");
  const [open, setOpen] = useState(false);
  return (
    <details className="ops-advanced" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("advanced")}</summary>
      {children}
    </details>
  );
}

/** An object's fields under its name; its own problems (a missing property of a pair) come first; wiring last, folded. */
export function OpsObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, errorSchema, required, optionalDataControl, schema, uiSchema } = props;
  const errors = (errorSchema as { __errors?: string[] } | undefined)?.__errors;
  const id = fieldPathId.$id;
  const name = useFieldName(fieldPathId.path, title);
  const isPair = Object.keys(schema.properties ?? {}).join() === "zh,en";
  const advanced = advancedOf(id, schema);
  const content = properties.filter((property) => !advanced.has(property.name));
  const wiring = properties.filter((property) => advanced.has(property.name) && !property.hidden);
  return (
    <fieldset className="ops-object" id={id} aria-describedby={describedBy(id, errors)}>
      {name && id !== "root" && getUiOptions(uiSchema).label !== false && (
        <legend>
          {name}
          {required && <span className="ops-required">*</span>}
        </legend>
      )}
      <FieldErrors id={id} errors={errors} />
      {optionalDataControl}
      {isPair ? <div className="ops-pair">{content.map((property) => property.content)}</div> : content.map((property) => property.content)}
      {wiring.length > 0 && <AdvancedFields>{wiring.map((property) => property.content)}</AdvancedFields>}
    </fieldset>
  );
}

function TextPair({ id, formData, onChange, fieldPathId, errorSchema, disabled, readonly, registry }: FieldProps) {
  const { t } = useTranslation("ops");
  const context = registry.formContext as EditorContext;
  const isPair = formData === undefined || (typeof formData === "object" && formData !== null);
  const pair = (isPair ? (formData ?? {}) : {}) as { zh?: string; en?: string };
  const errors = errorSchema as Record<string, { __errors?: string[] }> | undefined;
  const setPart = (lang: "zh" | "en") => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...pair, [lang]: event.target.value };
    onChange(next.zh === "" && next.en === "" ? undefined : next, fieldPathId.path);
  };
  const base = fieldPathId.$id ?? id;
  return (
    <div className="ops-text">
      <label className="ops-text-mode">
        <span className="ops-visually-hidden">{t("editor.textKind")}</span>
        <select
          value={isPair ? "pair" : "binding"}
          disabled={disabled || readonly}
          // A binding starts as an empty string (a string is what tells it from a pair); a pair starts empty.
          onChange={(event) => onChange(event.target.value === "pair" ? undefined : "", fieldPathId.path)}
        >
          <option value="pair">{t("editor.textPair")}</option>
          <option value="binding">{t("editor.textBinding")}</option>
        </select>
      </label>
      {isPair ? (
        <div className="ops-pair">
          {(["zh", "en"] as const).map((lang) => (
            <div key={lang} className="ops-pair-part">
              <label htmlFor={`${base}_${lang}`}>{t(`editor.lang.${lang}`)}</label>
              <input
                id={`${base}_${lang}`}
                lang={lang === "zh" ? "zh-CN" : "en"}
                value={pair[lang] ?? ""}
                disabled={disabled || readonly}
                aria-invalid={errors?.[lang]?.__errors?.length ? true : undefined}
                aria-describedby={describedBy(`${base}_${lang}`, errors?.[lang]?.__errors)}
                onChange={setPart(lang)}
              />
              <FieldErrors id={`${base}_${lang}`} errors={errors?.[lang]?.__errors} />
            </div>
          ))}
        </div>
      ) : (
        <input
          id={base}
          className="ops-binding"
          list={context.catalogueListId}
          value={typeof formData === "string" ? formData : ""}
          placeholder="{t.spec.page.about}"
          aria-label={t("editor.textBinding")}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.target.value, fieldPathId.path)}
        />
      )}
    </div>
  );
}

type ScalarKind = "text" | "number" | "boolean";
const kindOf = (value: unknown): ScalarKind => (typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "text");

/** A request parameter: text, a number or true/false (paramValue), kept as the kind chosen. */
function ScalarField({ formData, onChange, fieldPathId, disabled, readonly, rawErrors }: FieldProps) {
  const { t } = useTranslation("ops");
  const kind = kindOf(formData);
  const id = fieldPathId.$id;
  const change = (value: unknown) => onChange(value, fieldPathId.path);
  return (
    <div className="ops-scalar">
      <select
        aria-label={t("editor.valueKind")}
        value={kind}
        disabled={disabled || readonly}
        onChange={(event) => {
          const next = event.target.value as ScalarKind;
          if (next === "number") change(Number(formData) || 0);
          else if (next === "boolean") change(formData === "true" || formData === true);
          else change(formData === undefined ? "" : String(formData));
        }}
      >
        <option value="text">{t("editor.kind.text")}</option>
        <option value="number">{t("editor.kind.number")}</option>
        <option value="boolean">{t("editor.kind.boolean")}</option>
      </select>
      {kind === "boolean" ? (
        <select id={id} value={String(formData)} disabled={disabled || readonly} onChange={(event) => change(event.target.value === "true")}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          id={id}
          inputMode={kind === "number" ? "decimal" : undefined}
          value={formData === undefined ? "" : String(formData)}
          disabled={disabled || readonly}
          aria-invalid={rawErrors?.length ? true : undefined}
          aria-describedby={describedBy(id, rawErrors)}
          onChange={(event) => {
            const typed = event.target.value;
            // A number field keeps what is typed until it reads as a number ("1." on the way to "1.5").
            change(kind === "number" && typed.trim() !== "" && Number.isFinite(Number(typed)) ? Number(typed) : typed);
          }}
        />
      )}
    </div>
  );
}

/** An instant as a config writes it from a Beijing wall-clock time: "2027-04-18T09:00:00+08:00". */
export function beijingIsoOf(local: string): string | undefined {
  const instant = instantOfBeijing(local);
  return Number.isFinite(instant) ? `${beijingInput(instant)}:00+08:00` : undefined;
}

/**
 * A date and time picked in Beijing time (the time every page shows), whatever the staff computer's zone; written as
 * ISO with +08:00. A value the picker cannot show (a binding, text typed in the JSON tab) stays as it is, in a text box.
 */
export function BeijingDateTime({
  id,
  value,
  onChange,
  disabled,
  readonly,
  rawErrors,
}: {
  id: string;
  value: unknown;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  readonly?: boolean;
  rawErrors?: string[];
}) {
  const { t } = useTranslation("opsEditor");
  const text = typeof value === "string" ? value : "";
  const instant = text ? Date.parse(text) : Number.NaN;
  const pickable = !text || (Number.isFinite(instant) && !text.startsWith("{"));
  const common = { id, disabled: disabled || readonly, "aria-invalid": rawErrors?.length ? true : undefined, "aria-describedby": describedBy(id, rawErrors) };
  return (
    <span className="ops-datetime">
      {pickable ? (
        <input
          {...common}
          type="datetime-local"
          value={text ? beijingInput(instant) : ""}
          onChange={(event) => onChange(event.target.value ? beijingIsoOf(event.target.value) : undefined)}
        />
      ) : (
        <input {...common} value={text} onChange={(event) => onChange(event.target.value || undefined)} />
      )}
      <span className="ops-muted"> {t("dateTime.hint")}</span>
    </span>
  );
}

/** The date-time widget of a plain date-time field (the page's publish window). */
export function DateTimeWidget({ id, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
  return <BeijingDateTime id={id} value={value} onChange={onChange} disabled={disabled} readonly={readonly} rawErrors={rawErrors} />;
}

/** A string that may also be a binding (a date or its binding, an image path or its binding): one input. */
function StringChoiceField({ formData, onChange, fieldPathId, disabled, readonly, rawErrors, schema, registry }: FieldProps) {
  const id = fieldPathId.$id;
  const dated = (schema.anyOf ?? []).some((option) => resolved(option, registry.rootSchema).format === "date-time");
  if (dated) {
    return (
      <BeijingDateTime
        id={id}
        value={formData}
        onChange={(value) => onChange(value, fieldPathId.path)}
        disabled={disabled}
        readonly={readonly}
        rawErrors={rawErrors}
      />
    );
  }
  return (
    <input
      id={id}
      value={typeof formData === "string" ? formData : ""}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, rawErrors)}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value, fieldPathId.path)}
    />
  );
}

/** anyOf: drawn by what its alternatives are, never as RJSF's "option N" select. */
export function AlternativesField(props: FieldProps) {
  const { schema, registry } = props;
  if (isTextSchema(schema, registry.rootSchema)) return <TextPair {...props} />;
  const options = (schema.anyOf ?? []).map((option) => resolved(option, registry.rootSchema));
  if (options.every((option) => option.type === "string")) return <StringChoiceField {...props} />;
  return <ScalarField {...props} />;
}

/** oneOf on an object that only says which properties are required (richText: html or blocks): the validator's matter. */
export function RequirementOnlyField() {
  return null;
}

/** Parts of a widget that are wiring rather than content: shown under "Advanced". */
const WIDGET_ADVANCED = new Set(["data", "gate", "visibleWhen"]);

/**
 * One widget of the page: its block name and icon, the block's own fields (its props, from the type's props schema),
 * and its wiring (data source, gate, visibility) under "Advanced". Changing the block starts its props afresh (the old
 * type's props would not fit). Open or closed as the operator left it: typing never folds it away.
 */
export function WidgetNodeField(props: FieldProps) {
  const { t, i18n } = useTranslation("ops");
  const { schema, formData, fieldPathId, onChange, registry, uiSchema, errorSchema } = props;
  const node = (formData ?? {}) as { type?: string; props?: unknown };
  const { ObjectField } = registry.fields;
  const propsRef = node.type ? { $ref: `#/$defs/${node.type}Props` } : { type: "object" };
  const withProps: RJSFSchema = { ...schema, properties: { ...(schema.properties ?? {}), props: propsRef as RJSFSchema } };
  // The widget's summary names it: its fields need no legend of their own.
  const { "ui:field": _field, ...rest } = (uiSchema ?? {}) as UiSchema & { "ui:field"?: unknown };
  const ownUi: UiSchema = { ...rest, "ui:label": false, type: { "ui:widget": "widgetType" } };
  const typePath = [...fieldPathId.path, "type"];
  const summaryId = useId();
  const hasProblems = Boolean(errorSchema && Object.keys(errorSchema).length);
  const [open, setOpen] = useState(hasProblems || !node.type);
  const index = fieldPathId.path[fieldPathId.path.length - 1];
  const meta = node.type ? widgetMeta[node.type] : undefined;
  const lang = i18n.language === "en" ? "en" : "zh";
  return (
    <details className="ops-widget" open={open || hasProblems} onToggle={(event) => setOpen(event.currentTarget.open)} aria-labelledby={summaryId}>
      <summary id={summaryId}>
        <span className="ops-widget-index">#{Number(index) + 1}</span> {meta && <span aria-hidden="true">{meta.icon}</span>}{" "}
        {node.type ? (meta?.name[lang] ?? node.type) : t("editor.widgetTypeMissing")}
        {hasProblems && <span className="ops-status ops-status-problem">{t("editor.hasProblems")}</span>}
      </summary>
      <ObjectField
        {...props}
        schema={withProps}
        uiSchema={ownUi}
        onChange={(value, path, errors, id) => {
          const isTypeChange = path.length === typePath.length && path.every((segment, at) => segment === typePath[at]);
          if (isTypeChange && value !== node.type) {
            const { props: _old, ...rest } = node as Record<string, unknown>;
            onChange({ ...rest, type: value }, fieldPathId.path, undefined, id);
          } else onChange(value, path, errors, id);
        }}
      />
    </details>
  );
}

/** Blocks whose name or description holds every word of the query (either language), in the UI language's order. */
export function searchBlocks(types: string[], query: string, lang: "zh" | "en"): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (type: string) => {
    const meta = widgetMeta[type];
    return meta ? `${type} ${meta.name.zh} ${meta.name.en} ${meta.description.zh} ${meta.description.en}`.toLowerCase() : type.toLowerCase();
  };
  return types
    .filter((type) => words.every((word) => text(type).includes(word)))
    .sort((a, b) => (widgetMeta[a]?.name[lang] ?? a).localeCompare(widgetMeta[b]?.name[lang] ?? b, lang));
}

/**
 * A widget's block: its name, icon and description; to choose or change it, a search over every block's name and
 * description in both languages, each result saying what the block does.
 */
export function WidgetTypeWidget({ id, value, onChange, options, disabled, readonly }: WidgetProps) {
  const { t, i18n } = useTranslation("opsEditor");
  const lang = i18n.language === "en" ? "en" : "zh";
  const [choosing, setChoosing] = useState(!value);
  const [query, setQuery] = useState("");
  const types = ((options.enumOptions ?? []) as { value: string }[]).map((option) => option.value);
  const meta = value ? widgetMeta[value] : undefined;
  if (!choosing) {
    return (
      <div className="ops-block-chosen">
        <p id={id}>
          <strong>{meta?.name[lang] ?? value}</strong> {meta && <span className="ops-muted">{meta.description[lang]}</span>}
        </p>
        <button type="button" className="ops-button ops-small" disabled={disabled || readonly} onClick={() => setChoosing(true)}>
          {t("add.change")}
        </button>
      </div>
    );
  }
  const found = searchBlocks(types, query, lang);
  return (
    <div className="ops-block-picker" role="group" aria-label={t("add.title")}>
      <input
        id={id}
        type="search"
        value={query}
        placeholder={t("add.search")}
        aria-label={t("add.search")}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="ops-muted" aria-live="polite">
        {found.length ? t("add.count", { count: found.length }) : t("add.none")}
      </p>
      <ul className="ops-block-results">
        {found.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="ops-block-result"
              disabled={disabled || readonly}
              onClick={() => {
                setChoosing(false);
                onChange(type);
              }}
            >
              <span aria-hidden="true">{widgetMeta[type]?.icon}</span> <strong>{widgetMeta[type]?.name[lang] ?? type}</strong>
              <span className="ops-muted">{widgetMeta[type]?.description[lang]}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A data source's API: typed, with the served APIs offered (method and path). */
export function ApiWidget({ id, value, onChange, disabled, readonly, rawErrors, registry }: WidgetProps) {
  const context = registry.formContext as EditorContext;
  return (
    <input
      id={id}
      list={context.apiListId}
      value={value ?? ""}
      placeholder="/special/detail"
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, rawErrors)}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
    />
  );
}

/** A widget's data source: one of the names the config declares. */
export function SourceNameWidget({ id, value, onChange, disabled, readonly, rawErrors, registry }: WidgetProps) {
  const { t } = useTranslation("ops");
  const context = registry.formContext as EditorContext;
  const names = value && !context.dataNames.includes(value) ? [value, ...context.dataNames] : context.dataNames;
  return (
    <select
      id={id}
      value={value ?? ""}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, rawErrors)}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
    >
      <option value="">{t("editor.noSource")}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}

const DefaultInput = getDefaultRegistry().templates.BaseInputTemplate;

/** RJSF's text input, marked invalid while its field has a problem (screen readers say so; the style shows it). */
export function OpsBaseInputTemplate(props: BaseInputTemplateProps) {
  return <DefaultInput {...props} aria-invalid={props.rawErrors?.length ? true : undefined} />;
}

type ButtonProps = IconButtonProps & { id?: string };

/** RJSF's list and object buttons, with their names as visible text (an icon font the console does not load says nothing). */
function TextButton({ label, danger, registry, className, onClick, disabled, id, title }: ButtonProps & { label: TranslatableString; danger?: boolean }) {
  return (
    <button
      type="button"
      id={id}
      className={`ops-button ops-small${danger ? " ops-danger" : ""} ${className ?? ""}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={title}
    >
      {registry.translateString(label)}
    </button>
  );
}

export const opsButtonTemplates = {
  AddButton: (props: ButtonProps) => <TextButton {...props} className="ops-add" label={TranslatableString.AddItemButton} />,
  CopyButton: (props: ButtonProps) => <TextButton {...props} label={TranslatableString.CopyButton} />,
  MoveUpButton: (props: ButtonProps) => <TextButton {...props} label={TranslatableString.MoveUpButton} />,
  MoveDownButton: (props: ButtonProps) => <TextButton {...props} label={TranslatableString.MoveDownButton} />,
  RemoveButton: (props: ButtonProps) => <TextButton {...props} danger label={TranslatableString.RemoveButton} />,
};

/** A list's legend: its name from the catalogue, as every other field's. */
export function OpsArrayTitle({ title, fieldPathId, required }: ArrayFieldTitleProps) {
  const name = useFieldName(fieldPathId.path, title ?? "");
  return name ? (
    <legend>
      {name}
      {required && <span className="ops-required">*</span>}
    </legend>
  ) : null;
}

/** A choice among values, each shown in words (keep → 继续显示, teal → 青绿), never as the bare value. */
export function ChoiceWidget({ id, value, onChange, options, disabled, readonly, rawErrors, schema, required }: WidgetProps) {
  const { t } = useTranslation("opsEditor");
  const choices = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const shown = value ?? schema.default;
  const at = choices.findIndex((choice) => choice.value === shown);
  return (
    <select
      id={id}
      value={at < 0 ? "" : String(at)}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, rawErrors)}
      onChange={(event) => onChange(event.target.value === "" ? undefined : choices[Number(event.target.value)]?.value)}
    >
      {(!required || at < 0) && schema.default === undefined && <option value="">—</option>}
      {choices.map((choice, index) => (
        <option key={String(choice.value)} value={String(index)}>
          {choiceLabel(choice.value, t)}
        </option>
      ))}
    </select>
  );
}

/** A yes/no field that shows its default when the config leaves it out (a header on by default shows ticked). */
export function DefaultCheckbox({ id, name, value, onChange, disabled, readonly, schema, label, uiSchema }: WidgetProps) {
  const { t } = useTranslation("ops");
  const checked = typeof value === "boolean" ? value : schema.default === true;
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? t(`fields.${name}`, { defaultValue: label || name });
  return (
    <label className="ops-checkbox" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled || readonly} onChange={(event) => onChange(event.target.checked)} />
      {title}
    </label>
  );
}
