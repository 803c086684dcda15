import "./agreement-check.css";
import { useTranslation } from "react-i18next";
import { Link } from "../kit/links";

export interface AgreementCheckProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  agreementLink: string;
  privacyLink: string;
  disabled?: boolean;
}

/**
 * The agreement a person accepts before signing up or buying (spec §2, §5: agreement acceptance is required): a box
 * they tick themselves, never ticked for them, whose links open the texts they agree to.
 */
export function AgreementCheck({ id, checked, onChange, agreementLink, privacyLink, disabled }: AgreementCheckProps) {
  const { t } = useTranslation("spec");
  return (
    <label className="agreement-check" htmlFor={id}>
      <input id={id} name={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {t("signUp.agreePrefix")}
        <Link to={agreementLink}>{t("signUp.agreement")}</Link>
        {t("signUp.and")}
        <Link to={privacyLink}>{t("signUp.privacy")}</Link>
      </span>
    </label>
  );
}
