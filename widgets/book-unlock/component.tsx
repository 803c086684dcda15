import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { BookUnlockProps } from "@schemas/generated/page-config";
import "./book-unlock.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { callApi, showFailure } from "../kit/api";
import { audioCalls } from "../kit/calls/audio";
import { showToast } from "../kit/session";
import { refreshPageData } from "../kit/page";
import { Art, artPlacement } from "../parts/art";

interface Detail {
  id: number;
  title: string;
  cover: string;
  chapterCount: number;
  unlockPoints: number;
  unlockedBy: string | null;
  balance: number | null;
  isMember: boolean;
}

export default function BookUnlock({ props, data, nodeId }: WidgetRenderProps<BookUnlockProps>) {
  const { t } = useTranslation("audio");
  const navigate = useNavigate();
  const book = data?.status === "ok" ? (data.value as Detail | null) : null;
  const [busy, setBusy] = useState(false);
  if (!book) return null;
  const bookPage = `${props.bookLink}?id=${book.id}`;
  const balance = book.balance ?? 0;

  const unlock = async (method: "points" | "membership") => {
    setBusy(true);
    const answer = await callApi(audioCalls.unlock, { bookId: book.id, method });
    setBusy(false);
    if (answer.code !== 200) return showFailure(answer);
    showToast(answer.message ?? "", "success");
    void refreshPageData();
    void navigate(bookPage);
  };

  return (
    <section className="book-unlock">
      <Art src={book.cover} alt="" shape="poster" placement={artPlacement(nodeId)} />
      <h1>{t("unlock.title", { title: book.title })}</h1>
      <p>{t("unlock.intro")}</p>
      {book.unlockedBy ? (
        <SmartLink to={bookPage} className="button button-primary">
          {t("unlock.done")}
        </SmartLink>
      ) : (
        <>
          <div className="unlock-option">
            <h2>{t("unlock.points")}</h2>
            <p>{t("unlock.pointsText", { cost: book.unlockPoints, balance })}</p>
            {balance >= book.unlockPoints ? (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void unlock("points")}>
                {busy ? t("unlock.busy") : t("unlock.pointsButton", { cost: book.unlockPoints })}
              </button>
            ) : (
              <SmartLink to={props.earnLink} className="button">
                {t("unlock.earn")}
              </SmartLink>
            )}
          </div>
          <div className="unlock-option">
            <h2>{t("unlock.member")}</h2>
            <p>{t("unlock.memberText")}</p>
            {book.isMember ? (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void unlock("membership")}>
                {busy ? t("unlock.busy") : t("unlock.memberButton")}
              </button>
            ) : (
              <SmartLink to={props.memberLink} className="button">
                {t("unlock.becomeMember")}
              </SmartLink>
            )}
          </div>
        </>
      )}
    </section>
  );
}
