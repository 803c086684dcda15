import { useState } from "react";
import { useTranslation } from "react-i18next";
import registerPhoneSchema from "@schemas/generated/forms/register-phone.schema.json";
import type { RegisterPhoneForm as RegisterPhoneValue } from "@schemas/generated/forms";
import { callApi, showFailure } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { completeLogin, loginFailed, LOGIN_SUCCESS, type LoginAnswer } from "~/account/flows";
import { showToast, type DialogName } from "~/stores/dialogs";
import SchemaForm, { serverFieldErrors, type FormKit } from "./SchemaForm";
import { clearDraft } from "./drafts";
import { smsTarget } from "./code-target";
import { draftOf, sourceUrl, useFieldUi } from "./field-ui";
import type { CodeContext } from "./widgets";

/** Spec §9: after a phone registration the user is logged in by password 2 s later. */
export const AUTO_LOGIN_DELAY_MS = 2000;
const PHONE_DRAFT = "register-phone";
export const REG_CHANNEL = "h5";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Phone registration (spec §4): success shows the platform's message, and 2 s later logs in by password.
 * Used by the register dialog and the /register and /inviteCodePage sign-up widget.
 */
export default function PhoneRegisterForm({
  draftKey = PHONE_DRAFT,
  regChannel = REG_CHANNEL,
  inviteCode,
  helpFrom,
  onLoggedIn,
}: {
  draftKey?: string;
  regChannel?: string;
  inviteCode?: string;
  helpFrom?: DialogName;
  onLoggedIn?: (answer: LoginAnswer) => void;
}) {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const [registered, setRegistered] = useState(false);
  const context: CodeContext = { purpose: "register", helpFrom, codeTarget: () => smsTarget(draftOf(draftKey).userName, draftOf(draftKey).mobilePrefix) };
  return (
    <SchemaForm<RegisterPhoneValue>
      draftKey={draftKey}
      kit={{ schema: registerPhoneSchema, loadValidators: () => import("@schemas/generated/forms/register-phone.validators.js") } as FormKit}
      initial={inviteCode ? { userSource: inviteCode } : undefined}
      uiSchema={{
        "ui:order": ["mobilePrefix", "userName", "smsVerifyCode", "password", "passwordNext", "userSource", "*"],
        mobilePrefix: ui.prefix,
        userName: ui.phone,
        smsVerifyCode: ui.code,
        password: ui.newPassword,
        passwordNext: ui.passwordNext,
        userSource: ui.invite,
        regChannel: ui.hidden,
      }}
      context={context as unknown as Record<string, unknown>}
      submitLabel={t("verify:register.submit")}
      busyLabel={t("verify:register.busy")}
      busy={registered}
      onSubmit={async (value) => {
        const mobilePrefix = value.mobilePrefix ?? "86";
        const answer = (await callApi(accountCalls.registerByPhone, { ...value, mobilePrefix, userSource: value.userSource ?? "", regChannel })) as {
          code: number;
          message?: string;
          success?: boolean;
          data?: unknown;
        };
        if (!answer.success) return serverFieldErrors(answer) ?? void showFailure(answer);
        setRegistered(true);
        void import("~/tracking/tracker").then(({ trackAction }) => trackAction("signUp"));
        showToast(answer.message || t("verify:register.done"), "success");
        await wait(AUTO_LOGIN_DELAY_MS);
        const login = await callApi(accountCalls.loginByPassword, {
          mobile: value.userName,
          mobilePrefix,
          password: value.password,
          sourceUrl: sourceUrl(),
        });
        if (login.code === LOGIN_SUCCESS.password && login.data) {
          clearDraft(draftKey);
          if (onLoggedIn) onLoggedIn(login.data);
          else completeLogin(login.data, "password");
          return;
        }
        setRegistered(false);
        loginFailed(login);
      }}
    />
  );
}
