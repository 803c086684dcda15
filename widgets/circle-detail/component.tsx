import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { CircleDetailProps } from "@schemas/generated/page-config";
import "./circle-detail.css";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { circleCalls } from "../kit/calls/circle";
import { askedToLogIn, showToast } from "../kit/session";
import { useHydrated } from "../kit/page";
import { type CirclePost, CommentCount, ImageGrid, PostAuthor, PraiseButton } from "../parts/circle-parts";
import { ConfirmBox } from "../parts/confirm-box";

const ImageViewer = lazy(() => import("./ImageViewer"));

/** A circle post in full; the viewer's own post can be removed (after a confirmation). */
export default function CircleDetail({ props, data }: WidgetRenderProps<CircleDetailProps>) {
  const { t } = useTranslation("circle");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const post = data?.status === "ok" ? (data.value as CirclePost | null) : null;
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!post) return null;

  const remove = async () => {
    setBusy(true);
    const answer = await callApi(circleCalls.removePost, { id: post.id });
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer)) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    showToast(t("detail.removed"), "success");
    navigate(props.listLink, { replace: true });
  };

  return (
    <article className="circle-detail" data-testid="circle-detail">
      <PostAuthor post={post} />
      <p className="circle-detail-text">{post.content}</p>
      <ImageGrid images={post.images} onOpen={hydrated ? setViewing : undefined} link={hydrated ? undefined : post.link} />
      <footer className="circle-detail-actions">
        <PraiseButton post={post} />
        <CommentCount post={post} />
        {hydrated && post.mine && !confirming && (
          <button type="button" className="circle-action circle-detail-remove" onClick={() => setConfirming(true)}>
            {t("detail.remove")}
          </button>
        )}
      </footer>
      {confirming && (
        <ConfirmBox
          label={t("detail.remove")}
          question={t("detail.removeConfirm")}
          yes={t("detail.removeYes")}
          no={t("comments.cancel")}
          busy={busy}
          onYes={() => void remove()}
          onNo={() => setConfirming(false)}
        />
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={post.images} start={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </article>
  );
}
