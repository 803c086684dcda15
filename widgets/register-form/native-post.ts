import registerPhoneSchema from "@schemas/generated/forms/register-phone.schema.json";
import type { RegisterFormProps } from "@schemas/generated/page-config";
import { type NativePost, REG_CHANNEL, registerThenLogIn } from "../kit/forms";

const SAFE = /^[A-Za-z0-9_-]{1,32}$/;

/** The sign-up channel the page's query names, when it is a plain token; else the H5 channel. */
export function channelOf(props: RegisterFormProps): string {
  return props.channel && SAFE.test(props.channel) ? props.channel : REG_CHANNEL;
}

export function inviteCodeOf(props: RegisterFormProps): string | undefined {
  return props.inviteCode && SAFE.test(props.inviteCode) ? props.inviteCode : undefined;
}

/** Signing up by phone without scripts ends as the script's path does: registered, logged in (the cookie), on nextLink. */
export const REGISTER_POST: NativePost<RegisterFormProps> = {
  id: "register-page",
  widget: "registerForm",
  kit: { schema: registerPhoneSchema, loadValidators: () => import("@schemas/generated/forms/register-phone.validators.js") },
  secret: ["password", "passwordNext"],
  submit: (value, props, platform, page) => registerThenLogIn(value, { regChannel: channelOf(props), next: props.nextLink, sourceUrl: page }, platform),
};
