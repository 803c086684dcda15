import { lazy, Suspense, useState } from "react";
import { Art } from "../parts/art";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { VideoCommentsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { commentCalls } from "../kit/calls/comment";
import { $user, askedToLogIn, requireLogin, showToast } from "../kit/session";
import { formatCount, formatMoment } from "../kit/format";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { ConfirmBox } from "../parts/confirm-box";
import type { Comment } from "./comment";

const CommentForm = lazy(() => import("./CommentForm"));

/** Comments of one video; another video (same page, new id) starts afresh. */
export default function VideoComments(render: WidgetRenderProps<VideoCommentsProps>) {
  return <Comments key={asText(render.props.videoId)} {...render} />;
}

function Comments({ props, data, nodeId, sourceName }: WidgetRenderProps<VideoCommentsProps>) {
  const { t } = useTranslation("video");
  const lang = useLang();
  const hydrated = useHydrated();
  const user = useStore($user);
  const videoId = Number(props.videoId);
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const [added, setAdded] = useState<Comment[]>([]);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [writing, setWriting] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const comments = [...added, ...(list.items as unknown as Comment[])].filter((comment) => !removed.has(comment.id));
  const total = list.total + added.length - removed.size;

  const remove = async (comment: Comment) => {
    setConfirming(null);
    const envelope = await callApi(commentCalls.deleteVideoComment, { id: comment.id });
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope)) {
      showToast(envelope.message || t("common:actions.failed"), "error");
      return;
    }
    setRemoved((current) => new Set(current).add(comment.id));
    showToast(t("comment.deleted"), "success");
  };

  return (
    <section className="video-comments" aria-labelledby={`comments-${nodeId}`}>
      <header className="section-header">
        <h2 className="section-title" id={`comments-${nodeId}`}>
          {asText(props.title) || t("comment.title")} <span className="comment-total">{formatCount(Math.max(0, total), lang)}</span>
        </h2>
      </header>
      {writing && user ? (
        <Suspense fallback={<div className="skeleton comment-skeleton" aria-busy="true" />}>
          <CommentForm
            videoId={videoId}
            onCancel={() => setWriting(false)}
            onPosted={(comment) => {
              setAdded((current) => [comment, ...current]);
              setWriting(false);
            }}
          />
        </Suspense>
      ) : (
        <button type="button" className="comment-open" onClick={() => requireLogin() && setWriting(true)}>
          {t("comment.write")}
        </button>
      )}
      {comments.length === 0 ? (
        <StateNotice kind="empty" className="list-empty" text={t("comment.empty")} />
      ) : (
        <ul className="comment-list">
          {comments.map((comment) => (
            <li key={comment.id} className="comment">
              <Art
                className="comment-avatar"
                src={comment.portraitUrl || "/avatar.svg"}
                alt=""
                shape="portrait"
                box={{ width: 32, height: 32 }}
                placement="below"
              />
              <div className="comment-body">
                <p className="comment-meta">
                  <strong>{comment.userName}</strong>
                  <time dateTime={comment.createTime}>{formatMoment(comment.createTime, lang)}</time>
                </p>
                <p className="comment-content">{comment.content}</p>
                {hydrated && user && String(user.id) === String(comment.userId) && confirming !== comment.id && (
                  <button type="button" className="comment-delete" onClick={() => setConfirming(comment.id)}>
                    {t("comment.delete")}
                  </button>
                )}
                {confirming === comment.id && (
                  <ConfirmBox
                    label={t("comment.delete")}
                    question={t("comment.deleteConfirm")}
                    yes={t("comment.deleteYes")}
                    no={t("comment.cancel")}
                    onYes={() => void remove(comment)}
                    onNo={() => setConfirming(null)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} endNotice={false} />
    </section>
  );
}
