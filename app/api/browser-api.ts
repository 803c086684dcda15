import { createApiClient, type ApiClient, type ApiRequest } from "./api-client";
import type { ApiEnvelope } from "@contracts/envelope";
import { readStorage, STORAGE_KEYS } from "~/browser/storage";
import { clearSession } from "~/stores/session";
import { closeDialog, showToast } from "~/stores/dialogs";
import { navigateTo } from "~/routing/navigation";

/** The platform's warning for calls only verified scholars may make (spec §8), in the two languages it answers in. */
export const VERIFY_FIRST_MESSAGES = new Set(["please complete person verification first", "请先完成学者认证"]);

/** Source codes of spec §7: 4 on the web, 2 in the iOS app, 3 in the Android app; 4 on the iOS pay confirmations. */
export function sourceCode(appType: string | null, pathname: string): string {
  if (appType === "ios") return pathname === "/orderAck" || pathname === "/exchangeAck" ? "4" : "2";
  if (appType === "android") return "3";
  return "4";
}

export function deviceOf(userAgent: string): { brand: string; model: string } {
  if (/iPhone|iPad|iPod/.test(userAgent)) return { brand: "Apple", model: /iPad/.test(userAgent) ? "iPad" : "iPhone" };
  const android = /Android [\d.]+; ([^;)]+)/.exec(userAgent);
  if (android) return { brand: "Android", model: android[1].trim().slice(0, 40) };
  return { brand: "web", model: /Mobile/.test(userAgent) ? "mobile" : "desktop" };
}

/** The standard headers of spec §7 but the token (the server puts the session cookie's in), read per request. */
export function standardHeaders(): Record<string, string> {
  const device = deviceOf(navigator.userAgent);
  return {
    deviceBrand: device.brand,
    deviceMod: device.model,
    source: sourceCode(readStorage(STORAGE_KEYS.appType), window.location.pathname),
    linkNo: readStorage(STORAGE_KEYS.linkNo) ?? "",
  };
}

/** The browser's API client: always this origin's /api, which the server serves or forwards (ADR 004). */
const client: ApiClient = createApiClient({
  baseUrl: "/api",
  headers: standardHeaders,
  onSessionRevoked: (envelope) => {
    showToast(envelope.message ?? "", "error");
    clearSession();
    closeDialog();
    navigateTo("/home");
  },
});

/** The browser's API client; an answer warning that person verification comes first leads to /authentication. */
export const browserApi: ApiClient = {
  async request<T>(path: string, request?: ApiRequest): Promise<ApiEnvelope<T>> {
    const envelope = await client.request<T>(path, request);
    if (envelope.message && VERIFY_FIRST_MESSAGES.has(envelope.message)) {
      showToast(envelope.message, "error");
      navigateTo("/authentication");
    }
    return envelope;
  },
};
