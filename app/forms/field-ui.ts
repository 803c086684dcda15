import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import type { UiSchema } from "@rjsf/utils";
import { $drafts } from "./drafts";

/** The draft a form keeps in the drafts store, read outside the form (e.g. by its send-code button). */
export function draftOf(key: string): Record<string, unknown> {
  return ($drafts.get()[key] as Record<string, unknown> | undefined) ?? {};
}

/** The same draft for a field whose choices depend on other fields: it renders again whenever the form changes. */
export function useDraft(key: string): Record<string, unknown> {
  return (useStore($drafts, { keys: [key] })[key] as Record<string, unknown> | undefined) ?? {};
}

/** sourceUrl of the login calls: where the user logged in, within the schema's 500 characters. */
export function sourceUrl(): string {
  return (window.location.pathname + window.location.search).slice(0, 500);
}

/** Labels and widgets shared by the account forms, translated. */
export function useFieldUi() {
  const { t } = useTranslation();
  const hidden = { "ui:widget": "hidden" };
  return {
    hidden,
    prefix: { "ui:widget": "prefix", "ui:title": t("verify:fields.prefix"), "ui:classNames": "field-prefix" },
    phone: {
      "ui:title": t("verify:fields.phone"),
      "ui:placeholder": t("verify:fields.phonePlaceholder"),
      "ui:classNames": "field-phone",
      "ui:autocomplete": "tel-national",
      "ui:inputType": "tel",
    },
    code: { "ui:widget": "code", "ui:title": t("verify:fields.code"), "ui:placeholder": t("verify:fields.codePlaceholder") },
    email: { "ui:title": t("verify:fields.email"), "ui:placeholder": t("verify:fields.emailPlaceholder"), "ui:autocomplete": "email", "ui:inputType": "email" },
    password: {
      "ui:widget": "password",
      "ui:title": t("password:fields.password"),
      "ui:placeholder": t("password:fields.passwordPlaceholder"),
      "ui:autocomplete": "current-password",
    },
    newPassword: {
      "ui:widget": "password",
      "ui:title": t("password:fields.password"),
      "ui:placeholder": t("password:fields.passwordPlaceholder"),
      "ui:autocomplete": "new-password",
    },
    passwordNext: {
      "ui:widget": "password",
      "ui:title": t("password:fields.passwordNext"),
      "ui:placeholder": t("password:fields.passwordNextPlaceholder"),
      "ui:autocomplete": "new-password",
    },
    invite: { "ui:title": t("verify:fields.invite"), "ui:placeholder": t("verify:fields.invitePlaceholder") },
  } satisfies Record<string, UiSchema>;
}
