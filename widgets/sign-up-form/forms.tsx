import { lazy, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { AgreementCheck } from "../parts/agreement-check";
import { eventCalls } from "../kit/calls/event";
import type { UiSchema, WidgetProps } from "@rjsf/utils";
import type { SubmitOutcome } from "../kit/form-drafts";

/** The platform's sign-up forms: where each is sent, and its schema and validators (loaded with the form, never before). */
export const SIGN_UP_FORMS = {
  specialEnroll: {
    call: eventCalls.specialEnroll,
    load: () => Promise.all([import("@schemas/generated/forms/special-enroll.schema.json"), import("@schemas/generated/forms/special-enroll.validators.js")]),
  },
  specialSignUp: {
    call: eventCalls.specialSignUp,
    load: () => Promise.all([import("@schemas/generated/forms/special-sign-up.schema.json"), import("@schemas/generated/forms/special-sign-up.validators.js")]),
  },
} as const;

export type SignUpFormName = keyof typeof SIGN_UP_FORMS;

export function isSignUpForm(name: unknown): name is SignUpFormName {
  return typeof name === "string" && Object.hasOwn(SIGN_UP_FORMS, name);
}

export interface SignUpFieldsProps {
  draftKey: string;
  agreementLink: string;
  privacyLink: string;
  oneClick: boolean;
  onSubmit: (value: Record<string, unknown>) => Promise<SubmitOutcome | undefined>;
}

/** The agreement box as a form field: the shared agreement check, its value true only when ticked. */
function AgreementBox({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const links = registry.formContext as { agreementLink: string; privacyLink: string };
  return (
    <AgreementCheck
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(checked) => onChange(checked ? true : undefined)}
      agreementLink={links.agreementLink}
      privacyLink={links.privacyLink}
    />
  );
}

const loaded = new Map<SignUpFormName, ComponentType<SignUpFieldsProps>>();

/** The form's component, its schema, validators and SchemaForm fetched as one lazy chunk group on first use. */
export function signUpFields(name: SignUpFormName): ComponentType<SignUpFieldsProps> {
  let component = loaded.get(name);
  if (!component) {
    component = lazy(async () => {
      const [[schema, validators], { SchemaForm }] = await Promise.all([SIGN_UP_FORMS[name].load(), import("../kit/forms")]);
      // The validators came with the schema: this form is fetched only when it is shown, and then validated at once.
      const kit = { schema: schema.default as never, loadValidators: async () => validators };
      const fields = Object.keys((schema.default as { properties: Record<string, { type?: string }> }).properties);
      // biome-ignore lint/correctness/noComponentHookFactories: one component per form, made once when its schema loads
      function SignUpFields({ draftKey, agreementLink, privacyLink, oneClick, onSubmit }: SignUpFieldsProps) {
        const { t } = useTranslation("spec");
        // The schema's own title and description are for developers; the widget's title and subtitle speak to the user.
        const uiSchema: UiSchema = Object.fromEntries([
          ["ui:title", ""],
          ["ui:description", ""],
          ...fields.map((field) =>
            field === "agree"
              ? [field, { "ui:widget": "agreement", "ui:options": { label: false } }]
              : [
                  field,
                  {
                    "ui:title": t(`signUp.fields.${field}`),
                    "ui:placeholder": t(`signUp.placeholders.${field}`),
                    ...(field === "email" ? { "ui:options": { inputType: "email" } } : {}),
                  },
                ],
          ),
        ]);
        return (
          <SchemaForm
            draftKey={draftKey}
            kit={kit}
            uiSchema={uiSchema}
            context={{ agreementLink, privacyLink }}
            widgets={{ agreement: AgreementBox }}
            submitLabel={oneClick ? t("signUp.submitOneClick") : t("signUp.submit")}
            busyLabel={t("signUp.submitting")}
            onSubmit={onSubmit}
          />
        );
      }
      return { default: SignUpFields };
    });
    loaded.set(name, component);
  }
  return component;
}
