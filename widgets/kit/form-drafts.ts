/** What a form widget needs before its form runtime loads: dropping a kept draft, and the outcome a submit reports. */
export { clearDraft } from "~/forms/drafts";
export type { SubmitOutcome } from "~/forms/SchemaForm";
