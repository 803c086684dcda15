import "./circle-parts.css";
import { Art, FillArt } from "./art";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, isSuccess } from "../kit/api";
import { circleCalls } from "../kit/calls/circle";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { useLang } from "../kit/page";
import { formatCount, formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { useCommentTotal } from "./comment-totals";

/** Shared by the circle's widgets (ADR 024): a post as the platform answers it and the parts every screen shows. */

export interface CirclePost {
  id: number;
  userId: number;
  userName: string;
  portraitUrl: string;
  content: string;
  images: string[];
  praiseCount: number;
  praised: boolean;
  commentCount: number;
  createTime: string;
  mine: boolean;
  link: string;
}

/** A person's public page, where their name and avatar lead. */
export const userHomeLink = (userId: number) => `/userHome?id=${userId}`;

/** Who wrote a post and when, the name and avatar leading to their page. */
export function PostAuthor({ post }: { post: CirclePost }) {
  const lang = useLang();
  return (
    <header className="circle-author">
      <SmartLink to={userHomeLink(post.userId)} className="circle-author-avatar" duplicate>
        <Art src={post.portraitUrl || "/avatar.svg"} alt="" shape="portrait" box={{ width: 40, height: 40 }} placement="below" />
      </SmartLink>
      <div>
        <SmartLink to={userHomeLink(post.userId)} className="circle-author-name">
          {post.userName}
        </SmartLink>
        <time dateTime={post.createTime}>{formatMoment(post.createTime, lang)}</time>
      </div>
    </header>
  );
}

/** One image is shown large and four in a 2×2 square, as phones' galleries show them; other counts in rows of three. */
const GRID_SHAPE: Record<number, string> = { 1: " circle-images-one", 4: " circle-images-four" };
/** A grid cell's width (circle-parts.css): one image 240 px, otherwise a third of 360 px or half of 240 px. */
const GRID_CELL_WIDTH: Record<number, string> = { 1: "240px" };

/**
 * A post's images: one shown large, four in a 2×2 square, other counts in rows of three (up to 3×3). Each opens the
 * full-screen viewer (onOpen) or, in a list, the post (link).
 */
export function ImageGrid({ images, link, onOpen }: { images: string[]; link?: string; onOpen?: (index: number) => void }) {
  const { t } = useTranslation("circle");
  if (images.length === 0) return null;
  return (
    <ul className={`circle-images${GRID_SHAPE[images.length] ?? ""}`} data-testid="circle-images">
      {images.map((url, index) => {
        const image = (
          <FillArt src={url} alt={t("viewer.image", { index: index + 1, count: images.length })} sizes={GRID_CELL_WIDTH[images.length] ?? "118px"} />
        );
        return (
          <li key={url}>
            {onOpen ? (
              <button type="button" className="circle-image" onClick={() => onOpen(index)}>
                {image}
              </button>
            ) : (
              <SmartLink to={link} className="circle-image">
                {image}
              </SmartLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Praise a post (once per person, a second tap takes it back); the count shown is the server's last answer. */
export function PraiseButton({ post }: { post: CirclePost }) {
  const { t } = useTranslation("circle");
  const lang = useLang();
  const [state, setState] = useState({ praised: post.praised, count: post.praiseCount });
  const [busy, setBusy] = useState(false);
  useEffect(() => setState({ praised: post.praised, count: post.praiseCount }), [post.praised, post.praiseCount]);

  const toggle = async () => {
    if (!requireLogin() || busy) return;
    setBusy(true);
    const answer = await callApi(circleCalls.praisePost, { id: post.id });
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    setState({ praised: answer.data.praised, count: answer.data.praiseCount });
  };

  return (
    <button
      type="button"
      className={state.praised ? "circle-action circle-praised" : "circle-action"}
      aria-pressed={state.praised}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="circle-praise"
    >
      <HeartIcon filled={state.praised} /> {t("feed.praise")} {formatCount(state.count, lang)}
    </button>
  );
}

/** The comment count, leading to the post's comments. */
export function CommentCount({ post, link }: { post: CirclePost; link?: string }) {
  const { t } = useTranslation("circle");
  const lang = useLang();
  const total = useCommentTotal("circle", post.id, post.commentCount);
  const label = (
    <>
      <BubbleIcon /> {t("feed.comments")} {formatCount(total, lang)}
    </>
  );
  return link ? (
    <SmartLink to={link} className="circle-action">
      {label}
    </SmartLink>
  ) : (
    <span className="circle-action">{label}</span>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="circle-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function BubbleIcon() {
  return (
    <svg className="circle-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
