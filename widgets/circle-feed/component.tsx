import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { CircleFeedProps } from "@schemas/generated/page-config";
import "./circle-feed.css";
import { asText, fields, type WidgetDataReads, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { circleCalls } from "../kit/calls/circle";
import { dialogForGate, openDialog, showToast } from "../kit/session";
import { SmartLink } from "../kit/links";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { type CirclePost, CommentCount, ImageGrid, PostAuthor, PraiseButton } from "../parts/circle-parts";

/** What a post's author line, text, images, praise and comment count read. */
export const dataReads: WidgetDataReads<CircleFeedProps> = () => ({
  data: {
    list: fields("id", "userId", "userName", "portraitUrl", "content", "images", "praiseCount", "praised", "commentCount", "createTime", "link"),
    total: true,
  },
});

/** The circle's posts, newest first, from the node's paged source. */
export default function CircleFeed({ props, data, nodeId, sourceName }: WidgetRenderProps<CircleFeedProps>) {
  const { t } = useTranslation("circle");
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const posts = list.items as unknown as CirclePost[];
  const title = asText(props.title);
  return (
    <section className="circle-feed" aria-label={title || t("feed.title")}>
      {(title || props.composeLink) && (
        <header className="section-header">
          {title && <h2 className="section-title">{title}</h2>}
          {props.composeLink && <ComposeButton link={props.composeLink} />}
        </header>
      )}
      {posts.length === 0 ? (
        <StateNotice kind="empty" className="list-empty" text={asText(props.emptyText) || t("feed.empty")} />
      ) : (
        <ul className="circle-feed-list">
          {posts.map((post) => (
            <li key={post.id} className="circle-feed-post" data-testid="circle-post">
              <PostAuthor post={post} />
              <SmartLink to={post.link} className="circle-feed-text">
                {post.content}
              </SmartLink>
              <ImageGrid images={post.images} link={post.link} />
              <footer className="circle-feed-actions">
                <PraiseButton post={post} />
                <CommentCount post={post} link={post.link} />
              </footer>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} />
    </section>
  );
}

/**
 * Writing a post: /circle/verify says whether the viewer may (signed in, phone bound); otherwise the dialog that
 * opens the way (login, or binding a phone) comes up instead.
 */
function ComposeButton({ link }: { link: string }) {
  const { t } = useTranslation("circle");
  const navigate = useNavigate();
  const compose = async () => {
    const answer = await callApi(circleCalls.canPost);
    if (!isSuccess(answer) || !answer.data) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    if (answer.data.canPost) navigate(link);
    else if (answer.data.reason === "bindPhone") openDialog(dialogForGate("needBind"), "needBind");
    else openDialog("login", "needLogin");
  };
  return (
    <button type="button" className="button button-primary circle-compose" onClick={() => void compose()}>
      {t("feed.compose")}
    </button>
  );
}
