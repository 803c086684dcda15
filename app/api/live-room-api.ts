/**
 * The browser's live-room client (spec §7): form encoding, parameters in the query, 60 s, the standard headers with
 * Authorization and token. The browser holds no token (an HttpOnly cookie does, ADR 016), so both are left empty and
 * our server names the session from the cookie, as for every other call.
 */
import { createLiveRoomClient } from "./api-client";
import { standardHeaders } from "./browser-api";
import type { ApiEnvelope } from "@contracts/envelope";
import type { ApiAnswers } from "@contracts/generated/api";
import type { ApiPath, NamedCall } from "./call-table";

const client = createLiveRoomClient({ baseUrl: "/api", headers: standardHeaders, token: () => "" });

/** Makes one of `liveRoomCalls` through the live-room client; the answer is its path's contract. */
export function callLiveRoom<P extends ApiPath>(definition: NamedCall<P>, params: Record<string, unknown> = {}): Promise<ApiEnvelope<ApiAnswers[P]>> {
  return client.request<ApiAnswers[P]>(definition.path, { method: "POST", params });
}
