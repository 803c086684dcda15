import changePasswordSchema from "@schemas/generated/forms/change-password.schema.json";
import type { PasswordFormProps } from "@schemas/generated/page-config";
import { accountCalls } from "../kit/calls/account";
import { type NativePost, postOnce } from "../kit/forms";

/** Where changing the password leads when the config names no nextLink. */
export const CHANGE_NEXT = "/setting";

/** Changing the password without scripts (the find-and-reset steps need the captcha's script to send a code). */
export const CHANGE_PASSWORD_POST: NativePost<PasswordFormProps> = {
  id: "change-password",
  widget: "passwordForm",
  shows: (props) => props.mode === "change",
  kit: { schema: changePasswordSchema, loadValidators: () => import("@schemas/generated/forms/change-password.validators.js") },
  secret: ["oldPassword", "password", "passwordNext"],
  submit: postOnce(accountCalls.changePassword, (props) => props.nextLink ?? CHANGE_NEXT),
};
