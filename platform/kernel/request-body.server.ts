import type { ErrorObject } from "ajv";
import { fieldErrors } from "@contracts/form-errors.ts";
import { fail, type ApiContext, type Envelope } from "./router.server.ts";
import { say, translate } from "./language.server.ts";

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A form's bundled schema and its precompiled validators, as generated into schemas/generated/forms/. */
export interface FormKit {
  schema: { $id: string };
  validators: Record<string, Validator>;
}

export function formKit(schema: { $id: string }, validators: unknown): FormKit {
  return { schema, validators: validators as Record<string, Validator> };
}

/** The spec's names of a country calling code and of a national phone number in request bodies. */
const CALLING_CODE_FIELDS = new Set(["prefix", "mobilePrefix"]);
const NATIONAL_NUMBER_FIELDS = new Set(["phoneNum", "mobile", "phoneNumber", "phone", "userName"]);

/**
 * One phone, one spelling (E.164's digits): "+86", "086" and "0086" are the calling code 86, and a national number
 * written with its trunk 0 is the number without it. Limits and accounts keyed on the phone then cannot be walked
 * around by respelling it. Anything else (an email as userName) is left as it is.
 */
export function canonicalPhoneField(key: string, value: string): string {
  if (CALLING_CODE_FIELDS.has(key) && /^\+?\d+$/.test(value)) return value.replace(/^\+/, "").replace(/^0+(?=\d)/, "");
  if (NATIONAL_NUMBER_FIELDS.has(key) && /^\d+$/.test(value)) return value.replace(/^0+(?=\d)/, "");
  return value;
}

/**
 * Validates a body with a form's precompiled validator (the same the browser's form uses), after trimming strings
 * and dropping blank ones.
 * Returns the trimmed params, or a 400 envelope with the first field's message and every field's key.
 */
export function validateBody<T>(context: ApiContext, kit: FormKit): { ok: true; value: T } | { ok: false; envelope: Envelope } {
  const validator = kit.validators[kit.schema.$id];
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context.params)) {
    // A blank field is a missing one, as in the browser's form (RJSF drops empty inputs): "required" messages apply.
    if (typeof value !== "string") trimmed[key] = value;
    else if (value.trim()) trimmed[key] = canonicalPhoneField(key, value.trim());
  }
  if (validator(trimmed)) return { ok: true, value: trimmed as T };
  const fields = fieldErrors(validator.errors);
  const first = Object.values(fields)[0];
  return {
    ok: false,
    envelope: fail(400, first ? translate(context, first) : say(context, "请求参数有误", "Invalid request"), { fields }),
  };
}
