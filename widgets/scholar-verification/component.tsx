import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../kit/links";
import type { ScholarVerificationProps } from "@schemas/generated/page-config";
import scholarClaimSchema from "@schemas/generated/forms/scholar-claim.schema.json";
import type { ScholarClaimForm } from "@schemas/generated/forms";
import "./scholar-verification.css";
import { useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type AnswerOf, callApi, showFailure } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { AUDIT_PASSED } from "../kit/account";
import { showToast, storeSession } from "../kit/session";
import { clearDraft } from "../kit/form-drafts";
import { type FormKit, FREE_TEXT_LIMIT, SchemaForm, serverFieldErrors } from "../kit/forms";
import { scholarCalls } from "../kit/calls/scholar";
import { type ClaimTarget, ProfileFinder } from "./ProfileFinder";
import { Supplement } from "./Supplement";

type Audit = AnswerOf<typeof accountCalls.checkEmailAudit>;

/** isPass (spec §4): 0 pending review, 1 declined with a reason, 2 approved, 3 email pending confirmation; -1 none. */
const STATES: Record<number, string> = { 0: "pending", 1: "declined", 2: "approved", 3: "emailPending" };
const DRAFT = "scholar-claim";

/** Where verification stands, and the form for a first or renewed application. */
export default function ScholarVerification({ data }: WidgetRenderProps<ScholarVerificationProps>) {
  const { t } = useTranslation();
  const user = useViewer();
  const loaded = data?.status === "ok" ? (data.value as Audit | null) : null;
  const [submitted, setSubmitted] = useState<Audit | null>(null);
  const [target, setTarget] = useState<ClaimTarget>(null);
  const [supplementing, setSupplementing] = useState(false);
  const audit = submitted ?? loaded ?? { isPass: -1 };
  const state = STATES[audit.isPass] ?? "none";
  const authorCode = audit.authorCode ?? user?.authorCode ?? null;

  // An approval since the session was stored: keep the author code, so scholar gates open without logging in again.
  useEffect(() => {
    if (audit.isPass === AUDIT_PASSED && authorCode && user && !user.authorCode) storeSession({ ...user, authorCode });
  }, [audit.isPass, authorCode, user]);

  const showForm = state === "none" || state === "declined";
  const canSupplement = state === "pending" || state === "emailPending" || state === "declined";
  return (
    <section className="scholar-verification" data-state={state}>
      <h1>{t("verify:title")}</h1>
      <div className={`verification-status status-${state}`} role="status">
        <strong>{t(`verify:status.${state}`)}</strong>
        {state === "declined" && audit.reason && <p>{t("verify:dialog.reason", { reason: audit.reason })}</p>}
        {state === "declined" && audit.sent && <p>{t("verify:status.declinedSent")}</p>}
        {state === "emailPending" && <p>{t("verify:status.emailPendingText", { email: audit.email ?? "" })}</p>}
        {state === "approved" && authorCode && (
          <p>
            {t("verify:status.authorCode", { authorCode })}{" "}
            <Link to={`/person?authorCode=${encodeURIComponent(authorCode)}`}>{t("verify:status.profile")}</Link>
          </p>
        )}
      </div>
      {canSupplement && !supplementing && (
        <button type="button" className="button supplement-open" onClick={() => setSupplementing(true)}>
          {t("scholarWorkspace:claim.supplement")}
        </button>
      )}
      {supplementing && (
        <Supplement
          onDone={(isPass) => {
            setSupplementing(false);
            setSubmitted({ ...audit, isPass, reason: "" });
          }}
        />
      )}
      {showForm && !supplementing && <ProfileFinder target={target} onChoose={setTarget} />}
      {showForm && !supplementing && (
        <SchemaForm<ScholarClaimForm>
          draftKey={DRAFT}
          initial={state === "declined" ? audit.sent : undefined}
          kit={{ schema: scholarClaimSchema, loadValidators: () => import("@schemas/generated/forms/scholar-claim.validators.js") } as FormKit}
          uiSchema={{
            "ui:order": ["realName", "email", "orgName", "researchField", "workHistory", "education", "introduction"],
            realName: { "ui:title": t("verify:claim.realName") },
            email: { "ui:title": t("verify:claim.email"), "ui:placeholder": t("verify:claim.emailPlaceholder"), "ui:inputType": "email" },
            orgName: { "ui:title": t("verify:claim.orgName") },
            researchField: {
              "ui:widget": "counted",
              "ui:title": t("verify:claim.researchField"),
              "ui:placeholder": t("verify:claim.researchFieldPlaceholder"),
              "ui:options": { limit: FREE_TEXT_LIMIT, freeText: true, rows: 2 },
            },
            workHistory: { "ui:widget": "textarea", "ui:title": t("verify:claim.workHistory"), "ui:options": { rows: 3 } },
            education: { "ui:widget": "textarea", "ui:title": t("verify:claim.education"), "ui:options": { rows: 3 } },
            introduction: { "ui:widget": "textarea", "ui:title": t("verify:claim.introduction"), "ui:options": { rows: 4 } },
          }}
          submitLabel={t("verify:claim.submit")}
          busyLabel={t("verify:claim.busy")}
          onSubmit={async (value) => {
            // A listed profile is claimed by its code; "create my profile" asks for a new one (spec §7 claimAndCreate).
            const answer =
              target?.kind === "create"
                ? await callApi(scholarCalls.claimAndCreate, { ...value })
                : await callApi(accountCalls.claimAuthor, {
                    ...value,
                    authorCode: target?.kind === "claim" ? target.author.authorCode : undefined,
                  });
            if (answer.code === 200) {
              clearDraft(DRAFT);
              setSubmitted({ isPass: answer.data?.isPass ?? 3, email: value.email });
              showToast(answer.message ?? "", "success");
              return;
            }
            return serverFieldErrors(answer) ?? void showFailure(answer);
          }}
        />
      )}
    </section>
  );
}
