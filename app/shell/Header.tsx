import { useRevalidator } from "react-router";
import { Link } from "~/routing/link";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { Lang } from "@contracts/language";
import { switchLanguage } from "~/i18n/switch-language";
import { $user } from "~/stores/session";
import { openDialog } from "~/stores/dialogs";
import { useHydrated } from "~/renderer/use-hydrated";
import { UnreadBadge } from "./UnreadBadge";

export function Header({ siteName }: { siteName: string }) {
  const { t, i18n } = useTranslation("common");
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const user = useStore($user);
  const next: Lang = i18n.language === "en" ? "zh" : "en";

  return (
    <header className="site-header">
      <Link to="/home" className="logo" aria-label={siteName}>
        <img src="/logo.svg" alt="" width="28" height="28" fetchPriority="low" />
        <span>{siteName}</span>
      </Link>
      <nav className="header-actions">
        <button
          type="button"
          className="lang-toggle"
          // The name starts with the visible text ("EN"), so voice control users can say what they see.
          aria-label={`${t("nav.languageName")} ${t("nav.switchLanguage")}`}
          data-testid="lang-toggle"
          onClick={() => {
            switchLanguage(next);
            void revalidator.revalidate();
          }}
        >
          {t("nav.languageName")}
        </button>
        <Link to="/toApp" className="open-app">
          {t("nav.openApp")}
        </Link>
        <Link to="/searchPage?searchType=0" className="icon-button" aria-label={t("nav.search")}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
        {hydrated && user ? (
          <Link to="/me" className="avatar" aria-label={t("nav.me")}>
            <img src={user.portraitUrl || "/avatar.svg"} alt="" width="28" height="28" fetchPriority="low" />
            <UnreadBadge />
          </Link>
        ) : (
          <button type="button" className="login-link" onClick={() => openDialog("login")}>
            {t("nav.login")}
          </button>
        )}
        <Link to="/home" className="icon-button" aria-label={t("nav.home")}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M3 11 12 4l9 7v9h-6v-6H9v6H3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
        </Link>
      </nav>
    </header>
  );
}
