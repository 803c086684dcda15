import { useTranslation } from "react-i18next";
import feedbackSchema from "@schemas/generated/forms/feedback.schema.json";
import type { FeedbackForm } from "@schemas/generated/forms";
import { callApi, showFailure } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import SchemaForm, { serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
import { clearDraft } from "~/forms/drafts";
import { showToast } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";

const DRAFT = "feedback";
/** Spec §9: feedback content is at most 400 characters. */
export const FEEDBACK_MAX = 400;

/** The feedback dialog (spec §7): success code 1 says "submitted successfully"; a failure shows the server message. */
export default function FeedbackDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:feedback.title")}</h2>
      <SchemaForm<FeedbackForm>
        draftKey={DRAFT}
        kit={{ schema: feedbackSchema, loadValidators: () => import("@schemas/generated/forms/feedback.validators.js") } as FormKit}
        uiSchema={{
          "ui:order": ["feedbackContent", "contactInformation", "*"],
          feedbackContent: {
            "ui:widget": "counted",
            "ui:title": t("verify:feedback.content"),
            "ui:placeholder": t("verify:feedback.contentPlaceholder"),
            "ui:options": { limit: FEEDBACK_MAX, rows: 5 },
          },
          contactInformation: { "ui:title": t("verify:feedback.contact"), "ui:placeholder": t("verify:feedback.contactPlaceholder") },
          feedbackType: { "ui:widget": "hidden" },
          dataCode: { "ui:widget": "hidden" },
        }}
        submitLabel={t("verify:feedback.submit")}
        busyLabel={t("verify:feedback.busy")}
        onSubmit={async (value) => {
          const answer = await callApi(accountCalls.feedback, {
            ...value,
            contactInformation: value.contactInformation ?? "",
            feedbackType: "h5",
            dataCode: window.location.pathname.slice(0, 64),
          });
          if (answer.code === 1) {
            clearDraft(DRAFT);
            showToast(t("verify:feedback.success"), "success");
            close();
            return;
          }
          return serverFieldErrors(answer) ?? void showFailure(answer);
        }}
      />
    </div>
  );
}
