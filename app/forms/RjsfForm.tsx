import { cloneElement, isValidElement, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import Form from "@rjsf/core";
import type { ErrorSchema, MultiSchemaFieldTemplateProps, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType, WidgetProps } from "@rjsf/utils";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import { $drafts, saveDraft } from "./drafts";
import { formWidgets } from "./widgets";
import "./forms.css";

export interface FormKit {
  schema: RJSFSchema;
  validators: unknown;
}

export interface SubmitOutcome {
  /** Field → i18n key from the server's same-schema validation (answer data.fields). */
  fields?: Record<string, string>;
}

interface Props<T> {
  /** Keeps what the user typed across failed submits, server errors, language switches and remounts. */
  draftKey: string;
  kit: FormKit;
  uiSchema?: UiSchema;
  submitLabel: string;
  busyLabel?: string;
  /** Keeps the button busy after onSubmit resolved, e.g. while a registration goes on to log in. */
  busy?: boolean;
  initial?: Partial<T>;
  onSubmit: (value: T) => Promise<SubmitOutcome | undefined> | Promise<void>;
  /** Extra context for custom widgets (e.g. the send-code button's target). */
  context?: Record<string, unknown>;
  widgets?: Record<string, (props: WidgetProps) => ReactNode>;
  children?: ReactNode;
}

const validators = new WeakMap<object, ValidatorType>();

/**
 * A schema's `title` and `description` are for developers, and a `oneOf`/`anyOf` is a validation rule (phone or email,
 * a contact that may be empty): none of them is UI. Labels and help come from the catalogues through the uiSchema
 * (`ui:title`, `ui:placeholder`, `ui:help`); the alternatives are checked by the validator, never offered as a select.
 */
const NOTHING = () => null;
const schemaTextTemplates = { TitleFieldTemplate: NOTHING, DescriptionFieldTemplate: NOTHING, MultiSchemaFieldTemplate: FieldWithoutAlternatives };

/**
 * A oneOf/anyOf field as its plain input, labelled once by its own field, without RJSF's "option N" select. An object's
 * alternatives (phone or email) only say which properties are required: nothing to show.
 */
function FieldWithoutAlternatives({ schema, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  if (schema.type === "object" || !isValidElement<{ uiSchema?: UiSchema }>(optionSchemaField)) return null;
  return cloneElement(optionSchemaField, { uiSchema: { ...optionSchemaField.props.uiSchema, "ui:label": false } });
}

/** Strings trimmed and blank ones dropped, as the server's validateBody reads a body: "   " is a missing phone. */
export function trimStrings<T>(value: T): T {
  if (!value || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") result[key] = entry;
    else if (entry.trim()) result[key] = entry.trim();
  }
  return result as T;
}

/** The form's precompiled validator, checking what the server will check: the trimmed values. */
function validatorFor(kit: FormKit): ValidatorType {
  let validator = validators.get(kit.schema);
  if (!validator) {
    const compiled = createPrecompiledValidator(kit.validators as ValidatorFunctions, kit.schema);
    const trimming = Object.create(compiled) as ValidatorType;
    trimming.validateFormData = (formData, ...rest) => compiled.validateFormData(trimStrings(formData), ...rest);
    validator = trimming;
    validators.set(kit.schema, validator);
  }
  return validator;
}

/** The server's answer to a body its form validator refused (code 400, data.fields), as field → i18n key. */
export function serverFieldErrors(envelope: { code: number; data?: unknown }): SubmitOutcome | undefined {
  const fields = (envelope.data as { fields?: Record<string, string> } | undefined)?.fields;
  return envelope.code === 400 && fields && Object.keys(fields).length ? { fields } : undefined;
}

/**
 * A form from a JSON Schema of schemas/forms/, validated by its precompiled validator (no eval, strict CSP).
 * Messages are the schema's errorMessage keys, translated; one message per field, the first rule that failed.
 */
export default function SchemaForm<T extends object>({
  draftKey,
  kit,
  uiSchema,
  submitLabel,
  busyLabel,
  busy: busyOutside,
  initial,
  onSubmit,
  context,
  widgets,
  children,
}: Props<T>) {
  const { t, i18n } = useTranslation();
  const drafts = useStore($drafts);
  const formData = (drafts[draftKey] as T | undefined) ?? (initial as T | undefined) ?? ({} as T);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const form = useRef<Form<T>>(null);
  const validator = validatorFor(kit);

  const transformErrors = useMemo(
    () => (errors: RJSFValidationError[]) => {
      const seen = new Set<string>();
      const result: RJSFValidationError[] = [];
      for (const error of errors) {
        if (error.name !== "errorMessage") continue;
        const inner = (error.params as { errors?: { keyword: string; params: { missingProperty?: string } }[] } | undefined)?.errors?.[0];
        const property = inner?.keyword === "required" && inner.params.missingProperty ? `.${inner.params.missingProperty}` : (error.property ?? "");
        if (seen.has(property)) continue;
        seen.add(property);
        const message = t(error.message ?? "");
        result.push({ ...error, property, message, stack: `${property} ${message}` });
      }
      return result;
    },
    [t],
  );

  // Messages already shown follow a language switch: validate again in the new language.
  useEffect(() => {
    if (submitted) form.current?.validateForm();
  }, [i18n.language]);

  return (
    <Form<T>
      ref={form}
      className="schema-form"
      idPrefix={draftKey}
      schema={kit.schema}
      uiSchema={{ "ui:submitButtonOptions": { norender: true }, ...uiSchema }}
      formData={formData}
      validator={validator as ValidatorType<T>}
      formContext={context}
      widgets={{ ...formWidgets, ...widgets } as never}
      templates={schemaTextTemplates}
      noHtml5Validate
      showErrorList={false}
      liveValidate={submitted ? "onChange" : false}
      extraErrors={serverErrors as ErrorSchema<T> | undefined}
      transformErrors={transformErrors}
      onChange={(event) => {
        saveDraft(draftKey, event.formData);
        if (serverErrors) setServerErrors(undefined);
      }}
      onError={() => setSubmitted(true)}
      onSubmit={async (event) => {
        setSubmitted(true);
        setBusy(true);
        try {
          const outcome = await onSubmit(trimStrings(event.formData as T));
          if (outcome?.fields) {
            // "_form" is the server's name for an error about the whole form, which RJSF keeps at the root.
            setServerErrors(
              Object.fromEntries(
                Object.entries(outcome.fields).map(([field, key]) => (field === "_form" ? ["__errors", [t(key)]] : [field, { __errors: [t(key)] }])),
              ) as ErrorSchema,
            );
          }
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
      <button type="submit" className="button button-primary button-block" disabled={busy || busyOutside}>
        {(busy || busyOutside) && busyLabel ? busyLabel : submitLabel}
      </button>
    </Form>
  );
}
