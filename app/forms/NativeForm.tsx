import type { ComponentType, FocusEvent, FormEvent, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import type { UiSchema, WidgetProps } from "@rjsf/utils";
import type { FormKit } from "./form-kit";
import { FORM_ID_FIELD } from "./native-post";
import { $countryPrefixes } from "./country-prefixes";
import { fieldSchema, orderedFields, type Schema } from "./schema-fields";
import { freeTextLength } from "@contracts/free-text";

interface FieldProps {
  id: string;
  name: string;
  schema: Schema;
  ui: UiSchema;
  required: boolean;
  value: string;
  error?: string;
}

function FieldControl({ id, name, schema, ui, value, error, required }: FieldProps) {
  const { t, i18n } = useTranslation();
  const prefixes = useStore($countryPrefixes);
  const widget = ui["ui:widget"] as string | undefined;
  const describedBy = `${id}__error ${id}__description ${id}__help`;
  const placeholder = (ui["ui:placeholder"] as string | undefined) ?? "";
  const common = {
    id,
    name,
    className: "form-control",
    defaultValue: value,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    required,
  };
  if (widget === "prefix")
    return (
      <select {...common} className="form-control prefix-select" aria-label={ui["ui:title"] as string}>
        {(prefixes.some((entry) => entry.mobilePrefix === value) ? prefixes : [{ id: -1, mobilePrefix: value, country: "", countryEnShort: "" }]).map(
          (entry) => (
            <option key={entry.id} value={entry.mobilePrefix}>
              {`+${entry.mobilePrefix} ${i18n.language === "en" ? entry.countryEnShort : entry.country}`.trim()}
            </option>
          ),
        )}
      </select>
    );
  if (widget === "textarea" || widget === "counted") {
    const options = (ui["ui:options"] ?? {}) as { rows?: number; limit?: number; freeText?: boolean };
    const textarea = <textarea {...common} placeholder={placeholder} rows={Number(options.rows ?? 4)} />;
    if (widget !== "counted") return textarea;
    const limit = Number(options.limit ?? 0);
    const count = options.freeText ? freeTextLength(value) : [...value].length;
    return (
      <div className="counted">
        {textarea}
        {limit > 0 && (
          <span className={count > limit ? "count over" : "count"} aria-hidden="true">
            {`${count}/${limit}`}
          </span>
        )}
      </div>
    );
  }
  if (Array.isArray(schema.enum))
    return (
      <select {...common}>
        {!required && <option value="" />}
        {(schema.enum as unknown[]).map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  const numeric = schema.type === "integer" || schema.type === "number";
  const type =
    (ui["ui:inputType"] as string | undefined) ?? (widget === "password" ? "password" : numeric ? "number" : schema.format === "email" ? "email" : "text");
  const input = <input {...common} placeholder={placeholder} type={type} autoComplete={ui["ui:autocomplete"] as string | undefined} />;
  if (widget !== "code") return input;
  // The code goes out by a captcha the page's scripts show; until they run the button cannot send one.
  return (
    <div className="code-field">
      <div className="code-row">
        {input}
        <button type="button" className="send-code" disabled>
          {t("verify:code.send")}
        </button>
      </div>
      <button type="button" className="link-button help-link">
        {t("verify:code.notReceived")}
      </button>
    </div>
  );
}

function Errors({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div>
      <ul id={`${id}__error`} className="error-detail bs-callout bs-callout-info">
        <li className="text-danger">{message}</li>
      </ul>
    </div>
  );
}

/**
 * A widget the form's caller brings (e.g. the address form's region selects), drawn with the props RJSF would give it,
 * so its markup is the same before the runtime; its changes wait for the runtime, which the first focus fetches.
 */
function CallerWidget({
  Widget,
  id,
  name,
  schema,
  ui,
  value,
  required,
  context,
}: FieldProps & { Widget: ComponentType<WidgetProps>; context?: Record<string, unknown> }) {
  const ignore = () => {};
  const props = {
    id,
    name,
    value: value === "" ? undefined : value,
    schema,
    uiSchema: ui,
    options: (ui["ui:options"] ?? {}) as WidgetProps["options"],
    label: (ui["ui:title"] as string | undefined) ?? name,
    placeholder: (ui["ui:placeholder"] as string | undefined) ?? "",
    required,
    disabled: false,
    readonly: false,
    autofocus: false,
    rawErrors: [],
    onChange: ignore,
    onBlur: ignore,
    onFocus: ignore,
    registry: { formContext: context ?? {} },
  } as unknown as WidgetProps;
  return <Widget {...props} />;
}

interface NativeFormProps {
  formRef: Ref<HTMLFormElement>;
  draftKey: string;
  kit: FormKit;
  uiSchema?: UiSchema;
  values: Record<string, unknown>;
  /** Field → i18n key (or the platform's own words) from the route action's answer to a native post. */
  fields?: Record<string, string>;
  submitLabel: string;
  widgets?: Record<string, (props: WidgetProps) => ReactNode>;
  context?: Record<string, unknown>;
  children?: ReactNode;
  onWake: (event: FocusEvent<HTMLFormElement> | FormEvent<HTMLFormElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The form as plain HTML, in RJSF's markup (same ids, classes and layout), rendered on the server and kept until the
 * form runtime arrives: with no scripts it posts to the page's own URL (the route action validates it with the same
 * schema); with scripts, focusing it fetches the runtime at once and what was typed is carried over.
 */
export function NativeForm({
  formRef,
  draftKey,
  kit,
  uiSchema,
  values,
  fields = {},
  submitLabel,
  widgets,
  context,
  children,
  onWake,
  onSubmit,
}: NativeFormProps) {
  const { t } = useTranslation();
  const schema = kit.schema as Schema;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const formError = fields._form;
  return (
    <form ref={formRef} className="schema-form" method="post" noValidate onFocus={onWake} onInput={onWake} onSubmit={onSubmit}>
      <input type="hidden" name={FORM_ID_FIELD} value={draftKey} />
      <div className={`form-group rjsf-field rjsf-field-object${formError ? " rjsf-field-error has-error has-danger" : ""}`}>
        <fieldset id={draftKey}>
          {orderedFields(schema, uiSchema).map((name) => {
            const property = fieldSchema(schema, properties[name]);
            const ui = (uiSchema?.[name] ?? {}) as UiSchema;
            const id = `${draftKey}_${name}`;
            const type = property.type ?? "string";
            const raw = values[name] ?? property.default;
            if (type === "boolean")
              return (
                <div key={name} className="form-group rjsf-field rjsf-field-boolean">
                  <div className="checkbox ">
                    <label>
                      <input type="checkbox" id={id} name={name} value="true" defaultChecked={raw === true} />
                      <span>{(ui["ui:title"] as string | undefined) ?? name}</span>
                    </label>
                  </div>
                </div>
              );
            if (type !== "string" && type !== "integer" && type !== "number") return null;
            const value = raw === undefined || raw === null ? "" : String(raw);
            if (ui["ui:widget"] === "hidden")
              return (
                <div key={name} className="form-group rjsf-field rjsf-field-string">
                  <input type="hidden" id={id} name={name} value={value} />
                </div>
              );
            const error = fields[name] ? t(fields[name]) : undefined;
            const help = ui["ui:help"] as string | undefined;
            const Custom = widgets?.[ui["ui:widget"] as string] as ComponentType<WidgetProps> | undefined;
            const classNames = ["form-group rjsf-field", `rjsf-field-${type}`, error ? "rjsf-field-error has-error has-danger" : "", ui["ui:classNames"] ?? ""];
            return (
              <div key={name} className={classNames.filter(Boolean).join(" ")}>
                {ui["ui:label"] !== false && (
                  <label className="control-label" htmlFor={id}>
                    {(ui["ui:title"] as string | undefined) ?? name}
                    {required.has(name) && <span className="required">*</span>}
                  </label>
                )}
                {Custom ? (
                  <CallerWidget Widget={Custom} context={context} id={id} name={name} schema={property} ui={ui} value={value} required={required.has(name)} />
                ) : (
                  <FieldControl id={id} name={name} schema={property} ui={ui} value={value} error={error} required={required.has(name)} />
                )}
                <Errors id={id} message={error} />
                {help && (
                  <div id={`${id}__help`} className="help-block">
                    {help}
                  </div>
                )}
              </div>
            );
          })}
        </fieldset>
        <Errors id={draftKey} message={formError ? t(formError) : undefined} />
      </div>
      {children}
      <button type="submit" className="button button-primary button-block">
        {submitLabel}
      </button>
    </form>
  );
}
