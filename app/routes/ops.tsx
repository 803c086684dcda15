import { useEffect, useState } from "react";
import { NavLink, Outlet, isRouteErrorResponse, useLocation, useNavigate, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/ops";
import { getLocale } from "~/i18n/middleware.server";
import { opsCatalogues } from "~/ops/catalogue.server";
import { toLang, type Lang } from "@contracts/language";
import { OPS_API, OPS_PAGES, type OpsMe } from "@contracts/ops";
import { OPS_LIBRARY_PAGES } from "@contracts/ops-library";
import { useCatalogue } from "~/i18n/use-catalogue";
import { switchLanguage } from "~/i18n/switch-language";
import { loginPathFrom, opsGet, opsPost, setSessionEndedHandler } from "~/ops/api";
import { StaffContext } from "~/ops/staff";
import "~/ops/ops.css";

/** The console is not a phone page: the root leaves the shell out for it. */
export const handle = { ownLayout: true };

export async function loader({ context }: Route.LoaderArgs) {
  const lang = toLang(getLocale(context));
  return { lang, resources: { ops: opsCatalogues[lang].ops, opsEditor: opsCatalogues[lang].opsEditor } };
}

/** Only a language switch (an explicit revalidation of the same URL) reloads the console's texts. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.lang === "en" ? "Operations console" : "运营后台" }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The console's catalogue, held whole by the translator before anything renders (server and browser alike): the
 * server's i18next, having no backend, counts any namespace as loaded, so the shared useCatalogue would skip it there.
 */
function useOpsCatalogue(lang: Lang, resources: Record<"ops" | "opsEditor", Record<string, unknown>>): void {
  const { i18n } = useTranslation();
  for (const namespace of ["ops", "opsEditor"] as const) {
    if (!i18n.hasResourceBundle(lang, namespace)) i18n.addResourceBundle(lang, namespace, resources[namespace], true, true);
  }
  useCatalogue(lang, {});
}

type Access = { kind: "checking" } | { kind: "staff"; staff: OpsMe } | { kind: "forbidden"; message: string } | { kind: "unavailable" };

function LanguageToggle() {
  const { t, i18n } = useTranslation("ops");
  const revalidator = useRevalidator();
  const next: Lang = i18n.language === "en" ? "zh" : "en";
  return (
    <button
      type="button"
      className="ops-button ops-lang"
      aria-label={t("layout.switchLanguage")}
      onClick={() => {
        switchLanguage(next);
        void revalidator.revalidate();
      }}
    >
      {t("layout.otherLanguage")}
    </button>
  );
}

/**
 * The console's frame: a header with its sections, the staff member and sign-out, for a laptop or a tablet. Who is
 * signed in is asked of the API once; a 401 from any call later (the session ended) goes to the login page, which
 * brings the operator back to the page they were on.
 */
export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  useOpsCatalogue(loaderData.lang, loaderData.resources);
  const { t } = useTranslation("ops");
  const location = useLocation();
  const navigate = useNavigate();
  // The login page and a one-time link's page are open: nobody is signed in there yet.
  const onLogin = location.pathname === OPS_PAGES.login || location.pathname === OPS_PAGES.password;
  const [access, setAccess] = useState<Access>({ kind: "checking" });

  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    setSessionEndedHandler(() => navigate(loginPathFrom(here), { replace: true }));
    return () => setSessionEndedHandler(null);
  }, [location.pathname, location.search, navigate]);

  useEffect(() => {
    if (onLogin) return;
    let current = true;
    void opsGet<OpsMe>(OPS_API.me).then((answer) => {
      if (!current) return;
      if (answer.ok) setAccess({ kind: "staff", staff: answer.data });
      else if (answer.status === 403) setAccess({ kind: "forbidden", message: answer.error.message });
      else if (answer.status !== 401) setAccess({ kind: "unavailable" });
    });
    return () => {
      current = false;
    };
  }, [onLogin]);

  const signOut = async () => {
    await opsPost(OPS_API.logout);
    navigate(OPS_PAGES.login, { replace: true });
    setAccess({ kind: "checking" });
  };

  const staff = access.kind === "staff" ? access.staff : null;
  return (
    <div className="ops">
      <header className="ops-header">
        <Link to={OPS_PAGES.home} className="ops-brand">
          {t("layout.title")}
        </Link>
        {staff && !onLogin && (
          <nav className="ops-nav" aria-label={t("layout.sections")}>
            <NavLink to={OPS_PAGES.home} end>
              {t("layout.pages")}
            </NavLink>
            <NavLink to="/ops/searches">{t("layout.searches")}</NavLink>
            <NavLink to="/ops/robot">{t("layout.robot")}</NavLink>
            <NavLink to="/ops/audit">{t("layout.audit")}</NavLink>
            <NavLink to={OPS_LIBRARY_PAGES.media}>{t("layout.media")}</NavLink>
            <NavLink to={OPS_LIBRARY_PAGES.analytics}>{t("layout.analytics")}</NavLink>
            {staff.role === "admin" && <NavLink to={OPS_PAGES.staff}>{t("layout.staff")}</NavLink>}
          </nav>
        )}
        <div className="ops-header-end">
          {staff && !onLogin && (
            <>
              <span className="ops-who" data-testid="ops-who">
                {staff.username} · {t(`roles.${staff.role}`)}
              </span>
              <button type="button" className="ops-button" onClick={() => void signOut()}>
                {t("layout.signOut")}
              </button>
            </>
          )}
          <LanguageToggle />
        </div>
      </header>
      <main className="ops-main">
        {onLogin ? (
          <Outlet />
        ) : access.kind === "staff" ? (
          <StaffContext.Provider value={access.staff}>
            <Outlet />
          </StaffContext.Provider>
        ) : access.kind === "forbidden" ? (
          <Forbidden message={access.message} />
        ) : access.kind === "unavailable" ? (
          <p className="ops-notice" role="alert">
            {t("errors.unavailable")}
          </p>
        ) : (
          <p className="ops-notice" aria-live="polite">
            {t("layout.checking")}
          </p>
        )}
      </main>
    </div>
  );
}

function Forbidden({ message }: { message?: string }) {
  const { t } = useTranslation("ops");
  return (
    <section className="ops-notice" role="alert">
      <h1>403</h1>
      <p>{message || t("errors.forbidden")}</p>
      <p>{t("layout.forbiddenHelp")}</p>
      <a className="ops-button" href="/home">
        {t("layout.toSite")}
      </a>
    </section>
  );
}

/** A console page's data request refused (the session ended while navigating): sign in again; anything else is told. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("ops");
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (status === 401) window.location.assign(loginPathFrom(`${location.pathname}${location.search}`));
  }, [status, location.pathname, location.search]);
  if (status === 403) return <Forbidden />;
  return (
    <main className="ops-notice" role="alert">
      <h1>{status}</h1>
      <p>{t("errors.unavailable")}</p>
      <a className="ops-button" href={OPS_PAGES.home}>
        {t("layout.pages")}
      </a>
    </main>
  );
}
