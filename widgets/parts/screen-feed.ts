/**
 * A live room's screen as a React state (ADR 062): the host's pushes in order (each once, replayed after a reconnect),
 * the sign-in count and the shared questionnaire results, over /ws/screen. The viewer's panel and the venue screen
 * both read it.
 */
import { useEffect, useReducer, useState } from "react";
import {
  browserClock,
  type ChatConnectionStatus,
  createScreenConnection,
  type QuestionResults,
  type ScreenPush,
  type ScreenServerEvent,
} from "../kit/realtime";

/** Pushes kept in the page: enough for the latest of each kind. */
const KEPT_PUSHES = 20;

export interface ScreenFeedState {
  pushes: ScreenPush[];
  signIns: number | null;
  results: Record<number, QuestionResults>;
}

export const initialScreenFeed: ScreenFeedState = { pushes: [], signIns: null, results: {} };

export function screenFeedReducer(state: ScreenFeedState, event: ScreenServerEvent): ScreenFeedState {
  switch (event.type) {
    case "welcome":
      return { ...state, signIns: event.signIns };
    case "push":
      return { ...state, pushes: [...state.pushes, event.push].slice(-KEPT_PUSHES) };
    case "signIns":
      return { ...state, signIns: event.count };
    case "results":
      return { ...state, results: { ...state.results, [event.results.questionId]: event.results } };
  }
}

export type ScreenFeedStatus = ChatConnectionStatus | "unsupported";

/** Connects once hydrated and while the plan id is a valid one; the connection ends with the component. */
export function useScreenFeed(planId: string, enabled: boolean): { feed: ScreenFeedState; status: ScreenFeedStatus } {
  const [feed, dispatch] = useReducer(screenFeedReducer, initialScreenFeed);
  const [status, setStatus] = useState<ScreenFeedStatus>("connecting");
  useEffect(() => {
    if (!enabled) return;
    if (typeof WebSocket === "undefined") {
      setStatus("unsupported");
      return;
    }
    const connection = createScreenConnection({
      location: window.location,
      planId,
      createSocket: (url) => new WebSocket(url),
      clock: browserClock,
      onEvent: dispatch,
      onStatus: setStatus,
    });
    connection.start();
    return () => connection.stop();
  }, [planId, enabled]);
  return { feed, status };
}
