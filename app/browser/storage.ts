/** The browser storage keys of spec §3. Every read and write of them goes through here. */
export const STORAGE_KEYS = {
  token: "token",
  user: "userObj",
  linkNo: "linkNo",
  lang: "lang",
  appType: "appType",
  deviceId: "Fingerprint2",
  fromPage: "fromPage",
  fromQuery: "fromQuery",
  countryPrefixes: "countryPrefixes",
  /** Not in spec §3: the day a VIP was last asked to bind an address (asked once a day, spec §4). */
  addressPrompt: "addressPromptDay",
  /** Not in spec §3: the picture of the last promotion popup shown, never shown twice in a row. */
  lastPromotion: "lastPromotionImage",
  /** Not in spec §3, in session storage: a promotion popup was shown in this visit (at most one per visit). */
  promotionThisVisit: "promotionShown",
} as const;

import { COOKIE_DAYS_DEFAULT, COOKIE_DAYS_LANDING } from "@contracts/cookie-names";

export { COOKIE_DAYS_DEFAULT, COOKIE_DAYS_LANDING };

const hasWindow = () => typeof window !== "undefined";

/** Where a value lasts: in this browser (local storage), or for this visit only (this tab, until it closes). */
export type Lasting = "browser" | "visit";

const areaOf = (lasting: Lasting) => (lasting === "visit" ? window.sessionStorage : window.localStorage);

export function readStorage(key: string, lasting: Lasting = "browser"): string | null {
  if (!hasWindow()) return null;
  try {
    return areaOf(lasting).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, lasting: Lasting = "browser"): void {
  if (!hasWindow()) return;
  try {
    if (value === null) areaOf(lasting).removeItem(key);
    else areaOf(lasting).setItem(key, value);
  } catch {
    /* storage full or disabled (private mode): the value lives only for this page */
  }
}

export function setCookie(name: string, value: string | null, days = COOKIE_DAYS_DEFAULT): void {
  if (!hasWindow()) return;
  const expires = value === null ? "Thu, 01 Jan 1970 00:00:00 GMT" : new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the in-app browsers we serve
  document.cookie = `${name}=${encodeURIComponent(value ?? "")}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random token of 32 alphanumeric characters (spec §9), from the platform's secure random source. */
export function randomToken(length = 32): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let token = "";
  for (const byte of bytes) token += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return token;
}

/** The device id kept under Fingerprint2: made once per browser, sent with tracking and the dwell-time socket. */
export function ensureDeviceId(): string {
  const existing = readStorage(STORAGE_KEYS.deviceId);
  if (existing && /^[A-Za-z0-9]{16,64}$/.test(existing)) return existing;
  const id = randomToken();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

/** A landing link's linkNo (a campaign's channel) is kept for later requests, in storage and a 30-day cookie. */
export function rememberLinkNo(search: string): void {
  const linkNo = new URLSearchParams(search).get("linkNo");
  if (!linkNo || !/^[A-Za-z0-9_-]{1,64}$/.test(linkNo)) return;
  writeStorage(STORAGE_KEYS.linkNo, linkNo);
  setCookie(STORAGE_KEYS.linkNo, linkNo, COOKIE_DAYS_LANDING);
}

/** Reads a JSON value cached in storage; a damaged entry counts as absent. */
export function readCached<T>(key: string): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    writeStorage(key, null);
    return null;
  }
}
