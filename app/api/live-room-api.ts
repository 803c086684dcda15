/**
 * The browser's live-room client (spec §7): form encoding, parameters in the query, 60 s, the standard headers with
 * Authorization and token. The browser holds no token (an HttpOnly cookie does, ADR 016), so both are left empty and
 * our server names the session from the cookie, as for every other call.
 */
import { createLiveRoomClient } from "./api-client";
import { standardHeaders } from "./browser-api";
import type { ApiEnvelope } from "@contracts/envelope";
import type { ApiAnswers } from "@contracts/generated/api";
import type { ApiPath, NamedCall, ParameterlessPath } from "./call-table";
import type { ApiRequests } from "@contracts/generated/requests";

const client = createLiveRoomClient({ baseUrl: "/api", headers: standardHeaders, token: () => "" });

/** Makes one of `liveRoomCalls` through the live-room client; it sends its path's request contract, its answer is its answer contract. */
export function callLiveRoom<P extends ParameterlessPath>(definition: NamedCall<P>, params?: ApiRequests[P]): Promise<ApiEnvelope<ApiAnswers[P]>>;
export function callLiveRoom<P extends ApiPath>(definition: NamedCall<P>, params: ApiRequests[P]): Promise<ApiEnvelope<ApiAnswers[P]>>;
export function callLiveRoom<P extends ApiPath>(definition: NamedCall<P>, params?: ApiRequests[P]): Promise<ApiEnvelope<ApiAnswers[P]>> {
  return client.request<ApiAnswers[P]>(definition.path, { method: "POST", params: { ...params } });
}
