import type { ErrorObject } from "ajv";
import { fieldErrors } from "@contracts/form-errors";

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Checks a value with a form's precompiled validator (schemas/generated/form-kits), as the platform will check the same
 * body, for widgets whose editor is not a schema form (a rich-text editor): the i18n key of each failing field, empty
 * when the value passes. Light: no form runtime comes with it.
 */
export function checkForm(kit: { schema: { $id: string }; validators: unknown }, value: Record<string, unknown>): Record<string, string> {
  const validate = (kit.validators as Record<string, Validator>)[kit.schema.$id];
  return validate(value) ? {} : fieldErrors(validate.errors);
}
