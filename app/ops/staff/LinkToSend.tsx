import { useTranslation } from "react-i18next";
import { toLang } from "@contracts/language";
import type { OpsPasswordLinkAnswer } from "@contracts/ops";
import { formatMoment } from "~/format/dates";

/** The one-time link just made, for the admin to send: shown once (the server keeps only its hash), with a copy button. */
export function LinkToSend({ link, onClose }: { link: OpsPasswordLinkAnswer; onClose: () => void }) {
  const { t, i18n } = useTranslation("ops");
  const copy = () => void navigator.clipboard?.writeText(link.url);
  return (
    <section className="ops-link-to-send" role="status" aria-labelledby="ops-link-title">
      <h2 id="ops-link-title">{t(`staff.link.${link.purpose}`, { username: link.username })}</h2>
      <p>{t("staff.link.help", { until: formatMoment(link.expiresAt, toLang(i18n.language)) })}</p>
      <div className="ops-link-row">
        <input readOnly value={link.url} aria-label={t("staff.link.url")} data-testid="ops-staff-link" onFocus={(event) => event.target.select()} />
        <button type="button" className="ops-button" onClick={copy}>
          {t("staff.link.copy")}
        </button>
        <button type="button" className="ops-button" onClick={onClose}>
          {t("staff.link.done")}
        </button>
      </div>
    </section>
  );
}
