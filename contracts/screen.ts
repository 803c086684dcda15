/**
 * The live room's screen socket (/ws/screen, ADR 062): what the host pushes to every viewer of a room. Each push has
 * the room's next sequence number; a viewer that reconnects names the last one it saw (`after`) and is sent the
 * pushes it missed before anything new. The same socket carries the room's sign-in count and shared questionnaire
 * results, which the venue screen shows.
 */

export const SCREEN_SOCKET_PATH = "/ws/screen";

/** Pushes a joining viewer without `after` is sent: the room's latest ones, enough to show what is on screen now. */
export const SCREEN_REPLAY_LIMIT = 20;

export const SCREEN_TEXT_LIMIT = 300;

export const SCREEN_PUSH_KINDS = ["announcement", "slide", "questionnaire", "lottery", "startingSoon"] as const;
export type ScreenPushKind = (typeof SCREEN_PUSH_KINDS)[number];

/** What a push shows. Texts come in both languages (the host writes them; an empty English text falls back to Chinese). */
export type ScreenPushBody =
  | { kind: "announcement"; text: string; textEn: string }
  | { kind: "slide"; imageUrl: string; caption: string; captionEn: string }
  | { kind: "questionnaire"; questionId: number }
  | { kind: "lottery"; title: string; titleEn: string; winners: string[] }
  | { kind: "startingSoon"; minutes: number };

export type ScreenPush = ScreenPushBody & { seq: number; planId: number; createTime: string };

/** One option's count, or for a text question the latest answers. */
export interface QuestionResults {
  questionId: number;
  total: number;
  counts: { optionId: number; count: number }[];
  texts: string[];
}

export type ScreenServerEvent =
  | { type: "welcome"; planId: number; latestSeq: number; signIns: number }
  | { type: "push"; push: ScreenPush }
  | { type: "signIns"; count: number }
  | { type: "results"; results: QuestionResults };

/** The socket's URL for a room; `after` is the last sequence number this viewer has shown (0 or absent: none yet). */
export function screenSocketUrl(location: { protocol: string; host: string }, planId: string | number, after: number): string {
  const search = new URLSearchParams({ planId: String(planId) });
  if (after > 0) search.set("after", String(after));
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${SCREEN_SOCKET_PATH}?${search}`;
}

/** Reads the socket's query; null when it is not one this server answers (400). */
export function readScreenQuery(search: URLSearchParams): { planId: number; after: number } | null {
  const planId = Number(search.get("planId"));
  const afterText = search.get("after");
  const after = afterText === null ? 0 : Number(afterText);
  if (!Number.isSafeInteger(planId) || planId <= 0 || !Number.isSafeInteger(after) || after < 0) return null;
  return { planId, after };
}

/** The live service's paths of the room beside the socket: sign-in (the venue's count, the lottery's entrants) and the replay over HTTP. */
export const LIVE_ROOM_API = {
  signIn: "/audience/signIn",
  signInState: "/audience/signInState",
  pushes: "/push/list",
} as const;
