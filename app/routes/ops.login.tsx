import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { OPS_API, OPS_CAPTCHA_IMAGE, SESSION_ENDED_QUERY, type OpsLoginRequest, type OpsMe } from "@contracts/ops";
import { randomToken } from "~/browser/storage";
import { consolePath, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";

/** A fresh captcha: the site's image of four digits drawn for a random randStr (each one answers one try). */
function newCaptcha(): { randStr: string; src: string } {
  const randStr = randomToken(20);
  return { randStr, src: `${OPS_CAPTCHA_IMAGE}?randStr=${randStr}` };
}

/**
 * Staff sign in with the account a command gave them (npm run ops:add-staff); there is no sign-up. After a few failed
 * sign-ins the server asks for the captcha and makes the next try wait (ADR 042): the page shows the image and counts
 * the wait down, the button waiting with it.
 */
export default function OpsLogin() {
  const { t } = useTranslation("ops");
  const [search] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [captcha, setCaptcha] = useState<{ randStr: string; src: string } | null>(null);
  const [ticket, setTicket] = useState("");
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean; ticket?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    setNow(Date.now());
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waitUntil]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (waitSeconds > 0) return;
    const blank = { username: !username.trim(), password: !password, ticket: captcha !== null && !ticket.trim() };
    setMissing(blank);
    if (blank.username || blank.password || blank.ticket) return;
    setBusy(true);
    setError(null);
    const body: OpsLoginRequest = { username: username.trim(), password, ...(captcha ? { randStr: captcha.randStr, ticket: ticket.trim() } : {}) };
    const answer = await opsPost<OpsMe>(OPS_API.login, body);
    setBusy(false);
    if (answer.ok) {
      // A full load: the console's layout asks who is signed in afresh.
      window.location.assign(consolePath(search.get("next")));
      return;
    }
    // A captcha answers one try: a refused try that needs one gets a new one.
    setTicket("");
    setCaptcha(answer.error.captchaRequired ? newCaptcha() : null);
    const wait = answer.error.retryAfterSeconds ?? 0;
    if (wait > 0) setWaitUntil(Date.now() + wait * 1000);
    setError(answer.error.error === "rateLimited" ? null : errorText(answer.error, t));
  };

  return (
    <section className="ops-login">
      <h1>{t("login.title")}</h1>
      {search.get(SESSION_ENDED_QUERY) && <p className="ops-muted">{t("login.again")}</p>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="ops-username">{t("login.username")}</label>
        <input
          id="ops-username"
          name="username"
          autoComplete="username"
          value={username}
          aria-invalid={missing.username || undefined}
          aria-describedby={missing.username ? "ops-username-error" : undefined}
          onChange={(event) => setUsername(event.target.value)}
        />
        {missing.username && (
          <p id="ops-username-error" className="ops-field-error">
            {t("login.usernameMissing")}
          </p>
        )}
        <label htmlFor="ops-password">{t("login.password")}</label>
        <input
          id="ops-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={missing.password || undefined}
          aria-describedby={missing.password ? "ops-password-error" : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {missing.password && (
          <p id="ops-password-error" className="ops-field-error">
            {t("login.passwordMissing")}
          </p>
        )}
        {captcha && (
          <>
            <label htmlFor="ops-captcha">{t("login.captcha")}</label>
            <div className="ops-captcha">
              <button type="button" className="ops-captcha-image" title={t("login.captchaImage")} onClick={() => setCaptcha(newCaptcha())}>
                <img src={captcha.src} alt={t("login.captchaImage")} width="116" height="44" />
              </button>
              <input
                id="ops-captcha"
                name="ticket"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={ticket}
                aria-invalid={missing.ticket || undefined}
                aria-describedby={missing.ticket ? "ops-captcha-error" : undefined}
                onChange={(event) => setTicket(event.target.value)}
              />
            </div>
            {missing.ticket && (
              <p id="ops-captcha-error" className="ops-field-error">
                {t("login.captchaMissing")}
              </p>
            )}
          </>
        )}
        {error && (
          <p className="ops-form-error" role="alert">
            {error}
          </p>
        )}
        {waitSeconds > 0 && (
          <p className="ops-form-error ops-login-wait" role="status">
            {t("login.wait", { seconds: waitSeconds })}
          </p>
        )}
        <button type="submit" className="ops-button ops-primary" disabled={busy || waitSeconds > 0}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </form>
      <p className="ops-muted">{t("login.accountsHelp")}</p>
    </section>
  );
}
