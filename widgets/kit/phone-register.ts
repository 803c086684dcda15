/** The phone registration form of /register and the register dialog, for the register widget. */
export { default as PhoneRegisterForm, REG_CHANNEL } from "~/forms/PhoneRegisterForm";
/** The same registration posted without scripts (ADR 029). */
export { registerThenLogIn } from "~/forms/phone-register-post";
