import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Link } from "../kit/links";
import { atom } from "nanostores";
import type { PasswordFormProps } from "@schemas/generated/page-config";
import changePasswordSchema from "@schemas/generated/forms/change-password.schema.json";
import findPasswordVerifySchema from "@schemas/generated/forms/find-password-verify.schema.json";
import newPasswordSchema from "@schemas/generated/forms/new-password.schema.json";
import type { ChangePasswordForm, FindPasswordVerifyForm, NewPasswordForm } from "@schemas/generated/forms";
import "./password-form.css";
import { CHANGE_NEXT, CHANGE_PASSWORD_POST } from "./native-post";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure, validatedRequest } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { showToast } from "../kit/session";
import { clearDraft } from "../kit/form-drafts";
import { type CodeContext, draftOf, emailTarget, type FormKit, SchemaForm, serverFieldErrors, smsTarget, useFieldUi } from "../kit/forms";

/** By phone or by email: the first step's choice, kept while the user moves on to /passwordNew. */
export const $findBy = atom<"phone" | "email">("phone");
const FIND_DRAFT = "find-password";
const NEW_DRAFT = "new-password";

function FindStep({ next }: { next: string }) {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const navigate = useNavigate();
  const by = useStore($findBy);
  const draftKey = `${FIND_DRAFT}-${by}`;
  const context: CodeContext = {
    purpose: "findPwd",
    codeTarget: () => (by === "phone" ? smsTarget(draftOf(draftKey).phone, draftOf(draftKey).mobilePrefix) : emailTarget(draftOf(draftKey).email)),
  };
  const uiSchema =
    by === "phone"
      ? { "ui:order": ["mobilePrefix", "phone", "verCode", "*"], mobilePrefix: ui.prefix, phone: ui.phone, verCode: ui.code, email: ui.hidden }
      : { "ui:order": ["email", "verCode", "*"], email: ui.email, verCode: ui.code, phone: ui.hidden, mobilePrefix: ui.hidden };
  return (
    <>
      <div className="password-tabs" role="tablist" aria-label={t("password:find.title")}>
        {(["phone", "email"] as const).map((id) => (
          <button key={id} type="button" role="tab" aria-selected={by === id} className={by === id ? "active" : ""} onClick={() => $findBy.set(id)}>
            {t(`password:find.by.${id}`)}
          </button>
        ))}
      </div>
      <SchemaForm<FindPasswordVerifyForm>
        key={by}
        draftKey={draftKey}
        kit={{ schema: findPasswordVerifySchema, loadValidators: () => import("@schemas/generated/forms/find-password-verify.validators.js") } as FormKit}
        uiSchema={uiSchema}
        context={context as unknown as Record<string, unknown>}
        submitLabel={t("password:find.next")}
        onSubmit={async () => {
          void navigate(next);
        }}
      />
    </>
  );
}

function NewStep({ next }: { next: string }) {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const navigate = useNavigate();
  const by = useStore($findBy);
  const verified = draftOf(`${FIND_DRAFT}-${by}`);
  if (!verified.verCode) {
    return (
      <p className="password-missing">
        {t("password:new.missing")} <Link to="/password">{t("password:new.back")}</Link>
      </p>
    );
  }
  return (
    <SchemaForm<NewPasswordForm>
      draftKey={NEW_DRAFT}
      kit={{ schema: newPasswordSchema, loadValidators: () => import("@schemas/generated/forms/new-password.validators.js") } as FormKit}
      uiSchema={{ password: ui.newPassword, passwordNext: ui.passwordNext }}
      submitLabel={t("password:new.submit")}
      busyLabel={t("password:new.busy")}
      onSubmit={async (value) => {
        const target = by === "phone" ? { phone: verified.phone, mobilePrefix: verified.mobilePrefix ?? "86" } : { email: verified.email };
        // The draft holds what the find step's form validated: the phone or email and the code sent to it.
        const call = by === "phone" ? accountCalls.findPassword : accountCalls.findPasswordByEmail;
        const answer = await callApi(call, validatedRequest(call, { ...target, verCode: verified.verCode, ...value }));
        if (answer.code === 200) {
          clearDraft(NEW_DRAFT);
          clearDraft(`${FIND_DRAFT}-${by}`);
          void navigate(next);
          return;
        }
        return serverFieldErrors(answer) ?? void showFailure(answer);
      }}
    />
  );
}

function ChangeForm({ next }: { next: string }) {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const navigate = useNavigate();
  return (
    <SchemaForm<ChangePasswordForm>
      draftKey={CHANGE_PASSWORD_POST.id}
      kit={{ schema: changePasswordSchema, loadValidators: () => import("@schemas/generated/forms/change-password.validators.js") } as FormKit}
      uiSchema={{
        "ui:order": ["oldPassword", "password", "passwordNext"],
        oldPassword: {
          "ui:widget": "password",
          "ui:title": t("password:fields.old"),
          "ui:placeholder": t("password:fields.oldPlaceholder"),
          "ui:autocomplete": "current-password",
        },
        password: ui.newPassword,
        passwordNext: ui.passwordNext,
      }}
      submitLabel={t("password:change.submit")}
      busyLabel={t("password:new.busy")}
      onSubmit={async (value) => {
        const answer = await callApi(accountCalls.changePassword, { ...value });
        if (answer.code === 200) {
          clearDraft(CHANGE_PASSWORD_POST.id);
          showToast(answer.message ?? "", "success");
          void navigate(next);
          return;
        }
        return serverFieldErrors(answer) ?? void showFailure(answer);
      }}
    />
  );
}

/** The password pages: find (by phone or email), set the new one, or change it while logged in. */
export default function PasswordForm({ props }: WidgetRenderProps<PasswordFormProps>) {
  const { t } = useTranslation();
  return (
    <section className="password-form">
      <h1>{t(`password:${props.mode}.title`)}</h1>
      {props.mode === "find" && <FindStep next={props.nextLink ?? "/passwordNew"} />}
      {props.mode === "new" && <NewStep next={props.nextLink ?? "/pwdSuccess"} />}
      {props.mode === "change" && <ChangeForm next={props.nextLink ?? CHANGE_NEXT} />}
    </section>
  );
}
