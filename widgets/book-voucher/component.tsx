import { useEffect, useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { BookVoucherProps } from "@schemas/generated/page-config";
import "./book-voucher.css";
import { StateNotice, usePage, useViewer } from "../kit/page";
import { AnswerFailed } from "../parts/answer-state";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { callApi, showFailure, type AnswerOf } from "../kit/api";
import { audioCalls } from "../kit/calls/audio";
import { requireLogin, showToast } from "../kit/session";
import { copyText } from "../kit/browser";

type Book = Pick<Given["book"], "id" | "title" | "cover" | "author">;

type Given = AnswerOf<typeof audioCalls.vouchers>;

type Received = AnswerOf<typeof audioCalls.voucher>;

/** What a friend's voucher lets the viewer do: listen (taken by them, or the book is theirs already), nothing, or take it. */
export function receiveState(voucher: Pick<Received, "mine" | "status" | "receivedByMe" | "alreadyUnlocked">): "listen" | "own" | "taken" | "take" {
  if (voucher.receivedByMe || voucher.alreadyUnlocked) return "listen";
  if (voucher.mine) return "own";
  return voucher.status === "received" ? "taken" : "take";
}

function BookCard({ book }: { book: Book }) {
  return (
    <div className="voucher-book">
      <Art src={book.cover} alt="" shape="poster" span="thumb" box={{ width: 160, height: 90 }} placement="visible" />
      <div>
        <strong>{book.title}</strong>
        <small>{book.author}</small>
      </div>
    </div>
  );
}

export default function BookVoucher({ props }: WidgetRenderProps<BookVoucherProps>) {
  const page = usePage();
  const code = page.view.query.code;
  const bookId = Number(page.view.query.id);
  if (code) return <ReceiveVoucher code={code} bookLink={props.bookLink} />;
  // Neither a voucher to take nor a book to give from: a link cut short says so instead of a blank page.
  if (!Number.isInteger(bookId) || bookId <= 0) return <StateNotice kind="notFound" />;
  return <GiveVouchers bookId={bookId} bookLink={props.bookLink} />;
}

function GiveVouchers({ bookId, bookLink }: { bookId: number; bookLink: string }) {
  const { t } = useTranslation("audio");
  const viewer = useViewer();
  const [given, setGiven] = useState<Given | null>(null);
  const [failure, setFailure] = useState<{ code: number } | null>(null);
  const load = () =>
    callApi(audioCalls.vouchers, { bookId }).then((answer) => {
      setFailure(answer.code === 200 ? null : answer);
      if (answer.code === 200) setGiven(answer.data ?? null);
    });
  useEffect(() => {
    if (viewer && bookId) void load();
  }, [viewer?.id, bookId]);
  if (failure) return <AnswerFailed failure={failure} onRetry={() => void load()} />;
  if (!given) return null;

  const link = (code: string) => `${window.location.origin}${window.location.pathname}?code=${code}`;
  const copy = async (code: string) => {
    const copied = await copyText(link(code));
    showToast(copied ? t("voucher.copied") : t("voucher.copyFailed"), copied ? "success" : "error");
  };
  const create = async () => {
    const answer = await callApi(audioCalls.newVoucher, { bookId });
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    await load();
    await copy(answer.data.code);
  };

  return (
    <section className="book-voucher">
      <h1 className="section-title">{t("voucher.title")}</h1>
      <BookCard book={given.book} />
      <p>{t("voucher.intro", { count: 3 })}</p>
      {!given.unlocked ? (
        <p className="voucher-note">{t("voucher.needUnlock")}</p>
      ) : (
        <>
          <ul className="voucher-list">
            {given.list.map((voucher) => (
              <li key={voucher.code}>
                <code>{voucher.code}</code>
                {voucher.receivedAt ? (
                  <span>{t("voucher.received", { name: voucher.receiverName })}</span>
                ) : (
                  <button type="button" className="button button-light" onClick={() => void copy(voucher.code)}>
                    {t("voucher.copy")}
                  </button>
                )}
              </li>
            ))}
          </ul>
          <p className="voucher-note">{t("voucher.left", { count: given.left })}</p>
          {given.left > 0 && (
            <button type="button" className="button button-primary" onClick={() => void create()}>
              {t("voucher.create")}
            </button>
          )}
        </>
      )}
      <SmartLink to={`${bookLink}?id=${given.book.id}`}>{given.book.title}</SmartLink>
    </section>
  );
}

function ReceiveVoucher({ code, bookLink }: { code: string; bookLink: string }) {
  const { t } = useTranslation("audio");
  const viewer = useViewer();
  const [voucher, setVoucher] = useState<Received | null>(null);
  const [failure, setFailure] = useState<{ code: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    callApi(audioCalls.voucher, { code }).then((answer) => {
      setFailure(answer.code === 200 ? null : answer);
      if (answer.code === 200) setVoucher(answer.data ?? null);
    });
  useEffect(() => {
    void load();
  }, [code, viewer?.id]);
  if (failure) return <AnswerFailed failure={failure} onRetry={() => void load()} />;
  if (!voucher) return null;

  const receive = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(audioCalls.unlock, { bookId: voucher.book.id, method: "voucher", code });
    setBusy(false);
    if (answer.code !== 200) return showFailure(answer);
    showToast(answer.message ?? "", "success");
    await load();
  };

  const bookPage = `${bookLink}?id=${voucher.book.id}`;
  const state = receiveState(voucher);
  return (
    <section className="book-voucher">
      <p className="voucher-from">{t("voucher.from", { name: voucher.giverName })}</p>
      <BookCard book={voucher.book} />
      {state === "listen" ? (
        <>
          {voucher.alreadyUnlocked && !voucher.receivedByMe && <p className="voucher-note">{t("voucher.already")}</p>}
          <SmartLink to={bookPage} className="button button-primary">
            {t("voucher.toBook")}
          </SmartLink>
        </>
      ) : state === "take" ? (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void receive()}>
          {busy ? t("voucher.receiving") : t("voucher.receive")}
        </button>
      ) : (
        <p className="voucher-note">{t(state === "own" ? "voucher.own" : "voucher.taken")}</p>
      )}
    </section>
  );
}
