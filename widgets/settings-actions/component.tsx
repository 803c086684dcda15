import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { SettingsActionsProps } from "@schemas/generated/page-config";
import "./settings-actions.css";
import { type Lang, switchLanguage, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { logout } from "../kit/account";

const LANGUAGES: { id: Lang; label: string }[] = [
  { id: "zh", label: "中文" },
  { id: "en", label: "English" },
];

/** Language (zh or en, kept in storage and the lang cookie as the header's toggle does) and logout. */
export default function SettingsActions(_props: WidgetRenderProps<SettingsActionsProps>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useViewer();
  return (
    <section className="settings-actions">
      <div className="language-row" role="radiogroup" aria-label={t("personCenter:setting.language")}>
        <span>{t("personCenter:setting.language")}</span>
        {LANGUAGES.map((language) => (
          <button
            key={language.id}
            type="button"
            role="radio"
            aria-checked={i18n.language === language.id}
            className={i18n.language === language.id ? "active" : ""}
            onClick={() => {
              switchLanguage(language.id);
              // The same address again reloads the root's catalogue in the new language, where the reader is.
              void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { keepScroll: true } });
            }}
          >
            {language.label}
          </button>
        ))}
      </div>
      {user && (
        <button type="button" className="button logout-button" onClick={() => void logout()}>
          {t("personCenter:setting.logout")}
        </button>
      )}
    </section>
  );
}
