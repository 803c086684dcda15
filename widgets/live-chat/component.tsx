import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { LiveChatProps } from "@schemas/generated/page-config";
import { chatReducer, initialChatState } from "./chat-state";
import { EmojiInsert } from "../parts/emoji-panel";
import "./styles.css";
import { asText, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { dialogForGate, evaluateGate, type GateOutcome, openDialog } from "../kit/session";
import { formatTime } from "../kit/format";
import { randomToken } from "../kit/browser";
import {
  browserClock,
  CHAT_TEXT_LIMIT,
  type ChatConnection,
  type ChatConnectionStatus,
  type ChatServerEvent,
  chatSocketUrl,
  createChatConnection,
} from "../kit/realtime";

const PLAN_ID = /^[1-9][0-9]{0,11}$/;

/**
 * The live room's discussion (spec §4): anyone reads, verified scholars write. Visitors are offered the login
 * dialog, users who must bind a phone the bind dialog, other users the verification.
 */
export default function LiveChat({ props }: WidgetRenderProps<LiveChatProps>) {
  const { t } = useTranslation("liveChat");
  const lang = useLang();
  const hydrated = useHydrated();
  const user = useViewer();
  const userId = user?.id;
  const planId = asText(props.planId);
  const inputId = useId();

  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [status, setStatus] = useState<ChatConnectionStatus | "unsupported">("connecting");
  const [draft, setDraft] = useState("");
  const [offline, setOffline] = useState(false);
  const pending = useRef<string | null>(null);
  const [sending, setSending] = useState(false);
  const connection = useRef<ChatConnection | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);

  useEffect(() => {
    if (!hydrated || !PLAN_ID.test(planId)) return;
    if (typeof WebSocket === "undefined") {
      setStatus("unsupported");
      return;
    }
    const onEvent = (event: ChatServerEvent) => {
      dispatch(event);
      const answered = (event.type === "message" && event.message.clientId) || (event.type === "error" && event.clientId);
      if (answered && answered === pending.current) {
        pending.current = null;
        setSending(false);
        if (event.type === "message") setDraft("");
      }
    };
    const current = createChatConnection({
      url: chatSocketUrl(window.location, planId),
      createSocket: (url) => new WebSocket(url),
      clock: browserClock,
      onEvent,
      onStatus: (next) => {
        setStatus(next);
        if (next !== "open" && pending.current) {
          pending.current = null;
          setSending(false);
        }
      },
    });
    connection.current = current;
    current.start();
    return () => {
      current.stop();
      connection.current = null;
    };
  }, [hydrated, planId, userId]);

  useEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [state.messages]);

  const localAccess = evaluateGate("scholar", user);
  // Once the server has judged the session this page sent, its word wins over a stored user that may be out of date.
  const access: GateOutcome = state.access && localAccess !== "needLogin" ? state.access : localAccess;
  const length = Array.from(draft).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    dispatch({ type: "clearError" });
    setOffline(false);
    if (!text || pending.current) return;
    const clientId = randomToken(16);
    if (!connection.current?.send({ type: "send", text, clientId })) {
      setOffline(true);
      return;
    }
    pending.current = clientId;
    stickToBottom.current = true;
    setSending(true);
  };

  const errorText = offline
    ? t("chat.errors.offline")
    : state.error
      ? t(`chat.errors.${state.error.code}`, { seconds: Math.ceil((state.error.retryAfterMs ?? 0) / 1000), max: CHAT_TEXT_LIMIT })
      : "";
  const statusText =
    status === "unsupported"
      ? t("common:websocket.unsupported")
      : status === "reconnecting"
        ? t("chat.reconnecting")
        : status === "open"
          ? ""
          : t("chat.connecting");

  return (
    <section className="live-chat" data-chat-status={status} data-chat-access={access}>
      <header className="live-chat-header">
        <h2 className="section-title">{asText(props.title) || t("chat.title")}</h2>
        {status === "open" && state.online !== null && <span className="live-chat-online">{t("chat.online", { count: state.online })}</span>}
      </header>
      {statusText && (
        <p className="live-chat-status" role="status">
          {statusText}
        </p>
      )}
      <ol
        ref={list}
        className="live-chat-messages"
        role="log"
        aria-live="polite"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 60;
        }}
      >
        {state.messages?.length === 0 && <li className="live-chat-empty">{t("chat.empty")}</li>}
        {state.messages?.map((message) => {
          const mine = Boolean(user?.authorCode && message.authorCode === user.authorCode);
          return (
            <li key={message.id} className={message.robot ? "chat-message robot" : mine ? "chat-message mine" : "chat-message"} data-message-id={message.id}>
              <p className="chat-meta">
                <span className="chat-author">{(lang === "en" && message.authorNameEn) || message.authorName}</span>
                {message.robot && <span className="chat-robot">{t("chat.robot")}</span>}
                {mine && <span className="chat-mine">{t("chat.mine")}</span>}
                <time dateTime={message.createTime}>{formatTime(message.createTime)}</time>
              </p>
              <p className="chat-text">{(lang === "en" && message.textEn) || message.text}</p>
            </li>
          );
        })}
      </ol>
      {access === "ok" ? (
        <form className="live-chat-composer" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            {t("chat.label")}
          </label>
          <textarea
            ref={input}
            id={inputId}
            rows={2}
            maxLength={CHAT_TEXT_LIMIT}
            value={draft}
            placeholder={t("chat.hint")}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="live-chat-bar">
            <EmojiInsert field={input} value={draft} onChange={setDraft} />
            <span className={length > CHAT_TEXT_LIMIT ? "chat-counter over" : "chat-counter"}>
              {length}/{CHAT_TEXT_LIMIT}
            </span>
            <button type="submit" className="button button-primary" disabled={status !== "open" || sending || !draft.trim()}>
              {sending ? t("chat.sending") : t("chat.send")}
            </button>
          </div>
          {errorText && (
            <p className="live-chat-error" role="alert">
              {errorText}
            </p>
          )}
        </form>
      ) : (
        <div className="live-chat-gate" data-gate={access}>
          <p>{t(`chat.${access}.text`)}</p>
          <button type="button" className="button button-primary" onClick={() => openDialog(dialogForGate(access), access)}>
            {t(`chat.${access}.action`)}
          </button>
        </div>
      )}
    </section>
  );
}
