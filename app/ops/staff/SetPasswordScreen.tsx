import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { OPS_API, OPS_PAGES, PASSWORD_LINK_QUERY, type OpsPasswordLinkInfo, type OpsSetPasswordRequest } from "@contracts/ops";
import { opsGet, opsPost } from "~/ops/api";
import { problemText } from "./AddStaffForm";

const MIN_LENGTH = 10;

type Stage = { kind: "checking" } | { kind: "gone"; message: string } | { kind: "form"; link: OpsPasswordLinkInfo } | { kind: "done"; username: string };

/** The page a one-time link opens (ADR 078): the person chooses their password, twice; the link then stops working. */
export function SetPasswordScreen() {
  const { t } = useTranslation("ops");
  const [search] = useSearchParams();
  const token = search.get(PASSWORD_LINK_QUERY) ?? "";
  const [stage, setStage] = useState<Stage>({ kind: "checking" });
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "repeat" | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void opsGet<OpsPasswordLinkInfo>(OPS_API.passwordLink, { [PASSWORD_LINK_QUERY]: token }).then((answer) =>
      setStage(answer.ok ? { kind: "form", link: answer.data } : { kind: "gone", message: problemText(answer.error, t) }),
    );
  }, [token, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== "form") return;
    if (password.length < MIN_LENGTH) return setProblem({ field: "password", text: t("staff.problems.passwordLength") });
    if (repeat !== password) return setProblem({ field: "repeat", text: t("password.mismatch") });
    setBusy(true);
    const answer = await opsPost(OPS_API.setPassword, { token, password } satisfies OpsSetPasswordRequest);
    setBusy(false);
    if (answer.ok) setStage({ kind: "done", username: stage.link.username });
    else if (answer.status === 410) setStage({ kind: "gone", message: problemText(answer.error, t) });
    else setProblem({ field: answer.error.field === "password" ? "password" : null, text: problemText(answer.error, t) });
  };

  if (stage.kind === "checking") return <p className="ops-notice">{t("layout.checking")}</p>;
  if (stage.kind === "gone" || stage.kind === "done")
    return (
      <section className="ops-login" role={stage.kind === "gone" ? "alert" : "status"}>
        <h1>{t(stage.kind === "gone" ? "password.goneTitle" : "password.doneTitle")}</h1>
        <p>{stage.kind === "gone" ? stage.message : t("password.done", { username: stage.username })}</p>
        <a className="ops-button ops-primary" href={OPS_PAGES.login}>
          {t("login.submit")}
        </a>
      </section>
    );
  const fieldError = (field: "password" | "repeat") =>
    problem?.field === field ? (
      <p id={`ops-${field}-error`} className="ops-field-error">
        {problem.text}
      </p>
    ) : null;
  return (
    <section className="ops-login">
      <h1>{t(`password.title.${stage.link.purpose}`, { username: stage.link.username })}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <input type="text" name="username" autoComplete="username" value={stage.link.username} readOnly hidden />
        <label htmlFor="ops-new-password">{t("password.new")}</label>
        <input
          id="ops-new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          aria-invalid={problem?.field === "password" || undefined}
          aria-describedby={problem?.field === "password" ? "ops-password-error" : "ops-password-help"}
          onChange={(event) => setPassword(event.target.value)}
        />
        {fieldError("password") ?? (
          <p id="ops-password-help" className="ops-muted">
            {t("password.help", { count: MIN_LENGTH })}
          </p>
        )}
        <label htmlFor="ops-repeat-password">{t("password.repeat")}</label>
        <input
          id="ops-repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          aria-invalid={problem?.field === "repeat" || undefined}
          aria-describedby={problem?.field === "repeat" ? "ops-repeat-error" : undefined}
          onChange={(event) => setRepeat(event.target.value)}
        />
        {fieldError("repeat")}
        {problem && problem.field === null && (
          <p className="ops-form-error" role="alert">
            {problem.text}
          </p>
        )}
        <button type="submit" className="ops-button ops-primary" disabled={busy}>
          {t("password.submit")}
        </button>
      </form>
    </section>
  );
}
