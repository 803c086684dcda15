import { useTranslation } from "react-i18next";
import { $loginTab } from "~/stores/account";
import { openDialog, type DialogName } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";
import { DialogActions } from "./parts";

const PHONE_TIPS = [1, 2, 3, 4, 5];
const EMAIL_TIPS = [1, 2];

/** Help for codes that do not arrive (spec §8): five phone tips, two email tips, the service number. */
export function HelpTipDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  return (
    <div className="account-dialog help-tip">
      <h2 id="dialog-title">{t("verify:help.title")}</h2>
      <h3>{t("verify:help.phoneTitle")}</h3>
      <ol>
        {PHONE_TIPS.map((tip) => (
          <li key={tip}>{t(`verify:help.phone${tip}`)}</li>
        ))}
      </ol>
      <h3>{t("verify:help.emailTitle")}</h3>
      <ol>
        {EMAIL_TIPS.map((tip) => (
          <li key={tip}>{t(`verify:help.email${tip}`)}</li>
        ))}
      </ol>
      <p>
        {t("verify:help.service")} <a href="tel:400-800-2026">400-800-2026</a>
      </p>
      <DialogActions>
        <button type="button" className="button button-primary" onClick={() => (reason ? openDialog(reason as DialogName) : close())}>
          {t("verify:common.gotIt")}
        </button>
      </DialogActions>
    </div>
  );
}

/** Spec §8: password or email login answered 10002 or 10003. */
export function LoginLockDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:lock.title")}</h2>
      <p role="alert">{reason}</p>
      <DialogActions>
        <button type="button" className="button" onClick={close}>
          {t("verify:common.gotIt")}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            $loginTab.set("code");
            openDialog("login");
          }}
        >
          {t("verify:lock.codeLogin")}
        </button>
      </DialogActions>
    </div>
  );
}

/** Spec §4, §8: the login check answered 10001; the session is gone and the server says why. */
export function LoginErrorDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:offline.title")}</h2>
      <p role="alert">{reason}</p>
      <DialogActions>
        <button type="button" className="button" onClick={close}>
          {t("verify:common.gotIt")}
        </button>
        <button type="button" className="button button-primary" onClick={() => openDialog("login")}>
          {t("verify:offline.login")}
        </button>
      </DialogActions>
    </div>
  );
}
