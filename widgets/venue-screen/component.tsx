import { useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VenueScreenProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callLiveRoom, isSuccess } from "../kit/api";
import { liveRoomCalls } from "../kit/calls/live-room";
import { useScreenFeed } from "../parts/screen-feed";
import { PushCard, ResultBars } from "../parts/screen-parts";
import { browserClock, chatSocketUrl, createChatConnection, type ChatMessage, type ChatServerEvent, type PlanQuestion } from "../kit/realtime";

const PLAN_ID = /^[1-9][0-9]{0,11}$/;
/** Messages on the wall: the newest, as many as a projector shows legibly. */
const WALL_SIZE = 30;

function wallReducer(messages: ChatMessage[], event: ChatServerEvent): ChatMessage[] {
  if (event.type === "history") return event.messages.slice(-WALL_SIZE);
  if (event.type === "message") return [...messages, event.message].slice(-WALL_SIZE);
  return messages;
}

/** The room's chat as a wall: read only, over the chat socket, newest at the bottom. */
function useWall(planId: string, enabled: boolean): ChatMessage[] {
  const [messages, dispatch] = useReducer(wallReducer, []);
  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    const connection = createChatConnection({
      url: chatSocketUrl(window.location, planId),
      createSocket: (url) => new WebSocket(url),
      clock: browserClock,
      onEvent: dispatch,
      onStatus: () => {},
    });
    connection.start();
    return () => connection.stop();
  }, [planId, enabled]);
  return messages;
}

/** The room's questions, asked again when results arrive for one the page does not know yet. */
function useQuestions(planId: string, resultIds: number[], enabled: boolean): PlanQuestion[] {
  const [questions, setQuestions] = useState<PlanQuestion[]>([]);
  const missing = resultIds.filter((id) => !questions.some((question) => question.id === id)).join(",");
  useEffect(() => {
    if (!enabled) return;
    void callLiveRoom(liveRoomCalls.questions, { planId }).then((answer) => {
      if (isSuccess(answer) && answer.data) setQuestions(answer.data.list);
    });
  }, [planId, enabled, missing]);
  return questions;
}

/** A live room for a projector (ADR 062): the host's latest push, the sign-in count, shared results and the message wall. */
export default function VenueScreen({ props }: WidgetRenderProps<VenueScreenProps>) {
  const { t } = useTranslation("screen");
  const lang = useLang();
  const hydrated = useHydrated();
  const planId = asText(props.planId);
  const enabled = hydrated && PLAN_ID.test(planId);
  const { feed, status } = useScreenFeed(planId, enabled);
  const wall = useWall(planId, enabled);
  const resultIds = Object.keys(feed.results).map(Number);
  const questions = useQuestions(planId, resultIds, enabled);
  const plan = (props.plan ?? {}) as { title?: string; titleEn?: string };
  const latest = [...feed.pushes].reverse().find((push) => push.kind !== "questionnaire");
  const shared = questions.filter((question) => feed.results[question.id]);

  return (
    <section className="venue-screen" data-screen-status={status}>
      <header className="venue-header">
        <h2>{(lang === "en" && plan.titleEn) || plan.title || t("venue.title")}</h2>
        <p className="venue-signins">
          <span>{t("venue.signIns")}</span>
          <strong data-testid="venue-signins">{feed.signIns ?? "–"}</strong>
        </p>
      </header>
      {status === "reconnecting" && (
        <p className="venue-status" role="status">
          {t("reconnecting")}
        </p>
      )}
      <div className="venue-grid">
        <div className="venue-panel venue-now" aria-live="polite">
          <h3>{t("venue.now")}</h3>
          {latest ? <PushCard push={latest} lang={lang} className="venue-card" /> : <p className="venue-empty">{t("venue.nothingYet")}</p>}
        </div>
        <div className="venue-panel">
          <h3>{t("venue.results")}</h3>
          {shared.length === 0 && <p className="venue-empty">{t("venue.resultsEmpty")}</p>}
          {shared.map((question) => (
            <div key={question.id} className="venue-question">
              <p className="venue-question-title">{(lang === "en" && question.titleEn) || question.title}</p>
              <ResultBars question={question} results={feed.results[question.id]} lang={lang} />
            </div>
          ))}
        </div>
        <div className="venue-panel venue-wall">
          <h3>{t("venue.wall")}</h3>
          {wall.length === 0 && <p className="venue-empty">{t("venue.wallEmpty")}</p>}
          <ol role="log" aria-live="polite">
            {wall.map((message) => (
              <li key={message.id}>
                <span className="venue-author">{(lang === "en" && message.authorNameEn) || message.authorName}</span>
                <span className="venue-text">{message.text}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
