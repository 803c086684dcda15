import captchaValidators from "@schemas/generated/forms/captcha.validators.js";
import sendEmailCodeValidators from "@schemas/generated/forms/send-email-code.validators.js";
import sendSmsValidators from "@schemas/generated/forms/send-sms.validators.js";
import { fieldErrors } from "@contracts/form-errors";
import type { ErrorObject } from "ajv";
import type { CodeRequest } from "./code-target";

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Where a code goes, or the i18n key of what is wrong with the phone or email typed so far. */
export type CodeTarget = { channel: "sms"; phoneNum: string; prefix: string } | { channel: "email"; email: string } | { error: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Checks the target with the send schemas themselves (the captcha fields filled in), so the rules are the same ones. */
function firstError(validate: Validate, value: Record<string, unknown>, field: string): string | null {
  if (validate(value)) return null;
  const fields = fieldErrors(validate.errors);
  return fields[field] ?? Object.values(fields)[0] ?? null;
}

function checkSms(phone: unknown, prefix: unknown): CodeTarget {
  const phoneNum = text(phone);
  const value = { ...(phoneNum ? { phoneNum } : {}), prefix: text(prefix) || "86", randStr: "check", ticket: "check" };
  const error = firstError((sendSmsValidators as Record<string, Validate>)["send-sms"], value, "phoneNum");
  return error ? { error } : { channel: "sms", phoneNum, prefix: value.prefix };
}

function checkEmail(email: unknown): CodeTarget {
  const address = text(email);
  const error = firstError(
    (sendEmailCodeValidators as Record<string, Validate>)["send-email-code"],
    { ...(address ? { email: address } : {}), randStr: "check", ticket: "check" },
    "email",
  );
  return error ? { error } : { channel: "email", email: address };
}

/** The request checked: where the code goes, or the i18n key of what is wrong with the phone or email. */
export function checkTarget(request: CodeRequest): CodeTarget {
  return request.channel === "sms" ? checkSms(request.phone, request.prefix) : checkEmail(request.email);
}

/** The four digits the user read from the captcha image, checked with the captcha schema; null when fine. */
export function captchaError(ticket: string): string | null {
  return firstError((captchaValidators as Record<string, Validate>).captcha, ticket ? { ticket } : {}, "ticket");
}
