import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignUpFormProps } from "@schemas/generated/page-config";
import { isSignUpForm, SIGN_UP_FORMS, signUpFields } from "./forms";
import "./styles.css";
import { asText, useHydrated, useLang, useScriptless, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess, refusalOf, validatedRequest } from "../kit/api";
import { askedToLogIn, openDialog, showToast } from "../kit/session";
import { formatMoment } from "../kit/format";
import { clearDraft, type SubmitOutcome } from "../kit/form-drafts";
import { refreshViewerSources, useViewerSource } from "../parts/viewer-source";
import { paletteClass } from "../parts/event-palette";

type Reason = "open" | "notStarted" | "closed" | "full" | "enrolled" | "none";

export interface SignUpState {
  specialId: number;
  canAdd: boolean;
  reason: Reason;
  opensAt: string | null;
  deadline: string | null;
  form: string | null;
  capacity: number | null;
  enrollCount: number;
  enrolled: boolean;
  enrolledAt: string | null;
  /** The event's own terms in the viewer's language; "" (or absent from an older platform) when none were written. */
  agreement?: string;
}

const REASONS = new Set<Reason>(["open", "notStarted", "closed", "full", "enrolled", "none"]);

/** Sign-up for an event: open or not and until when, then (signed in) the platform's form with the agreement. */
export default function SignUpForm({ props, data, sourceName }: WidgetRenderProps<SignUpFormProps>) {
  const { t } = useTranslation("spec");
  const lang = useLang();
  // A console preview (no scripts) shows a persona the form they would fill in; a browser waits until it can take input.
  const hydrated = useHydrated();
  const scriptless = useScriptless();
  const formReady = hydrated || scriptless;
  const user = useViewer();
  const { value: state, refresh } = useViewerSource<SignUpState>(data, sourceName);
  const [problem, setProblem] = useState("");

  if (!state || !REASONS.has(state.reason)) return null;
  // A session the browser has but the server did not see (logged in after the page was rendered) is not yet enrolled as far as the page knows.
  const reason: Reason = state.reason === "enrolled" && !user ? "open" : state.reason;
  const title = asText(props.title) || t("signUp.title");
  const subtitle = asText(props.subtitle);
  const draftKey = `signUp:${state.specialId}`;

  const submit = async (value: Record<string, unknown>): Promise<SubmitOutcome | undefined> => {
    if (!isSignUpForm(state.form)) return;
    setProblem("");
    const { call } = SIGN_UP_FORMS[state.form];
    const envelope = await callApi(call, validatedRequest(call, { ...value, specialId: state.specialId }));
    if (isSuccess(envelope)) {
      clearDraft(draftKey);
      showToast(envelope.message || t("signUp.enrolledTitle"), "success");
      await refreshViewerSources();
      return;
    }
    if (askedToLogIn(envelope)) return;
    const fields = refusalOf(envelope).fields;
    if (envelope.code === 400 && fields && Object.keys(fields).length) return { fields };
    setProblem(envelope.message || t("signUp.failed"));
    await refresh();
  };

  let body: ReactNode;
  if (reason === "enrolled") {
    body = (
      <div className="sign-up-done" role="status">
        <p className="sign-up-done-title">{t("signUp.enrolledTitle")}</p>
        {state.enrolledAt && <p>{t("signUp.enrolledAt", { date: formatMoment(state.enrolledAt, lang) })}</p>}
        {asText(props.successText) && <p>{asText(props.successText)}</p>}
      </div>
    );
  } else if (reason !== "open") {
    const note = reason === "notStarted" ? t("signUp.opensAt", { date: formatMoment(state.opensAt, lang) }) : t(`signUp.notes.${reason}`);
    body = (
      <div className="sign-up-closed">
        <p>{note}</p>
        {reason === "closed" && asText(props.closedText) && <p>{asText(props.closedText)}</p>}
      </div>
    );
  } else if (!user) {
    body = (
      <div className="sign-up-login">
        <p>{t("signUp.loginHint")}</p>
        <button type="button" className="button sign-up-button" onClick={() => openDialog("login", "needLogin")}>
          {t("signUp.loginToSignUp")}
        </button>
      </div>
    );
  } else if (!formReady || !isSignUpForm(state.form)) {
    body = <div className="sign-up-loading skeleton" aria-busy="true" />;
  } else {
    const Fields = signUpFields(state.form);
    body = (
      <Suspense fallback={<div className="sign-up-loading skeleton" aria-busy="true" />}>
        <Fields
          draftKey={draftKey}
          agreementLink={props.agreementLink}
          privacyLink={props.privacyLink}
          oneClick={state.form === "specialEnroll"}
          onSubmit={submit}
        />
      </Suspense>
    );
  }

  return (
    <section className={`sign-up ${paletteClass(props.palette)}`} data-sign-up={reason}>
      <header className="sign-up-header">
        <h2 className="event-section-title">{title}</h2>
        <span className={`sign-up-status status-${reason}`}>{t(`signUp.status.${reason}`)}</span>
      </header>
      {subtitle && <p className="event-section-subtitle">{subtitle}</p>}
      {reason !== "none" && (
        <ul className="sign-up-facts">
          {state.deadline && <li>{t("signUp.deadline", { date: formatMoment(state.deadline, lang) })}</li>}
          {state.enrollCount > 0 && <li>{t("signUp.count", { count: state.enrollCount })}</li>}
          {state.capacity !== null && <li>{t("signUp.capacity", { count: state.capacity })}</li>}
        </ul>
      )}
      {reason === "open" && state.agreement && (
        // The event's own terms (ADR 071), readable before logging in and above the box that accepts them, whole.
        <section className="sign-up-terms" aria-label={t("signUp.termsTitle")}>
          <h3>{t("signUp.termsTitle")}</h3>
          <p>{state.agreement}</p>
        </section>
      )}
      {body}
      {problem && (
        <p className="sign-up-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
