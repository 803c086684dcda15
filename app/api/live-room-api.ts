/**
 * The browser's live-room client (spec §7): form encoding, parameters in the query, 60 s, the standard headers with
 * Authorization and token. The browser holds no token (an HttpOnly cookie does, ADR 016), so both are left empty and
 * our server names the session from the cookie, as for every other call.
 */
import { createLiveRoomClient } from "./api-client";
import { standardHeaders } from "./browser-api";
import type { ApiEnvelope } from "@contracts/envelope";
import { QUESTIONNAIRE_API } from "@contracts/questionnaire";
import { LIVE_ROOM_API } from "@contracts/screen";

const client = createLiveRoomClient({ baseUrl: "/api", headers: standardHeaders, token: () => "" });

/** The live service's paths the live room calls: questionnaires, sign-in, live search, audience and invitations. */
export const liveRoomPaths = {
  questions: QUESTIONNAIRE_API.getQuestion,
  answer: QUESTIONNAIRE_API.createUserAnswer,
  signIn: LIVE_ROOM_API.signIn,
  canSignIn: LIVE_ROOM_API.signInState,
} as const;

export function callLiveRoom<T = unknown>(path: string, params: Record<string, unknown> = {}): Promise<ApiEnvelope<T>> {
  return client.request<T>(path, { method: "POST", params });
}
