import { cloneElement, isValidElement, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import Form from "@rjsf/core";
import type { ErrorSchema, MultiSchemaFieldTemplateProps, RJSFValidationError, UiSchema, ValidatorType } from "@rjsf/utils";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import { $drafts, saveDraft } from "./drafts";
import { formWidgets } from "./widgets";
import { type FormKit, type SchemaFormProps, trimStrings } from "./form-kit";

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

/** The form's precompiled validator, checking what the server will check: the trimmed values. */
function validatorFor(schema: FormKit["schema"], functions: unknown): ValidatorType {
  let validator = validators.get(schema);
  if (!validator) {
    const compiled = createPrecompiledValidator(functions as ValidatorFunctions, schema);
    const trimming = Object.create(compiled) as ValidatorType;
    trimming.validateFormData = (formData, ...rest) => compiled.validateFormData(trimStrings(formData), ...rest);
    validator = trimming;
    validators.set(schema, validator);
  }
  return validator;
}

/** The messages of a refused submit (field → i18n key or the platform's words) as RJSF errors; "_form" is the root's. */
function errorSchemaOf(fields: Record<string, string>, t: (key: string) => string): ErrorSchema {
  return Object.fromEntries(
    Object.entries(fields).map(([field, key]) => (field === "_form" ? ["__errors", [t(key)]] : [field, { __errors: [t(key)] }])),
  ) as ErrorSchema;
}

interface Props<T> extends SchemaFormProps<T> {
  /** The kit's precompiled validators, loaded by SchemaForm before it mounts this form. */
  validators: unknown;
  /** Messages the route action gave a native post of this form, shown until the user changes something. */
  serverFields?: Record<string, string>;
  /** The user submitted before this runtime arrived: submit as soon as it is mounted. */
  submitOnMount?: boolean;
}

/**
 * The interactive form (RJSF), loaded lazily by SchemaForm: validated by its precompiled validator (no eval, strict
 * CSP). Messages are the schema's errorMessage keys, translated; one message per field, the first rule that failed.
 */
export default function RjsfForm<T extends object>({
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
  serverFields,
  submitOnMount,
  validators: functions,
}: Props<T>) {
  const { t, i18n } = useTranslation();
  const drafts = useStore($drafts);
  const formData = (drafts[draftKey] as T | undefined) ?? (initial as T | undefined) ?? ({} as T);
  const [submitted, setSubmitted] = useState(Boolean(serverFields));
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(() => (serverFields ? errorSchemaOf(serverFields, t) : undefined));
  const form = useRef<Form<T>>(null);
  const validator = validatorFor(kit.schema, functions);

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

  useEffect(() => {
    if (submitOnMount) form.current?.submit();
  }, []);

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
          if (outcome?.fields) setServerErrors(errorSchemaOf(outcome.fields, t));
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
