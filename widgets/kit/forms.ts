/**
 * The widget kit's forms: schema forms (RJSF) and their fields. Import this only from a form widget or a lazily loaded
 * part of one: it brings the form runtime into the chunk. Drafts and outcomes without the runtime: ./form-drafts.
 */
export { default as SchemaForm, serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
export { emailTarget, smsTarget } from "~/forms/code-target";
export { draftOf, useDraft, useFieldUi } from "~/forms/field-ui";
export type { CodeContext } from "~/forms/widgets";
export { fieldErrors } from "@contracts/form-errors";
export { FREE_TEXT_LIMIT } from "@contracts/free-text";
