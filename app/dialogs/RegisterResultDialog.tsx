import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { $loginTab } from "~/stores/account";
import { openDialog, showToast } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";
import { DialogActions } from "./parts";

/** The pending-confirmation dialog after an email registration (spec §4): the link to confirm went to this address. */
export default function RegisterResultDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const email = reason ?? "";
  return (
    <div className="account-dialog result-dialog">
      <h2 id="dialog-title">{t("verify:registerResult.title")}</h2>
      <p>{t("verify:registerResult.text", { email })}</p>
      <p className="dialog-note">{t("verify:registerResult.note")}</p>
      <DialogActions>
        <button
          type="button"
          className="button"
          disabled={sending}
          onClick={async () => {
            setSending(true);
            const answer = await callApi(accountCalls.resendConfirmation, { email });
            setSending(false);
            showToast(answer.message ?? "", answer.code === 200 ? "success" : "error");
          }}
        >
          {t("verify:registerResult.resend")}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            $loginTab.set("email");
            openDialog("login");
          }}
        >
          {t("verify:registerResult.toLogin")}
        </button>
      </DialogActions>
      <button type="button" className="link-button" onClick={close}>
        {t("verify:common.later")}
      </button>
    </div>
  );
}
