import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import scholarClaimSchema from "@schemas/generated/forms/scholar-claim.schema.json";
import type { ScholarClaimForm } from "@schemas/generated/forms";
import { callApi, showFailure } from "../kit/api";
import { showToast } from "../kit/session";
import { clearDraft } from "../kit/form-drafts";
import { type FormKit, FREE_TEXT_LIMIT, SchemaForm, serverFieldErrors } from "../kit/forms";
import { scholarCalls } from "../kit/calls/scholar";

const DRAFT = "scholar-claim-supplement";

/** More details for an application not yet approved (/author/supplement): starts from what was sent; the email stays. */
export function Supplement({ onDone }: { onDone: (isPass: number) => void }) {
  const { t } = useTranslation(["scholarWorkspace", "verify"]);
  const [sent, setSent] = useState<(ScholarClaimForm & { email: string }) | null>(null);
  useEffect(() => {
    void callApi(scholarCalls.certification).then((answer) => {
      if (answer.code === 200 && answer.data?.details) setSent({ ...answer.data.details, email: answer.data.email });
      else showFailure(answer);
    });
  }, []);
  if (!sent) return <p role="status">{t("scholarWorkspace:editor.loading")}</p>;
  return (
    <div className="claim-supplement">
      <h2>{t("scholarWorkspace:claim.supplementTitle")}</h2>
      <p>{t("scholarWorkspace:claim.supplementHint", { email: sent.email })}</p>
      <SchemaForm<ScholarClaimForm>
        draftKey={DRAFT}
        kit={{ schema: scholarClaimSchema, loadValidators: () => import("@schemas/generated/forms/scholar-claim.validators.js") } as FormKit}
        initial={sent}
        uiSchema={{
          "ui:order": ["realName", "email", "orgName", "researchField", "workHistory", "education", "introduction"],
          realName: { "ui:title": t("verify:claim.realName") },
          email: { "ui:widget": "hidden" },
          orgName: { "ui:title": t("verify:claim.orgName") },
          researchField: {
            "ui:widget": "counted",
            "ui:title": t("verify:claim.researchField"),
            "ui:options": { limit: FREE_TEXT_LIMIT, freeText: true, rows: 2 },
          },
          workHistory: { "ui:widget": "textarea", "ui:title": t("verify:claim.workHistory"), "ui:options": { rows: 3 } },
          education: { "ui:widget": "textarea", "ui:title": t("verify:claim.education"), "ui:options": { rows: 3 } },
          introduction: { "ui:widget": "textarea", "ui:title": t("verify:claim.introduction"), "ui:options": { rows: 4 } },
        }}
        submitLabel={t("scholarWorkspace:claim.supplementSubmit")}
        busyLabel={t("scholarWorkspace:claim.supplementBusy")}
        onSubmit={async (value) => {
          const answer = await callApi(scholarCalls.supplementClaim, { ...value });
          if (answer.code === 200) {
            clearDraft(DRAFT);
            showToast(answer.message ?? "", "success");
            onDone(answer.data?.isPass ?? 0);
            return;
          }
          return serverFieldErrors(answer) ?? void showFailure(answer);
        }}
      />
    </div>
  );
}
