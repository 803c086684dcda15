import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AudioBookProps } from "@schemas/generated/page-config";
import "./audio-book.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { callApi, showFailure } from "../kit/api";
import { audioCalls } from "../kit/calls/audio";
import { requireLogin, showToast } from "../kit/session";
import type { ChapterRef } from "../kit/audio";
import { Art, artPlacement } from "../parts/art";

interface Detail {
  id: number;
  title: string;
  summary: string;
  cover: string;
  author: string;
  narrator: string;
  chapterCount: number;
  minutes: number;
  score: number;
  scoreCount: number;
  listeners: number;
  chapters: ChapterRef[];
  onShelf: boolean;
  unlockedBy: "points" | "membership" | "voucher" | null;
  myScore: number;
  resume: { chapterId: number } | null;
  resumeTitle: string | null;
}

export default function AudioBook({ props, data, nodeId }: WidgetRenderProps<AudioBookProps>) {
  const { t } = useTranslation("audio");
  const book = data?.status === "ok" ? (data.value as Detail | null) : null;
  const [onShelf, setOnShelf] = useState(book?.onShelf ?? false);
  const [myScore, setMyScore] = useState(book?.myScore ?? 0);
  const [score, setScore] = useState({ average: book?.score ?? 0, count: book?.scoreCount ?? 0 });
  if (!book) return null;
  const playAt = (chapterId: number) => `${props.playLink}?id=${book.id}&chapterId=${chapterId}`;
  const hasLocked = book.chapters.some((chapter) => chapter.locked);

  const toggleShelf = async () => {
    if (!requireLogin()) return;
    const answer = await callApi(audioCalls.toggleShelf, { bookId: book.id });
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    setOnShelf(answer.data.onShelf);
    showToast(answer.message ?? "", "success");
  };

  const rate = async (stars: number) => {
    if (!requireLogin()) return;
    const answer = await callApi(audioCalls.score, { bookId: book.id, score: stars });
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    setMyScore(answer.data.myScore);
    setScore({ average: answer.data.score, count: answer.data.scoreCount });
  };

  return (
    <article className="audio-book">
      <header className="audio-book-head">
        <Art src={book.cover} alt="" shape="poster" placement={artPlacement(nodeId)} />
        <h1>{book.title}</h1>
        <p className="audio-book-author">{book.author}</p>
        <p className="audio-book-meta">{t("meta", { chapters: book.chapterCount, minutes: book.minutes, narrator: book.narrator })}</p>
        <p className="audio-book-meta">
          {score.count ? t("score", { score: score.average, count: score.count }) : t("noScore")} · {t("listeners", { count: book.listeners })}
        </p>
        {book.unlockedBy && <p className="audio-book-unlocked">{t(`unlockedBy.${book.unlockedBy}`)}</p>}
      </header>
      <p className="audio-book-summary">{book.summary}</p>
      <div className="audio-book-actions">
        <SmartLink to={playAt(book.resume?.chapterId ?? book.chapters[0]?.id)} className="button button-primary">
          {book.resume && book.resumeTitle ? t("continue", { chapter: book.resumeTitle }) : t("listen")}
        </SmartLink>
        <button type="button" className="button" aria-pressed={onShelf} onClick={() => void toggleShelf()}>
          {onShelf ? t("shelfRemove") : t("shelfAdd")}
        </button>
        {hasLocked && (
          <SmartLink to={`${props.unlockLink}?id=${book.id}`} className="button">
            {t("unlockNow")}
          </SmartLink>
        )}
        {book.unlockedBy && (
          <SmartLink to={`${props.giveLink}?id=${book.id}`} className="button">
            {t("give")}
          </SmartLink>
        )}
      </div>
      <fieldset className="audio-book-rating">
        <legend>{myScore ? t("rated", { count: myScore }) : t("rate")}</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <button key={stars} type="button" aria-label={`${stars}`} aria-pressed={stars <= myScore} onClick={() => void rate(stars)}>
            {stars <= myScore ? "★" : "☆"}
          </button>
        ))}
      </fieldset>
      <h2 className="section-title">{t("chapters")}</h2>
      <ol className="audio-book-chapters">
        {book.chapters.map((chapter) => (
          <li key={chapter.id}>
            <SmartLink to={chapter.locked ? `${props.unlockLink}?id=${book.id}` : playAt(chapter.id)}>
              <span>{chapter.title}</span>
              <small className={chapter.locked ? "chapter-locked" : chapter.free ? "chapter-free" : undefined}>
                {chapter.locked ? t("locked") : chapter.free ? t("free") : `${Math.ceil(chapter.durationMs / 60_000)}′`}
              </small>
            </SmartLink>
          </li>
        ))}
      </ol>
    </article>
  );
}
