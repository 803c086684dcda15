import { atom, map } from "nanostores";

/** The account dialogs' own state (spec §4), kept outside the dialogs so it outlives their opening and closing. */
export type LoginTab = "code" | "password" | "email" | "wechat";
export type RegisterTab = "phone" | "email";

export const $loginTab = atom<LoginTab>("code");
export const $registerTab = atom<RegisterTab>("phone");

/** A third-party account was asked to bind a phone right after logging in (forced-bind mode). */
export const $forcedBind = atom(false);

/** The user who still has to bind a phone, while the bind dialog is open for them. */
export const $unboundUserId = atom<number | string | null>(null);

/** Scholar verification as the last check found it: isPass (-1 never applied) and, when declined, the reason. */
export interface VerifyStep {
  isPass: number;
  reason?: string;
  email?: string;
}
export const $verifyStep = atom<VerifyStep | null>(null);

/** When a code may be sent again (epoch ms), by purpose and number or address: reopening a dialog keeps its countdown. */
export const $codeCooldowns = map<Record<string, number>>({});

/** The address an email registration waits to have confirmed, for the pending-confirmation dialog and /emailMessage. */
export const $pendingEmail = atom<string | null>(null);
