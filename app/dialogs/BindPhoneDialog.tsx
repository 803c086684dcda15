import { useState } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import bindPhoneSchema from "@schemas/generated/forms/bind-phone.schema.json";
import type { BindPhoneForm } from "@schemas/generated/forms";
import { callApi } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { phoneBound, type LoginAnswer } from "~/account/flows";
import { NETWORK_ERROR_CODE, SESSION_REVOKED_CODE } from "~/api/api-client";
import { copyText } from "~/browser/copy-text";
import SchemaForm, { serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
import { clearDraft, saveDraft } from "~/forms/drafts";
import { smsTarget } from "~/forms/code-target";
import { prefixId } from "~/forms/country-prefixes";
import { draftOf, useFieldUi } from "~/forms/field-ui";
import type { CodeContext } from "~/forms/widgets";
import { $forcedBind } from "~/stores/account";
import { $user } from "~/stores/session";
import { openDialog, showToast } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";
import { DialogActions } from "./parts";

const DRAFT = "bind-phone";
/** The customer-service WeChat account users copy when a number cannot be bound. */
export const SERVICE_WECHAT = "econscholar_kf";
export const SERVICE_QR = "/qr/wechat.svg";

/** Spec §8: a bind refused for another reason than a wrong code: contact service, or bind another number. */
function ServiceContact({ message, onOtherPhone }: { message: string; onOtherPhone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="service-contact" data-view="service-contact">
      <p className="dialog-lead" role="alert">
        {message}
      </p>
      <p>{t("verify:bind.contactText")}</p>
      <div className="service-row">
        <span>
          {t("verify:bind.serviceWechat")} <strong>{SERVICE_WECHAT}</strong>
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={async () => {
            if (await copyText(SERVICE_WECHAT)) showToast(t("verify:bind.copied"), "success");
          }}
        >
          {t("verify:bind.copy")}
        </button>
      </div>
      <figure className="service-qr">
        <img src={SERVICE_QR} alt={t("verify:bind.qrAlt")} width="140" height="140" />
        <button type="button" className="button button-small" onClick={() => showToast(t("verify:bind.longPress"), "info")}>
          {t("verify:bind.saveImage")}
        </button>
      </figure>
      <p>
        {t("verify:bind.servicePhone")} <a href="tel:400-800-2026">400-800-2026</a>
      </p>
      <button type="button" className="link-button" onClick={onOtherPhone}>
        {t("verify:bind.otherPhone")}
      </button>
    </div>
  );
}

/**
 * The bind-phone dialog (spec §4, §6, §8) for wx: and email: accounts. Forced mode follows a WeChat login without a
 * phone and says why; "later" keeps the login and reloads the page for it.
 */
export default function BindPhoneDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const user = useStore($user);
  const forced = useStore($forcedBind) || reason === "forced";
  const [contact, setContact] = useState<string | null>(null);

  if (!user) {
    return (
      <div className="account-dialog">
        <h2 id="dialog-title">{t("verify:bind.title")}</h2>
        <p>{t("verify:bind.loginFirst")}</p>
        <DialogActions>
          <button type="button" className="button button-primary" onClick={() => openDialog("login", "needLogin")}>
            {t("verify:login.title")}
          </button>
        </DialogActions>
      </div>
    );
  }

  const context: CodeContext = { purpose: "bind", helpFrom: "bindPhone", codeTarget: () => smsTarget(draftOf(DRAFT).phoneNumber, draftOf(DRAFT).mobilePrefix) };
  return (
    <div className="account-dialog" data-forced={forced}>
      <h2 id="dialog-title">{t("verify:bind.title")}</h2>
      {contact !== null ? (
        <ServiceContact
          message={contact}
          onOtherPhone={() => {
            const { phoneNumber: _phone, smsVerifyCode: _code, ...rest } = draftOf(DRAFT);
            saveDraft(DRAFT, rest);
            setContact(null);
          }}
        />
      ) : (
        <>
          <p className="dialog-lead">{forced ? t("verify:bind.forcedText") : t("verify:bind.text")}</p>
          <SchemaForm<BindPhoneForm>
            draftKey={DRAFT}
            kit={{ schema: bindPhoneSchema, loadValidators: () => import("@schemas/generated/forms/bind-phone.validators.js") } as FormKit}
            uiSchema={{
              "ui:order": ["mobilePrefix", "phoneNumber", "smsVerifyCode", "*"],
              mobilePrefix: ui.prefix,
              phoneNumber: ui.phone,
              smsVerifyCode: ui.code,
              prefixId: ui.hidden,
            }}
            context={context as unknown as Record<string, unknown>}
            submitLabel={t("verify:bind.submit")}
            busyLabel={t("verify:bind.busy")}
            onSubmit={async (value) => {
              const mobilePrefix = value.mobilePrefix ?? "86";
              const call = user.userName.includes("wx:") ? accountCalls.wxBindMobile : accountCalls.emailBindMobile;
              const answer = await callApi(call, { ...value, mobilePrefix, prefixId: prefixId(mobilePrefix) });
              if (answer.code === 1) {
                const session = (answer.datas as { map?: LoginAnswer } | undefined)?.map;
                if (session?.user) {
                  clearDraft(DRAFT);
                  phoneBound(session);
                }
                return;
              }
              const fields = serverFieldErrors(answer);
              if (fields) return fields;
              if (answer.code === 0 || answer.code === NETWORK_ERROR_CODE) showToast(answer.message ?? "", "error");
              else if (answer.code !== SESSION_REVOKED_CODE) setContact(answer.message ?? "");
            }}
          />
          {forced && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                $forcedBind.set(false);
                close();
                window.location.reload();
              }}
            >
              {t("verify:bind.later")}
            </button>
          )}
        </>
      )}
    </div>
  );
}
