import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import registerEmailSchema from "@schemas/generated/forms/register-email.schema.json";
import type { RegisterEmailForm } from "@schemas/generated/forms";
import { callApi, showFailure } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import SchemaForm, { serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
import { clearDraft } from "~/forms/drafts";
import { useFieldUi } from "~/forms/field-ui";
import PhoneRegisterForm, { REG_CHANNEL } from "~/forms/PhoneRegisterForm";
import { $pendingEmail, $registerTab, $loginTab, type RegisterTab } from "~/stores/account";
import { openDialog } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";
import { TabBar } from "./parts";

const EMAIL_DRAFT = "register-email";

function EmailRegisterForm() {
  const { t } = useTranslation();
  const ui = useFieldUi();
  return (
    <SchemaForm<RegisterEmailForm>
      draftKey={EMAIL_DRAFT}
      kit={{ schema: registerEmailSchema, loadValidators: () => import("@schemas/generated/forms/register-email.validators.js") } as FormKit}
      uiSchema={{
        "ui:order": ["userName", "password", "passwordNext", "userSource", "*"],
        userName: ui.email,
        password: ui.newPassword,
        passwordNext: ui.passwordNext,
        userSource: ui.invite,
        registerSource: ui.hidden,
        regChannel: ui.hidden,
      }}
      submitLabel={t("verify:register.submit")}
      busyLabel={t("verify:register.busy")}
      onSubmit={async (value) => {
        const answer = await callApi(accountCalls.registerByEmail, {
          ...value,
          userSource: value.userSource ?? "",
          registerSource: "1",
          regChannel: REG_CHANNEL,
        });
        if (answer.code !== 200) return serverFieldErrors(answer) ?? void showFailure(answer);
        clearDraft(EMAIL_DRAFT);
        void import("~/tracking/tracker").then(({ trackAction }) => trackAction("signUp"));
        $pendingEmail.set(value.userName);
        openDialog("registerResult", value.userName);
      }}
    />
  );
}

/** The register dialog (spec §2, §4): phone or email, with an optional invitation code. */
export default function RegisterDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const tab = useStore($registerTab);
  const tabs: { id: RegisterTab; label: string }[] = [
    { id: "phone", label: t("verify:register.tabs.phone") },
    { id: "email", label: t("verify:register.tabs.email") },
  ];
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:register.title")}</h2>
      <TabBar tabs={tabs} current={tab} label={t("verify:register.title")} onSelect={(id) => $registerTab.set(id)} />
      <div role="tabpanel" className="dialog-panel">
        {tab === "phone" ? <PhoneRegisterForm helpFrom="register" /> : <EmailRegisterForm />}
      </div>
      <div className="dialog-links">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            $loginTab.set(tab === "email" ? "email" : "password");
            openDialog("login");
          }}
        >
          {t("verify:register.toLogin")}
        </button>
      </div>
    </div>
  );
}
