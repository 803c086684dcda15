import { lazy, Suspense, useEffect, useState } from "react";
import { Art } from "../parts/art";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { CommentsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, StateNotice, useOnline } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type ApiPath, type ApiRequests, callApi, isSuccess, type NamedCall } from "../kit/api";
import { commentCalls } from "../kit/calls/comment";
import { socialCalls } from "../kit/calls/social";
import { $user, askedToLogIn, requireLogin, showToast } from "../kit/session";
import { formatCount, formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { noteCommentTotal } from "../parts/comment-totals";
import { ConfirmBox } from "../parts/confirm-box";
import { appendPage, type Comment } from "./comment";

const CommentForm = lazy(() => import("./CommentForm"));

type Status = "loading" | "ok" | "failed" | "missing";

interface Thread {
  status: Status;
  items: Comment[];
  total: number;
  page: number;
}

const LOADING: Thread = { status: "loading", items: [], total: 0, page: 0 };

/** The comments of one post; another post (same page, new id) starts afresh. */
export default function Comments(render: WidgetRenderProps<CommentsProps>) {
  const targetId = Number(render.props.targetId);
  if (!Number.isInteger(targetId) || targetId <= 0) return null;
  return <CommentThread key={`${render.props.kind}:${targetId}`} {...render} targetId={targetId} />;
}

/**
 * The list is read in the browser, never rendered on the server: what it holds depends on the viewer (comments of people
 * they blocked are left out, theirs and those under their own post can be deleted). It is read again when the viewer
 * changes and after every change they make, so the server's answer is always what is shown.
 */
function CommentThread({ props, nodeId, targetId }: WidgetRenderProps<CommentsProps> & { targetId: number }) {
  const { t } = useTranslation("circle");
  const lang = useLang();
  const hydrated = useHydrated();
  const user = useStore($user);
  const [thread, setThread] = useState<Thread>(LOADING);
  const [version, setVersion] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [writing, setWriting] = useState<{ replyTo: Comment | null } | null>(null);
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const [blocking, setBlocking] = useState<Comment | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [busy, setBusy] = useState(false);
  const query = { kind: props.kind, targetId, pageSize: props.pageSize };
  const reload = () => setVersion((current) => current + 1);
  const online = useOnline();

  const readPage = (pageNum: number) => callApi(commentCalls.comments, { ...query, pageNum });

  // Read again for a new viewer and after each change the viewer made (version).
  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    void readPage(1).then((envelope) => {
      if (!current) return;
      if (isSuccess(envelope) && envelope.data) {
        setThread({ status: "ok", items: envelope.data.list, total: envelope.data.total, page: 1 });
        noteCommentTotal(props.kind, targetId, envelope.data.total);
      } else setThread({ ...LOADING, status: envelope.code === 404 ? "missing" : "failed" });
    });
    return () => {
      current = false;
    };
  }, [hydrated, user?.id, version]);

  const loadMore = async () => {
    setLoadingMore(true);
    const envelope = await readPage(thread.page + 1);
    setLoadingMore(false);
    if (!isSuccess(envelope) || !envelope.data) {
      showToast(envelope.message || t("comments.loadFailed"), "error");
      return;
    }
    const next = envelope.data;
    noteCommentTotal(props.kind, targetId, next.total);
    setThread((shown) => ({ status: "ok", items: appendPage(shown.items, next.list), total: next.total, page: shown.page + 1 }));
  };

  /** A write: done once at a time, then the list is read again from the server. */
  const act = async <P extends ApiPath>(call: NamedCall<P>, params: ApiRequests[P], done: string) => {
    setBusy(true);
    const envelope = await callApi(call, params);
    setBusy(false);
    setMenuFor(null);
    setBlocking(null);
    setDeleting(null);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope)) {
      showToast(envelope.message || t("common:actions.failed"), "error");
      return;
    }
    showToast(done, "success");
    reload();
  };

  if (thread.status === "missing") return null;
  const titleId = `comments-${nodeId}`;
  return (
    <section className="comments" aria-labelledby={titleId} data-testid="comments">
      <header className="section-header">
        <h2 className="section-title" id={titleId}>
          {asText(props.title) || t("comments.title")} {thread.status === "ok" && <span className="comments-total">{formatCount(thread.total, lang)}</span>}
        </h2>
      </header>
      {writing && user ? (
        <Suspense fallback={<div className="skeleton comments-skeleton" aria-busy="true" />}>
          <CommentForm
            key={writing.replyTo?.id ?? 0}
            kind={props.kind}
            targetId={targetId}
            replyTo={writing.replyTo}
            onCancel={() => setWriting(null)}
            onPosted={() => {
              setWriting(null);
              reload();
            }}
          />
        </Suspense>
      ) : (
        <button type="button" className="comments-open" onClick={() => requireLogin() && setWriting({ replyTo: null })}>
          {t("comments.write")}
        </button>
      )}
      {thread.status === "loading" && <div className="skeleton comments-skeleton" aria-busy="true" />}
      {thread.status === "failed" && (
        <StateNotice
          kind={online ? "failed" : "offline"}
          className="list-empty"
          text={online ? t("comments.loadFailed") : undefined}
          retry={{ onRetry: reload }}
        />
      )}
      {thread.status === "ok" && thread.items.length === 0 && <StateNotice kind="empty" className="list-empty" text={t("comments.empty")} />}
      {thread.items.length > 0 && (
        <ul className="comments-list">
          {thread.items.map((comment) => (
            <li key={comment.id} className="comments-item" data-testid="comment">
              <SmartLink to={`/userHome?id=${comment.userId}`} className="comments-avatar" duplicate>
                <Art src={comment.portraitUrl || "/avatar.svg"} alt="" shape="portrait" box={{ width: 32, height: 32 }} placement="below" />
              </SmartLink>
              <div className="comments-body">
                <p className="comments-meta">
                  <SmartLink to={`/userHome?id=${comment.userId}`} className="comments-author">
                    {comment.userName}
                  </SmartLink>
                  <time dateTime={comment.createTime}>{formatMoment(comment.createTime, lang)}</time>
                </p>
                <p className="comments-content">
                  {comment.replyTo && <span className="comments-reply-to">{t("comments.replyPrefix", { name: comment.replyTo.userName })}</span>}
                  {comment.content}
                </p>
                <div className="comments-actions">
                  <button type="button" onClick={() => requireLogin() && setWriting({ replyTo: comment })}>
                    {t("comments.reply")}
                  </button>
                  {user && (comment.canDelete || !comment.mine) && (
                    <button
                      type="button"
                      aria-label={t("comments.more")}
                      aria-expanded={menuFor === comment.id}
                      onClick={() => setMenuFor(menuFor === comment.id ? null : comment.id)}
                    >
                      ⋯
                    </button>
                  )}
                </div>
                {menuFor === comment.id && (
                  <div className="comments-menu" role="menu">
                    {comment.canDelete && (
                      <button
                        type="button"
                        role="menuitem"
                        onClick={() => {
                          setMenuFor(null);
                          setDeleting(comment);
                        }}
                      >
                        {t("comments.delete")}
                      </button>
                    )}
                    {!comment.mine && (
                      <button
                        type="button"
                        role="menuitem"
                        onClick={() => {
                          setMenuFor(null);
                          setBlocking(comment);
                        }}
                      >
                        {t("comments.block")}
                      </button>
                    )}
                  </div>
                )}
                {blocking?.id === comment.id && (
                  <ConfirmBox
                    label={t("comments.block")}
                    question={t("comments.blockConfirm", { name: comment.userName })}
                    yes={t("comments.blockYes")}
                    no={t("comments.cancel")}
                    busy={busy}
                    onYes={() => void act(socialCalls.block, { userId: comment.userId }, t("comments.blocked", { name: comment.userName }))}
                    onNo={() => setBlocking(null)}
                  />
                )}
                {deleting?.id === comment.id && (
                  <ConfirmBox
                    label={t("comments.delete")}
                    question={t("comments.deleteConfirm")}
                    yes={t("comments.deleteYes")}
                    no={t("comments.cancel")}
                    busy={busy}
                    onYes={() => void act(commentCalls.deleteComment, { id: comment.id }, t("comments.deleted"))}
                    onNo={() => setDeleting(null)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {thread.status === "ok" && thread.items.length < thread.total && (
        <div className="list-footer">
          <button type="button" className="button load-more" disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? t("common:widget.loading") : t("common:widget.loadMore")}
          </button>
        </div>
      )}
    </section>
  );
}
