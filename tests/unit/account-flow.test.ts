/**
 * The account flows of spec §4 with the platform's answers stubbed: login success and failure, the login check,
 * the scholar verification flow, binding a phone and its task check, promotions and the VIP address prompt.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallDefinition } from "~/api/api-client";
import type { ApiEnvelope } from "@contracts/envelope";

const answers = new Map<string, ApiEnvelope[]>();
const made: { path: string; params: Record<string, unknown> }[] = [];

vi.mock("~/api/calls", async () => {
  const actual = await vi.importActual<typeof import("~/api/calls")>("~/api/calls");
  return {
    ...actual,
    callApi: vi.fn(async (definition: CallDefinition, params: Record<string, unknown> = {}) => {
      made.push({ path: definition.path, params });
      return answers.get(definition.path)?.shift() ?? { code: -1, message: `no answer for ${definition.path}` };
    }),
    showFailure: vi.fn(),
  };
});

const { checkAddressBinding, checkLogin, checkPromotions, completeLogin, ensureScholar, loginFailed, phoneBound, requireGate } = await import(
  "~/account/flows"
);
const { $dialog } = await import("~/stores/dialogs");
const { $sessionLost, $user, hydrateSession, storeSession } = await import("~/stores/session");
const { $forcedBind, $verifyStep } = await import("~/stores/account");
const { showFailure } = await import("~/api/calls");

const answer = (path: string, ...envelopes: ApiEnvelope[]) => answers.set(path, envelopes);
const storage = new Map<string, string>();
const reload = vi.fn();
/** The browser's requests outside the API client: ending the session asks the server to drop the HttpOnly cookie. */
const fetched = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
/** The session storage of one visit. */
const visit = new Map<string, string>();

beforeEach(() => {
  answers.clear();
  made.length = 0;
  storage.clear();
  visit.clear();
  reload.mockClear();
  fetched.mockClear();
  vi.stubGlobal("fetch", fetched);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    sessionStorage: {
      getItem: (key: string) => visit.get(key) ?? null,
      setItem: (key: string, value: string) => visit.set(key, value),
    },
    location: { reload, protocol: "http:", pathname: "/home", assign: vi.fn() },
  });
  vi.stubGlobal("document", { cookie: "" });
  $dialog.set(null);
  $user.set(null);
  $sessionLost.set(false);
  $forcedBind.set(false);
  $verifyStep.set(null);
});

afterEach(() => vi.unstubAllGlobals());

const phoneUser = { id: 1, userName: "13800000001", isBindPhone: true, authorCode: null };
const wxUser = { id: 2, userName: "wx:openid-2", isBindPhone: false, authorCode: null };

describe("login", () => {
  it("stores the user, never a token (the server set the HttpOnly cookie), and reloads", () => {
    completeLogin({ user: phoneUser }, "password");
    expect(storage.has("token")).toBe(false);
    expect(JSON.parse(storage.get("userObj")!)).toEqual(phoneUser);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("sends a WeChat user without a phone to the forced bind dialog instead of reloading", () => {
    completeLogin({ user: wxUser }, "wechat");
    expect(reload).not.toHaveBeenCalled();
    expect($forcedBind.get()).toBe(true);
    expect($dialog.get()).toMatchObject({ name: "bindPhone", reason: "forced" });
  });

  it("opens the lock notice for 10002 and 10003, and shows other failures as errors", () => {
    loginFailed({ code: 10002, message: "locked for 15 min" });
    expect($dialog.get()).toMatchObject({ name: "loginLock", reason: "locked for 15 min" });
    loginFailed({ code: 10003, message: "still locked" });
    expect($dialog.get()).toMatchObject({ name: "loginLock", reason: "still locked" });
    $dialog.set(null);
    loginFailed({ code: 0, message: "Wrong account or password" });
    expect($dialog.get()).toBeNull();
    expect(showFailure).toHaveBeenCalledWith({ code: 0, message: "Wrong account or password" });
  });
});

describe("the login check on load", () => {
  beforeEach(() => storeSession(phoneUser));

  it("keeps and refreshes the user on 200", async () => {
    answer("/web/isLogin", { code: 200, data: { ...phoneUser, nickname: "新" } });
    await checkLogin();
    expect($user.get()).toMatchObject({ nickname: "新" });
    expect(JSON.parse(storage.get("userObj")!)).toMatchObject({ nickname: "新" });
    expect(fetched).not.toHaveBeenCalled();
  });

  it("clears the session on any other code, and 10001 opens the offline notice", async () => {
    answer("/web/isLogin", { code: 401, message: "expired" });
    await checkLogin();
    expect(storage.has("userObj")).toBe(false);
    expect(fetched).toHaveBeenCalledWith("/session/end", expect.objectContaining({ method: "POST" }));
    expect($dialog.get()).toBeNull();
    storeSession(phoneUser);
    answer("/web/isLogin", { code: 10001, message: "signed in elsewhere" });
    await checkLogin();
    expect($user.get()).toBeNull();
    expect($dialog.get()).toMatchObject({ name: "loginError", reason: "signed in elsewhere" });
  });

  it("asks why when the server no longer knows this browser's session: a login elsewhere opens the offline notice", async () => {
    hydrateSession(null);
    expect($sessionLost.get()).toBe(true);
    answer("/web/isLogin", { code: 10001, message: "signed in elsewhere" });
    await checkLogin();
    expect(made.map((call) => call.path)).toEqual(["/web/isLogin"]);
    expect($dialog.get()).toMatchObject({ name: "loginError", reason: "signed in elsewhere" });
    expect(fetched).toHaveBeenCalledWith("/session/end", expect.objectContaining({ method: "POST" }));
    // Asked once: the next load of a visitor asks nothing.
    made.length = 0;
    hydrateSession(null);
    await checkLogin();
    expect(made).toEqual([]);
  });

  it("keeps the session when the network failed, and asks nothing without a user", async () => {
    answer("/web/isLogin", { code: -1, message: "Network error" });
    await checkLogin();
    expect($user.get()).toEqual(phoneUser);
    $user.set(null);
    made.length = 0;
    await checkLogin();
    expect(made).toEqual([]);
  });
});

describe("the scholar verification flow", () => {
  it("visitor → login; author code → passes; unbound wx → bind", async () => {
    expect(await ensureScholar()).toBe(false);
    expect($dialog.get()).toMatchObject({ name: "login" });
    storeSession({ ...phoneUser, authorCode: "A200001" });
    expect(await ensureScholar()).toBe(true);
    storeSession(wxUser);
    expect(await ensureScholar()).toBe(false);
    expect($dialog.get()).toMatchObject({ name: "bindPhone" });
    expect(made).toEqual([]);
  });

  it("isPass 2 fetches and stores the author code; other values open the verify dialog at that step", async () => {
    storeSession(phoneUser);
    answer("/author/checkEmailAudit", { code: 200, data: { isPass: 2 } });
    answer("/author/queryAuthorByUserId", { code: 1, data: { authorCode: "A200001" } });
    expect(await ensureScholar()).toBe(true);
    expect($user.get()?.authorCode).toBe("A200001");
    expect(JSON.parse(storage.get("userObj")!).authorCode).toBe("A200001");

    storeSession(phoneUser);
    answer("/author/checkEmailAudit", { code: 200, data: { isPass: 1, reason: "不是机构邮箱" } });
    expect(await ensureScholar()).toBe(false);
    expect($dialog.get()).toMatchObject({ name: "verify", reason: "1" });
    expect($verifyStep.get()).toEqual({ isPass: 1, reason: "不是机构邮箱" });
  });

  it("gates actions: login, bind, verify, and VIP goes to the membership page", async () => {
    expect(await requireGate("login")).toBe(false);
    expect($dialog.get()).toMatchObject({ name: "login", reason: "needLogin" });
    storeSession(wxUser);
    expect(await requireGate("login")).toBe(true);
    expect(await requireGate("phoneBound")).toBe(false);
    expect($dialog.get()).toMatchObject({ name: "bindPhone", reason: "needBind" });
    storeSession(phoneUser);
    expect(await requireGate("vip")).toBe(false);
    expect((window.location.assign as ReturnType<typeof vi.fn>).mock.calls).toEqual([["/vipIndex"]]);
  });
});

describe("binding a phone", () => {
  it("adopts the new user (its cookie came with the answer, so nothing is cleared), clears the forced flag, closes, and checks task 3", async () => {
    storeSession(wxUser);
    $forcedBind.set(true);
    $dialog.set({ name: "bindPhone", reason: "forced" });
    answer("/integralTask/checkFinishTask", { code: 200, data: { finishTask: true, integral: 50, taskName: "绑定手机号" } });
    phoneBound({ user: { ...wxUser, isBindPhone: true } });
    expect(JSON.parse(storage.get("userObj")!)).toMatchObject({ isBindPhone: true });
    expect(fetched).not.toHaveBeenCalled();
    expect($forcedBind.get()).toBe(false);
    expect($dialog.get()).toBeNull();
    await vi.waitFor(() => expect($dialog.get()).toMatchObject({ name: "taskToast", data: { moduleId: 3, integral: 50 } }));
    expect(made.at(-1)).toEqual({ path: "/integralTask/checkFinishTask", params: { moduleId: 3 } });
  });
});

describe("promotions and the address prompt", () => {
  it("shows the first-visit promotion, else the one-picture popup, else nothing; one per visit, never one picture twice", async () => {
    const payload = { id: 1, h5Image: "/media/poster/1.svg", jumpType: 2, url: "", modulePathWeb: "/home", moduleQueryWeb: "" };
    const other = { ...payload, id: 2, h5Image: "/media/poster/2.svg" };
    answer("/firstEven/checkFirstEvenAd", { code: 200, data: payload });
    await checkPromotions();
    expect($dialog.get()).toMatchObject({ name: "firstVisit", data: payload });
    expect(made[0].params).toMatchObject({ sourceUrl: "/home", deviceId: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    $dialog.set(null);
    // The same visit: nothing more is asked or shown.
    await checkPromotions();
    expect(made).toHaveLength(1);
    expect($dialog.get()).toBeNull();
    // The next visit: a popup with the picture just shown is passed over.
    visit.clear();
    answer("/firstEven/checkFirstEvenAd", { code: 200, data: null });
    answer("/firstEven/firstEvenCommon", { code: 200, data: payload });
    await checkPromotions();
    expect($dialog.get()).toBeNull();
    visit.clear();
    answer("/firstEven/checkFirstEvenAd", { code: 200, data: null });
    answer("/firstEven/firstEvenCommon", { code: 200, data: other });
    await checkPromotions();
    expect($dialog.get()).toMatchObject({ name: "onePicture", data: other });
    $dialog.set(null);
    visit.clear();
    answer("/firstEven/checkFirstEvenAd", { code: 200, data: null });
    answer("/firstEven/firstEvenCommon", { code: 200, data: null });
    await checkPromotions();
    expect($dialog.get()).toBeNull();
  });

  it("covers no sign-up form with a promotion: on /register it is not even asked for, and the next page shows it", async () => {
    const payload = { id: 1, h5Image: "/media/poster/1.svg", jumpType: 2, url: "", modulePathWeb: "/home", moduleQueryWeb: "" };
    answer("/firstEven/checkFirstEvenAd", { code: 200, data: payload });
    window.location.pathname = "/register";
    await checkPromotions();
    expect(made).toHaveLength(0);
    expect($dialog.get()).toBeNull();
    window.location.pathname = "/home";
    await checkPromotions();
    expect($dialog.get()).toMatchObject({ name: "firstVisit", data: payload });
  });

  it("asks a VIP without an address once a Beijing day, never a non-member, and not while the address page is missing", async () => {
    storeSession({ ...phoneUser, isVip: true });
    await checkAddressBinding(false, new Date("2027-03-01T01:00:00Z"));
    expect(made).toEqual([]);
    storeSession(phoneUser);
    await checkAddressBinding(true, new Date("2027-03-01T01:00:00Z"));
    expect(made).toEqual([]);
    storeSession({ ...phoneUser, isVip: true });
    answer(
      "/members/whetherBindAddress",
      { code: 200, data: { members: true, bindAddress: false } },
      { code: 200, data: { members: true, bindAddress: false } },
    );
    // 09:00 and 23:59 in Beijing are one day; 00:30 the next morning is another.
    await checkAddressBinding(true, new Date("2027-03-01T01:00:00Z"));
    expect($dialog.get()).toMatchObject({ name: "vipAddress" });
    expect(made[0].params).toEqual({ interestId: 8 });
    $dialog.set(null);
    await checkAddressBinding(true, new Date("2027-03-01T15:59:00Z"));
    expect($dialog.get()).toBeNull();
    expect(made).toHaveLength(1);
    await checkAddressBinding(true, new Date("2027-03-01T16:30:00Z"));
    expect($dialog.get()).toMatchObject({ name: "vipAddress" });
  });
});
