import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import type { Lang } from "../kit/page";
import { callApi, isSuccess } from "../kit/api";
import { messageCalls } from "../kit/calls/message";
import { EmojiInsert } from "../parts/emoji-panel";
import { PictureButton, PictureMessage, type Outgoing, outgoingProblem } from "./picture";
import { formatMoment } from "../kit/format";
import { Link, SmartLink } from "../kit/links";
import { $arrived, $unread, DIRECT_TEXT_LIMIT, NOTICE_CHANNEL, peerOf, type ImMessage } from "../kit/session";
import { StateNotice } from "../kit/page";

interface ChannelPage {
  list: ImMessage[];
  peer?: { id: number; name: string; portraitUrl: string };
  blocked?: boolean;
}

/** One message: a notice with its kind, title and link; a person's text or picture, mine on the right. */
function MessageItem({ message, lang }: { message: ImMessage; lang: Lang }) {
  const { t } = useTranslation("messages");
  const text = (lang === "en" && message.textEn) || message.text;
  if (message.from === "notice")
    return (
      <li className="message-notice" data-message-id={message.id}>
        <SmartLink to={message.link} className="message-notice-body">
          <span className="message-kind">{t(`kinds.${message.kind}`)}</span>
          <strong>{(lang === "en" && message.titleEn) || message.title}</strong>
          {text && <span className="message-notice-text">{text}</span>}
          <time dateTime={message.createTime}>{formatMoment(message.createTime, lang)}</time>
        </SmartLink>
      </li>
    );
  return (
    <li className={`message-bubble ${message.from}`} data-message-id={message.id}>
      {message.imageUrl && <PictureMessage src={message.imageUrl} alt={t("composer.imageAlt")} />}
      {message.text && <p>{message.text}</p>}
      <time dateTime={message.createTime}>{formatMoment(message.createTime, lang)}</time>
    </li>
  );
}

/**
 * The composer of a conversation: text (with emoji) or a picture, checked with the platform's own schema before it goes.
 * What was typed stays until the platform took it; a refusal shows at the field.
 */
function Composer({ peerId, onSent }: { peerId: number; onSent: (message: ImMessage) => void }) {
  const { t } = useTranslation("messages");
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState("");
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const deliver = async (message: Outgoing): Promise<boolean> => {
    const refused = await outgoingProblem({ toUserId: peerId, ...message });
    if (refused) {
      setProblem(t(refused));
      return false;
    }
    const answer = await callApi(messageCalls.send, { toUserId: peerId, ...message });
    if (!isSuccess(answer) || !answer.data) {
      setProblem(answer.message ?? t("common:actions.failed"));
      return false;
    }
    setProblem("");
    onSent(answer.data);
    return true;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || sending) return;
    setSending(true);
    if (await deliver({ text: draft })) setDraft("");
    setSending(false);
  };
  return (
    <form className="message-composer" onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="visually-hidden">
        {t("composer.label")}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        rows={2}
        maxLength={DIRECT_TEXT_LIMIT}
        value={draft}
        placeholder={t("composer.hint")}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${fieldId}-problem` : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="message-composer-bar">
        <PictureButton disabled={sending} onBusy={setSending} onProblem={setProblem} onUploaded={(imageUrl) => deliver({ imageUrl })} />
        <EmojiInsert field={field} value={draft} onChange={setDraft} />
        <button type="submit" className="button button-primary" disabled={sending || !draft.trim()}>
          {sending ? t("composer.sending") : t("composer.send")}
        </button>
      </div>
      {problem && (
        <p id={`${fieldId}-problem`} className="message-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** One channel: its messages oldest first, read as they are shown, new ones added live; a conversation's composer. */
export function Conversation({ channel, lang, blackListLink }: { channel: string; lang: Lang; blackListLink: string }) {
  const { t } = useTranslation("messages");
  const [page, setPage] = useState<ChannelPage | null>(null);
  const [failed, setFailed] = useState(false);
  const arrived = useStore($arrived);
  const list = useRef<HTMLOListElement>(null);
  const peerId = peerOf(channel);

  const markRead = useCallback(async () => {
    const answer = await callApi(messageCalls.read, { channelId: channel });
    if (isSuccess(answer) && answer.data) $unread.set(answer.data.unread);
  }, [channel]);
  const load = useCallback(async () => {
    const answer = await callApi(messageCalls.messages, { channelId: channel });
    setFailed(!isSuccess(answer));
    if (isSuccess(answer) && answer.data) {
      setPage({ ...answer.data, list: [...answer.data.list].reverse() });
      void markRead();
    }
  }, [channel, markRead]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!arrived || arrived.channelId !== channel) return;
    setPage((current) => (current && !current.list.some((message) => message.id === arrived.id) ? { ...current, list: [...current.list, arrived] } : current));
    void markRead();
  }, [arrived, channel, markRead]);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [page]);

  const title = channel === NOTICE_CHANNEL ? t("notices") : (page?.peer?.name ?? "");
  return (
    <div className="message-conversation" data-channel={channel}>
      <div className="message-toolbar">
        <Link to="/messageCenter" className="message-back">
          {t("back")}
        </Link>
        <h2>{title}</h2>
      </div>
      {failed && (
        <div className="message-failed" role="alert">
          <p>{t("loadFailed")}</p>
          <button type="button" className="button" onClick={() => void load()}>
            {t("retry")}
          </button>
        </div>
      )}
      {page && page.list.length === 0 && <StateNotice kind="empty" className="message-empty" text={t("noMessages")} />}
      <ol ref={list} className="message-list" role="log" aria-live="polite">
        {page?.list.map((message) => (
          <MessageItem key={`${message.from === "notice" ? "n" : "d"}${message.id}`} message={message} lang={lang} />
        ))}
      </ol>
      {peerId !== null && page?.blocked && (
        <p className="message-problem">
          {t("blocked.byMe")} <Link to={blackListLink}>{t("open")}</Link>
        </p>
      )}
      {peerId !== null && page && !page.blocked && (
        <Composer peerId={peerId} onSent={(message) => setPage((current) => current && { ...current, list: [...current.list, message] })} />
      )}
    </div>
  );
}
