import { useTranslation } from "react-i18next";
import videoCommentSchema from "@schemas/generated/forms/video-comment.schema.json";
import type { VideoCommentForm } from "@schemas/generated/forms";
import type { Comment } from "./comment";
import { callApi, isSuccess, refusalOf } from "../kit/api";
import { commentCalls } from "../kit/calls/comment";
import { askedToLogIn, showToast } from "../kit/session";
import { clearDraft, type SubmitOutcome } from "../kit/form-drafts";
import { SchemaForm } from "../kit/forms";
import { emojiWidgets } from "../parts/emoji-panel";

const kit = { schema: videoCommentSchema as never, loadValidators: () => import("@schemas/generated/forms/video-comment.validators.js") };
/** The form's value; a mapped type, as SchemaForm wants a plain record. */
type CommentValue = Pick<VideoCommentForm, "videoId" | "content">;

/** The comment box: the same schema checks the text here and in the platform API. Loaded only when opened. */
export default function CommentForm({ videoId, onPosted, onCancel }: { videoId: number; onPosted: (comment: Comment) => void; onCancel: () => void }) {
  const { t } = useTranslation("video");
  const draftKey = `video-comment:${videoId}`;

  const submit = async (value: CommentValue): Promise<SubmitOutcome | undefined> => {
    const envelope = await callApi(commentCalls.addVideoComment, { videoId, content: value.content });
    if (askedToLogIn(envelope)) return;
    if (isSuccess(envelope) && envelope.data) {
      clearDraft(draftKey);
      showToast(t("comment.posted"), "success");
      onPosted(envelope.data);
      return;
    }
    const fields = refusalOf(envelope).fields;
    if (fields) return { fields };
    showToast(envelope.message || t("common:actions.failed"), "error");
  };

  return (
    <div className="comment-form">
      <SchemaForm<CommentValue>
        draftKey={draftKey}
        kit={kit}
        widgets={emojiWidgets}
        initial={{ videoId }}
        uiSchema={{
          videoId: { "ui:widget": "hidden" },
          content: { "ui:widget": "emojiText", "ui:label": false, "ui:placeholder": t("comment.write"), "ui:autofocus": true, "ui:options": { rows: 3 } },
        }}
        submitLabel={t("comment.submit")}
        busyLabel={t("comment.posting")}
        onSubmit={submit}
      >
        <button type="button" className="button comment-cancel" onClick={onCancel}>
          {t("comment.cancel")}
        </button>
      </SchemaForm>
    </div>
  );
}
