import type { ErrorObject } from "ajv";
import { fieldErrors } from "@contracts/form-errors";
import type { FormKit } from "~/forms/form-kit";

/** The message of a value that could not be checked because the validators did not load. */
export const UNCHECKED = "common:actions.failed";

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Checks a value with a form's precompiled validator, as the platform will check the same body, for widgets whose
 * editor is not a schema form (a rich-text editor): the i18n key of each failing field, empty when the value passes.
 * Light: no form runtime comes with it. The validators load on first use (ADR 033); a widget starts that early with
 * `preloadValidators` (its form's first focus), and a check made before they are in waits for them, never skips: when
 * they cannot be fetched (offline), the answer is `_form` → "failed, try again", and nothing is sent.
 */
/**
 * A form checked outside a schema form: its schema's `$id` (its name in schemas/forms) and its validators' loader. The
 * schema itself is not needed to check, so it stays out of the page.
 */
export interface FormCheck {
  id: string;
  loadValidators: FormKit["loadValidators"];
}

export async function checkForm(form: FormCheck, value: Record<string, unknown>): Promise<Record<string, string>> {
  let validators: unknown;
  try {
    validators = (await form.loadValidators()).default;
  } catch {
    return { _form: UNCHECKED };
  }
  const validate = (validators as Record<string, Validator | undefined>)[form.id];
  if (!validate) throw new Error(`the validators loaded for "${form.id}" have no validator of that id`);
  return validate(value) ? {} : fieldErrors(validate.errors);
}

/** Starts fetching a form's validators (on the form's first focus or input), so the submit's check does not wait. */
export function preloadValidators(form: FormCheck): void {
  void form.loadValidators().catch(() => {
    // Offline for now: the check at submit loads them again and says so if it still cannot.
  });
}
