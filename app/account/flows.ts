import type { ApiEnvelope } from "@contracts/envelope";
import { NETWORK_ERROR_CODE, SESSION_REVOKED_CODE } from "~/api/api-client";
import { callApi, showFailure } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { activityCalls } from "~/api/groups/activity";
import { evaluateGate, mustBindPhone, type Gate, type SessionUser } from "@contracts/gate";
import { navigateTo } from "~/routing/navigation";
import { ensureDeviceId, readStorage, STORAGE_KEYS, writeStorage } from "~/browser/storage";
import { $sessionLost, $user, clearSession, storeSession } from "~/stores/session";
import { forgetPersonalOffline } from "~/offline/personal";
import { $dialog, closeDialog, openDialog } from "~/stores/dialogs";
import { $forcedBind, $unboundUserId, $verifyStep } from "~/stores/account";
import { dayKey } from "~/format/dates";

/** Success codes of the login calls (spec §7): password and email 100000, code and WeChat 1. */
export const LOGIN_SUCCESS = { password: 100000, email: 100000, code: 1, wechat: 1 } as const;
/** Password and email logins answer these while the account is (or just got) locked (spec §8). */
export const LOCK_CODES = new Set([10002, 10003]);
export const OFFLINE_CODE = 10001;
/** isPass of the email audit that means a verified scholar (spec §4). */
export const AUDIT_PASSED = 2;
/** Interest id of the VIP address prompt (spec §9). */
export const ADDRESS_INTEREST_ID = 8;
/** Where the VIP address prompt sends a member (spec §4). */
export const ADDRESS_LIST_PAGE = "/addressList";

/** A login answer as the browser receives it: the server kept the token back as an HttpOnly cookie. */
export interface LoginAnswer {
  user: SessionUser;
}

/** Spec §4: a successful login stores the user (the cookie holds the token), then reloads; a WeChat user without a phone binds one first. */
export function completeLogin(answer: LoginAnswer, via: keyof typeof LOGIN_SUCCESS): void {
  storeSession(answer.user);
  if (via === "wechat" && mustBindPhone(answer.user)) {
    $forcedBind.set(true);
    $unboundUserId.set(answer.user.id);
    openDialog("bindPhone", "forced");
    return;
  }
  window.location.reload();
}

/** Spec §8: 10002 and 10003 open the lock notice with the server's message; other failures show it as an error. */
export function loginFailed(answer: ApiEnvelope): void {
  if (LOCK_CODES.has(answer.code)) openDialog("loginLock", answer.message);
  else showFailure(answer);
}

export interface TaskResult {
  finishTask: boolean;
  integral: number;
  taskName: string;
  moduleId: number;
}

/** Spec §7 task check: a finished task shows the task toast. */
export async function checkTask(moduleId: number, ids: { executeId?: string; childTaskId?: string } = {}): Promise<void> {
  const answer = await callApi(activityCalls.taskCheck, { moduleId, ...ids });
  if (answer.code === 200 && answer.data?.finishTask) openDialog("taskToast", undefined, { ...answer.data, moduleId });
}

/** Spec §4 bind phone: the new session's cookie replaced the old one in the answer; the forced flag clears, then task 3 is checked. */
export function phoneBound(session: LoginAnswer): void {
  storeSession(session.user);
  $forcedBind.set(false);
  $unboundUserId.set(null);
  closeDialog();
  void checkTask(3);
}

/**
 * The scholar verification flow of spec §4: login, then an author code passes; else the phone must be bound; then
 * the email audit: passed (2) fetches and stores the author code, anything else opens the verify dialog at that step.
 */
export async function ensureScholar(): Promise<boolean> {
  const user = $user.get();
  if (!user) {
    openDialog("login", "needLogin");
    return false;
  }
  if (user.authorCode) return true;
  if (mustBindPhone(user)) {
    $unboundUserId.set(user.id);
    openDialog("bindPhone", "needBind");
    return false;
  }
  const audit = await callApi(accountCalls.checkEmailAudit);
  if (audit.code !== 200 || !audit.data) {
    showFailure(audit);
    return false;
  }
  if (audit.data.isPass === AUDIT_PASSED) {
    const author = await callApi(accountCalls.queryAuthorByUserId);
    if (author.code !== 1 || !author.data?.authorCode) return false;
    storeSession({ ...user, authorCode: author.data.authorCode });
    $verifyStep.set(audit.data);
    return true;
  }
  $verifyStep.set(audit.data);
  // Another dialog that opened while the check ran (the task toast after binding) keeps the screen.
  const open = $dialog.get();
  if (!open || open.name === "verify") openDialog("verify", String(audit.data.isPass));
  return false;
}

/** For actions (a button, not a page): true when the gate is met, else the dialog that opens the way (spec §6). */
export async function requireGate(gate: Gate): Promise<boolean> {
  const user = $user.get();
  const outcome = evaluateGate(gate, user);
  if (outcome === "ok") return true;
  if (outcome === "needVerify") return ensureScholar();
  if (outcome === "needVip") {
    navigateTo("/vipIndex");
    return false;
  }
  if (outcome === "needBind" && user) $unboundUserId.set(user.id);
  openDialog(outcome === "needLogin" ? "login" : "bindPhone", outcome);
  return false;
}

/** Spec §4 login check: 200 keeps (and refreshes) the user; anything else logs out, and 10001 says why. */
export async function checkLogin(): Promise<void> {
  if (!$user.get() && !$sessionLost.get()) return;
  $sessionLost.set(false);
  const answer = await callApi(accountCalls.isLogin);
  // A network failure says nothing about the session; code 4 was handled by the API client (toast, logout, home).
  if (answer.code === NETWORK_ERROR_CODE || answer.code === SESSION_REVOKED_CODE) return;
  if (answer.code === 200 && answer.data) {
    storeSession(answer.data);
    return;
  }
  await clearSession();
  if (answer.code === OFFLINE_CODE) openDialog("loginError", answer.message);
}

export interface Promotion {
  id: number;
  h5Image: string;
  jumpType: number;
  url: string;
  modulePathWeb: string;
  moduleQueryWeb: string;
}

/** Pages a visitor came to fill in (the sign-up page an invite link opens): no popup covers their form. */
const PROMOTION_FREE_PATHS: ReadonlySet<string> = new Set(["/register"]);

/**
 * The first-visit promotion, else the one-picture popup; each once per device (the platform keeps count). At most one
 * popup per visit, and never the picture the last popup showed; on a promotion-free page it waits for the next page.
 */
export async function checkPromotions(): Promise<void> {
  if (PROMOTION_FREE_PATHS.has(window.location.pathname)) return;
  if (readStorage(STORAGE_KEYS.promotionThisVisit, "visit")) return;
  const deviceId = ensureDeviceId();
  const sourceUrl = window.location.pathname;
  for (const [call, dialog] of [
    [activityCalls.firstVisitAd, "firstVisit"],
    [activityCalls.firstVisitCommon, "onePicture"],
  ] as const) {
    const answer = await callApi(call, { deviceId, sourceUrl });
    const picture = answer.code === 200 ? answer.data?.h5Image : undefined;
    if (!picture || picture === readStorage(STORAGE_KEYS.lastPromotion)) continue;
    if ($dialog.get()) return;
    openDialog(dialog, undefined, answer.data);
    writeStorage(STORAGE_KEYS.promotionThisVisit, "1", "visit");
    writeStorage(STORAGE_KEYS.lastPromotion, picture);
    return;
  }
}

/** Spec §4: a VIP member (interest 8) without a bound address is asked to bind one, once a day. */
export async function checkAddressBinding(hasAddressPage: boolean, today = new Date()): Promise<void> {
  const user = $user.get();
  if (!user?.isVip || !hasAddressPage) return;
  const stamp = `${user.id}:${dayKey(today.getTime())}`;
  if (readStorage(STORAGE_KEYS.addressPrompt) === stamp) return;
  const answer = await callApi(activityCalls.addressBindCheck, { interestId: ADDRESS_INTEREST_ID });
  if (answer.code !== 200 || !answer.data?.members || answer.data.bindAddress) return;
  writeStorage(STORAGE_KEYS.addressPrompt, stamp);
  if (!$dialog.get()) openDialog("vipAddress");
}

/** Ends the session on the platform and in this browser, then starts again from the home page. */
export async function logout(): Promise<void> {
  await callApi(accountCalls.logout);
  await clearSession();
  // Nothing of this person stays readable offline on this device (ADR 046).
  forgetPersonalOffline();
  window.location.assign("/home");
}
