import { useTranslation } from "react-i18next";
import commentSchema from "@schemas/generated/forms/comment.schema.json";
import type { CommentForm as CommentValue } from "@schemas/generated/forms";
import type { Comment } from "./comment";
import { callApi, isSuccess, refusalOf } from "../kit/api";
import { commentCalls } from "../kit/calls/comment";
import { askedToLogIn, showToast } from "../kit/session";
import { clearDraft, type SubmitOutcome } from "../kit/form-drafts";
import { SchemaForm } from "../kit/forms";
import { emojiWidgets } from "../parts/emoji-panel";

const kit = { schema: commentSchema as never, loadValidators: () => import("@schemas/generated/forms/comment.validators.js") };

interface Props {
  kind: CommentValue["kind"];
  targetId: number;
  /** The comment answered, if this is a reply. */
  replyTo: Comment | null;
  onPosted: () => void;
  onCancel: () => void;
}

/**
 * The comment box, loaded only when opened: the same schema checks the text here and in the platform API. What was typed
 * stays in the form's draft (per post and per comment replied to) through refusals such as a risk word, until it posts.
 */
export default function CommentForm({ kind, targetId, replyTo, onPosted, onCancel }: Props) {
  const { t } = useTranslation("circle");
  const draftKey = `comment:${kind}:${targetId}:${replyTo?.id ?? 0}`;

  const submit = async (value: CommentValue): Promise<SubmitOutcome | undefined> => {
    const params = { kind, targetId, content: value.content, ...(replyTo ? { replyTo: replyTo.id } : {}) };
    const envelope = await callApi(commentCalls.addComment, params);
    if (askedToLogIn(envelope)) return;
    if (isSuccess(envelope)) {
      clearDraft(draftKey);
      showToast(t("comments.posted"), "success");
      onPosted();
      return;
    }
    const fields = refusalOf(envelope).fields;
    if (fields) return { fields };
    showToast(envelope.message || t("common:actions.failed"), "error");
  };

  return (
    <div className="comments-form">
      <SchemaForm<CommentValue>
        draftKey={draftKey}
        kit={kit}
        widgets={emojiWidgets}
        initial={{ kind, targetId, ...(replyTo ? { replyTo: replyTo.id } : {}) }}
        uiSchema={{
          "ui:order": ["content", "*"],
          kind: { "ui:widget": "hidden" },
          targetId: { "ui:widget": "hidden" },
          replyTo: { "ui:widget": "hidden" },
          content: {
            "ui:widget": "emojiText",
            "ui:label": false,
            "ui:placeholder": replyTo ? t("comments.replyTo", { name: replyTo.userName }) : t("comments.write"),
            "ui:autofocus": true,
            "ui:options": { rows: 3 },
          },
        }}
        submitLabel={t("comments.submit")}
        busyLabel={t("comments.posting")}
        onSubmit={submit}
      >
        <button type="button" className="button comments-cancel" onClick={onCancel}>
          {t("comments.cancel")}
        </button>
      </SchemaForm>
    </div>
  );
}
