import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { OPS_API, type OpsMe } from "@contracts/ops";
import { consolePath, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";

/** Staff sign in with the account a command gave them (npm run ops:add-staff); there is no sign-up. */
export default function OpsLogin() {
  const { t } = useTranslation("ops");
  const [search] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = { username: !username.trim(), password: !password };
    setMissing(blank);
    if (blank.username || blank.password) return;
    setBusy(true);
    setError(null);
    const answer = await opsPost<OpsMe>(OPS_API.login, { username: username.trim(), password });
    setBusy(false);
    if (answer.ok) {
      // A full load: the console's layout asks who is signed in afresh.
      window.location.assign(consolePath(search.get("next")));
      return;
    }
    setError(errorText(answer.error, t));
  };

  return (
    <section className="ops-login">
      <h1>{t("login.title")}</h1>
      {search.get("next") && <p className="ops-muted">{t("login.again")}</p>}
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
        {error && (
          <p className="ops-form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="ops-button ops-primary" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </form>
      <p className="ops-muted">{t("login.accountsHelp")}</p>
    </section>
  );
}
