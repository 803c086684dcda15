import { useTranslation } from "react-i18next";
import { formatMoment } from "~/format/dates";
import { uiLang } from "./labels";

/** This browser's unsaved copy, newer than the server's draft: offered, never applied by itself. */
export function LocalCopyOffer({ at, onUse, onDrop }: { at: string; onUse: () => void; onDrop: () => void }) {
  const { t, i18n } = useTranslation("opsEditor");
  return (
    <div className="ops-offer" role="alert">
      <p>{t("localCopy.offer", { at: formatMoment(at, uiLang(i18n.language)) })}</p>
      <div className="ops-offer-actions">
        <button type="button" className="ops-button ops-primary" onClick={onUse}>
          {t("localCopy.use")}
        </button>
        <button type="button" className="ops-button" onClick={onDrop}>
          {t("localCopy.drop")}
        </button>
      </div>
    </div>
  );
}
