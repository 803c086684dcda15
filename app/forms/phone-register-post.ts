import { LOGIN_SUCCESS } from "~/account/flows";
import { accountCalls } from "~/api/groups/account";
import { serverFieldErrors } from "./form-kit";
import type { NativeOutcome, PlatformCall } from "./native-post";

/**
 * PhoneRegisterForm's submit for a plain post (ADR 029): register, then log in by password as the script does after its
 * 2 s notice (nothing is shown in between here, so no pause); the login answer's token becomes the session cookie.
 * `regChannel` comes from the page, never from the posted body.
 */
export async function registerThenLogIn(
  value: Record<string, string>,
  page: { regChannel: string; next: string; sourceUrl: string },
  platform: PlatformCall,
): Promise<NativeOutcome> {
  const mobilePrefix = value.mobilePrefix ?? "86";
  const registered = await platform(accountCalls.registerByPhone, {
    ...value,
    mobilePrefix,
    userSource: value.userSource ?? "",
    regChannel: page.regChannel,
  });
  if (!(registered as { success?: boolean }).success)
    return { fields: serverFieldErrors(registered)?.fields ?? { _form: registered.message || "common:actions.failed" } };
  const login = await platform(accountCalls.loginByPassword, {
    mobile: value.userName,
    mobilePrefix,
    password: value.password,
    sourceUrl: page.sourceUrl.slice(0, 500),
  });
  const token = (login.data as { token?: unknown } | undefined)?.token;
  if (login.code === LOGIN_SUCCESS.password && typeof token === "string" && token) return { next: page.next, session: token };
  return { fields: { _form: login.message || "common:actions.failed" } };
}
