/**
 * The widget kit's forms: schema forms (RJSF) and their fields. Import this only from a form widget or a lazily loaded
 * part of one: it brings the form runtime into the chunk. Drafts and outcomes without the runtime: ./form-drafts.
 * Forms that also work without scripts (ADR 029) declare their plain post with `postOnce`; the register widget shows
 * the phone registration form of /register and the register dialog, and posts it without scripts too.
 */
export { default as SchemaForm, serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
export { emailTarget, smsTarget } from "~/forms/code-target";
export { draftOf, useDraft, useFieldUi } from "~/forms/field-ui";
export type { CodeContext } from "~/forms/widgets";
export { fieldErrors } from "@contracts/form-errors";
export { FREE_TEXT_LIMIT } from "@contracts/free-text";
export { type NativeOutcome, type NativePost, type PlatformCall, postOnce } from "~/forms/native-post";
export { default as PhoneRegisterForm, REG_CHANNEL } from "~/forms/PhoneRegisterForm";
export { registerThenLogIn } from "~/forms/phone-register-post";
