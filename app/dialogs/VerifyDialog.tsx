import { useEffect } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ensureScholar } from "~/account/flows";
import { $verifyStep } from "~/stores/account";
import type { DialogProps } from "./dialog-props";
import { DialogActions } from "./parts";

/** isPass values with a message of their own (spec §4): -1 never applied, 0 in review, 1 declined, 3 email pending. */
const STEPS = new Set([-1, 0, 1, 3]);

/**
 * The verify dialog (spec §6): only verified scholars may go on; it shows where the user's verification stands and
 * leads to /authentication. Opened by a gate before any check, it runs the scholar flow first (which may pass).
 */
export default function VerifyDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = useStore($verifyStep);
  const checked = reason !== undefined && /^-?\d+$/.test(reason);

  useEffect(() => {
    if (checked) return;
    void ensureScholar().then((passed) => {
      if (passed) close();
    });
  }, [checked]);

  if (!checked || !step) return <div className="skeleton" aria-busy="true" />;
  const isPass = STEPS.has(step.isPass) ? step.isPass : -1;
  const go = () => {
    close();
    void navigate("/authentication");
  };
  return (
    <div className="account-dialog" data-step={isPass}>
      <h2 id="dialog-title">{t("verify:dialog.title")}</h2>
      <p>{t(`verify:dialog.step${isPass}`, { email: step.email ?? "" })}</p>
      {isPass === 1 && step.reason && <p className="dialog-note">{t("verify:dialog.reason", { reason: step.reason })}</p>}
      <DialogActions>
        <button type="button" className="button" onClick={close}>
          {t("verify:common.later")}
        </button>
        <button type="button" className="button button-primary" onClick={go}>
          {t(isPass === -1 || isPass === 1 ? "verify:dialog.apply" : "verify:dialog.view")}
        </button>
      </DialogActions>
    </div>
  );
}
