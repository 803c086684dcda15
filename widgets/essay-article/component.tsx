import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { EssayArticleProps } from "@schemas/generated/page-config";
import "./styles.css";
import type { WidgetRenderProps } from "../kit/types";
import { refreshPageData, useHydrated, useLang, useViewer } from "../kit/page";
import { type ApiPath, type ApiRequests, callApi, isSuccess, type NamedCall } from "../kit/api";
import { essayCalls } from "../kit/calls/essay";
import { socialCalls } from "../kit/calls/social";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { formatCount, formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { ConfirmBox } from "../parts/confirm-box";
import type { EssayDetailAnswer } from "../kit/contracts";
import { Art, artPlacement } from "../parts/art";

type Article = EssayDetailAnswer;

/** The head of one article; another article starts afresh. */
export default function EssayArticle({ props, data, nodeId }: WidgetRenderProps<EssayArticleProps>) {
  const article = data?.status === "ok" ? (data.value as Article | null) : null;
  if (!article) return null;
  return <ArticleHead key={article.id} article={article} coverPlacement={artPlacement(nodeId)} {...props} />;
}

function ArticleHead({
  article,
  coverPlacement,
  editLink,
  listLink,
  authorLink,
}: EssayArticleProps & { article: Article; coverPlacement: ReturnType<typeof artPlacement> }) {
  const { t } = useTranslation("essay");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const viewer = useViewer();
  const lang = useLang();
  const [author, setAuthor] = useState(article.author);
  const [confirm, setConfirm] = useState<"block" | "delete" | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's answer was for the viewer it saw; a viewer who logs in or out here reads the page again.
  // The session names its user by a number or a string (SessionUser.id), the article by a number.
  const viewerId = viewer ? Number(viewer.id) : null;
  const mine = article.mine && viewerId === article.author.userId;
  const isSelf = viewerId === author.userId;
  // Seeded bilingual articles carry English siblings; what people write is one text for every reader.
  const title = (lang === "en" && article.titleEn) || article.title;
  const intro = (lang === "en" && article.introEn) || article.intro;

  const call = async <P extends ApiPath>(named: NamedCall<P>, params: ApiRequests[P]) => {
    setBusy(true);
    try {
      const envelope = await callApi(named, params);
      if (askedToLogIn(envelope)) return null;
      if (!isSuccess(envelope)) {
        showToast(envelope.message || t("common:actions.failed"), "error");
        return null;
      }
      if (envelope.message && envelope.message !== "success") showToast(envelope.message, "success");
      return envelope;
    } finally {
      setBusy(false);
    }
  };

  const follow = async () => {
    if (!requireLogin()) return;
    const answer = await call(socialCalls.follow, { userId: author.userId });
    if (answer) setAuthor({ ...author, followed: answer.data?.followed === true });
  };

  const block = async () => {
    setConfirm(null);
    const answer = await call(author.blocked ? socialCalls.unblock : socialCalls.block, { userId: author.userId });
    // Blocking ends following both ways (the platform removes it too).
    if (answer) setAuthor({ ...author, blocked: answer.data?.blocked === true, followed: answer.data?.blocked === true ? false : author.followed });
  };

  const remove = async () => {
    setConfirm(null);
    const answer = await call(essayCalls.removeEssay, { id: article.id });
    if (!answer) return;
    void refreshPageData();
    void navigate(listLink);
  };

  return (
    <header className="essay-article">
      {mine && article.status === "draft" && <p className="essay-article-notice">{t("article.draftNotice")}</p>}
      {mine && article.status === "released" && article.hasPendingEdits && <p className="essay-article-notice">{t("article.pendingNotice")}</p>}
      {mine && article.visibility !== "public" && (
        <p className="essay-article-notice">{t("article.visibleTo", { who: t(`visibility.${article.visibility}`) })}</p>
      )}
      {article.cover && (
        <Art className="essay-article-cover" src={article.cover} alt="" shape="poster" box={{ width: 750, height: 420 }} placement={coverPlacement} />
      )}
      <h1 className="essay-article-title">{title}</h1>
      <div className="essay-article-author">
        {author.portraitUrl ? (
          <Art className="essay-article-avatar" src={author.portraitUrl} alt="" shape="portrait" box={{ width: 40, height: 40 }} placement="visible" />
        ) : (
          <span className="essay-article-avatar" aria-hidden="true">
            {author.userName.slice(0, 1)}
          </span>
        )}
        <div className="essay-article-byline">
          {authorLink ? (
            <SmartLink to={`${authorLink}?id=${author.userId}`} className="essay-article-name">
              {author.userName}
            </SmartLink>
          ) : (
            <strong className="essay-article-name">{author.userName}</strong>
          )}
          <small>
            {article.releaseTime ? t("article.releasedAt", { time: formatMoment(article.releaseTime, lang) }) : t("status.draft")}
            {" · "}
            {t("article.views", { count: article.viewCount, shown: formatCount(article.viewCount, lang) })}
          </small>
        </div>
        {hydrated && !isSelf && (
          <div className="essay-article-people">
            {!author.blocked && (
              <button type="button" className={`button ${author.followed ? "" : "button-primary"}`} disabled={busy} onClick={() => void follow()}>
                {author.followed ? t("author.following") : t("author.follow")}
              </button>
            )}
            {viewer && (
              <button
                type="button"
                className="button essay-article-block"
                disabled={busy}
                onClick={() => (author.blocked ? void block() : setConfirm("block"))}
              >
                {author.blocked ? t("author.unblock") : t("author.block")}
              </button>
            )}
          </div>
        )}
      </div>
      {author.blocked && <p className="essay-article-notice">{t("author.blockedNotice")}</p>}
      {intro && <p className="essay-article-intro">{intro}</p>}
      {hydrated && mine && (
        <div className="essay-article-owner">
          <SmartLink to={`${editLink}?id=${article.id}`} className="button">
            {t("article.edit")}
          </SmartLink>
          <button type="button" className="button essay-article-delete" disabled={busy} onClick={() => setConfirm("delete")}>
            {t("article.delete")}
          </button>
        </div>
      )}
      {confirm && (
        <ConfirmBox
          label={confirm === "block" ? t("author.block") : t("article.delete")}
          question={confirm === "block" ? t("author.blockConfirm") : t("article.deleteConfirm")}
          no={t("editor.cancel")}
          onYes={() => void (confirm === "block" ? block() : remove())}
          onNo={() => setConfirm(null)}
        />
      )}
    </header>
  );
}
