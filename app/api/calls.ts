import { type ApiRequest, SESSION_REVOKED_CODE } from "./api-client";
import type { ApiEnvelope } from "@contracts/envelope";
import type { ApiAnswers } from "@contracts/generated/api";
import type { ApiPath, NamedCall, ParameterlessPath } from "./call-table";
import type { ApiRequests } from "@contracts/generated/requests";
import { browserApi, VERIFY_FIRST_MESSAGES } from "./browser-api";
import { showToast } from "~/stores/dialogs";

export * from "./call-table";

/** What a caller may set on a call besides its parameters. */
type CallOptions = Pick<ApiRequest, "timeoutMs" | "signal">;

/**
 * Makes a named call through the browser's API client (its method, its encoding): what it sends is its path's request
 * contract, its answer its answer contract.
 */
export function callApi<P extends ParameterlessPath>(
  definition: NamedCall<P>,
  params?: ApiRequests[P],
  options?: CallOptions,
): Promise<ApiEnvelope<ApiAnswers[P]>>;
export function callApi<P extends ApiPath>(definition: NamedCall<P>, params: ApiRequests[P], options?: CallOptions): Promise<ApiEnvelope<ApiAnswers[P]>>;
export function callApi<P extends ApiPath>(definition: NamedCall<P>, params?: ApiRequests[P], options: CallOptions = {}): Promise<ApiEnvelope<ApiAnswers[P]>> {
  const sent = { ...options, method: definition.method ?? "POST", encoding: definition.encoding, params: { ...params } };
  return browserApi.request<ApiAnswers[P]>(definition.path, sent);
}

/**
 * A body a form's own validators passed (checkForm, SchemaForm), as the request of the call it is sent to. Those
 * validators are the call's request contract (its `x-form`, ADR 104), so the body has the contract's shape; the
 * compiler cannot see a check made at run time, so this is where it is told.
 */
export function validatedRequest<P extends ApiPath>(_call: NamedCall<P>, body: object): ApiRequests[P] {
  return body as ApiRequests[P];
}

/** A failed call's message as an error toast, unless the API client already answered it (code 4, the verify warning). */
export function showFailure(answer: ApiEnvelope): void {
  if (answer.code === SESSION_REVOKED_CODE || VERIFY_FIRST_MESSAGES.has(answer.message ?? "")) return;
  showToast(answer.message ?? "", "error");
}

/** What a refused call names (spec §8): each refused field's message, and the risk word a text was refused for. */
export interface Refusal {
  fields?: Record<string, string>;
  word?: string;
}

function isTextRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((entry) => typeof entry === "string");
}

/** The refusal a failed answer's data carries; a success's data or no data gives an empty one. */
export function refusalOf(answer: ApiEnvelope<unknown>): Refusal {
  const data = answer.data;
  if (typeof data !== "object" || data === null) return {};
  return {
    fields: "fields" in data && isTextRecord(data.fields) ? data.fields : undefined,
    word: "word" in data && typeof data.word === "string" ? data.word : undefined,
  };
}
