import { captchaValidators, sendEmailCodeValidators, sendSmsValidators } from "@schemas/generated/form-kits";
import { fieldErrors } from "@contracts/form-errors";
import type { ErrorObject } from "ajv";

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Where a code goes, or the i18n key of what is wrong with the phone or email typed so far. */
export type CodeTarget = { channel: "sms"; phoneNum: string; prefix: string } | { channel: "email"; email: string } | { error: string };

/** Purposes the platform knows for a code (send-sms and send-email-code schemas). */
export type CodePurpose = "login" | "register" | "bind" | "findPwd";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Checks the target with the send schemas themselves (the captcha fields filled in), so the rules are the same ones. */
function firstError(validate: Validate, value: Record<string, unknown>, field: string): string | null {
  if (validate(value)) return null;
  const fields = fieldErrors(validate.errors);
  return fields[field] ?? Object.values(fields)[0] ?? null;
}

export function smsTarget(phone: unknown, prefix: unknown): CodeTarget {
  const phoneNum = text(phone);
  const value = { ...(phoneNum ? { phoneNum } : {}), prefix: text(prefix) || "86", randStr: "check", ticket: "check" };
  const error = firstError((sendSmsValidators as Record<string, Validate>)["send-sms"], value, "phoneNum");
  return error ? { error } : { channel: "sms", phoneNum, prefix: value.prefix };
}

export function emailTarget(email: unknown): CodeTarget {
  const address = text(email);
  const error = firstError(
    (sendEmailCodeValidators as Record<string, Validate>)["send-email-code"],
    { ...(address ? { email: address } : {}), randStr: "check", ticket: "check" },
    "email",
  );
  return error ? { error } : { channel: "email", email: address };
}

/** The four digits the user read from the captcha image, checked with the captcha schema; null when fine. */
export function captchaError(ticket: string): string | null {
  return firstError((captchaValidators as Record<string, Validate>).captcha, ticket ? { ticket } : {}, "ticket");
}
