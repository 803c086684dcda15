/**
 * Spec §5: "For other prefixes, the username of a bound-phone user must not contain email or wx." A phone account's
 * name is its number, and a name holding wx: or email: would mark a third-party or email account (spec §3). Every
 * form that takes a phone checks it with the shared phone definition, in the browser and on the server alike, so a
 * number with any prefix is digits only and is refused with the phone's message otherwise.
 */
import { describe, expect, it } from "vitest";
import type { ErrorObject } from "ajv";
import { fieldErrors } from "@contracts/form-errors";
import { mustBindPhone } from "@contracts/gate";

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Each form that takes a phone: its validators, and the names of its phone and prefix fields. */
const PHONE_FORMS = [
  { id: "bind-phone", load: () => import("@schemas/generated/forms/bind-phone.validators.js"), phone: "phoneNumber", prefix: "mobilePrefix" },
  { id: "login-code", load: () => import("@schemas/generated/forms/login-code.validators.js"), phone: "userName", prefix: "mobilePrefix" },
  { id: "login-password", load: () => import("@schemas/generated/forms/login-password.validators.js"), phone: "mobile", prefix: "mobilePrefix" },
  { id: "register-phone", load: () => import("@schemas/generated/forms/register-phone.validators.js"), phone: "userName", prefix: "mobilePrefix" },
  { id: "find-password", load: () => import("@schemas/generated/forms/find-password.validators.js"), phone: "phone", prefix: "mobilePrefix" },
  { id: "send-sms", load: () => import("@schemas/generated/forms/send-sms.validators.js"), phone: "phoneNum", prefix: "prefix" },
] as const;

async function phoneError(form: (typeof PHONE_FORMS)[number], phone: string, prefix: string): Promise<string | undefined> {
  const validators = (await form.load()).default as unknown as Record<string, Validate>;
  const validate = validators[form.id];
  validate({ [form.phone]: phone, [form.prefix]: prefix });
  return fieldErrors(validate.errors)[form.phone];
}

describe("the bound-phone name rule (spec §5)", () => {
  for (const form of PHONE_FORMS) {
    it(`${form.id}: with another prefix, a number holding email or wx is refused with the phone's message`, async () => {
      for (const [phone, prefix] of [
        ["wx7700900123", "44"],
        ["7700wx:900", "44"],
        ["email85291234", "852"],
        ["email:a@b.com", "1"],
      ]) {
        expect(await phoneError(form, phone, prefix), `${phone} +${prefix}`).toBe("verify:errors.phoneInvalid");
      }
      expect(await phoneError(form, "7700900123", "44")).toBeUndefined();
    });
  }

  it("so a number bound with any prefix never makes its account look like a third-party or email one", () => {
    expect(mustBindPhone({ id: 1, userName: "7700900123", mobilePrefix: "44", isBindPhone: true })).toBe(false);
    expect(mustBindPhone({ id: 2, userName: "wx:o6_bmjrPTlm6_2sgVt7hMZOPfL2M", isBindPhone: false })).toBe(true);
  });
});
