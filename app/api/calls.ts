import { defineCalls, SESSION_REVOKED_CODE, type CallDefinition } from "./api-client";
import type { ApiEnvelope } from "@contracts/envelope";
import { browserApi, VERIFY_FIRST_MESSAGES } from "./browser-api";
import { showToast } from "~/stores/dialogs";

/** Account and activity calls the shell and dialogs make, by name (page configs name their own paths). */
export const accountCalls = defineCalls({
  isLogin: { path: "/web/isLogin", method: "GET" },
  userInfo: { path: "/web/getUserInfoWithToken", method: "GET" },
  logout: { path: "/web/logout" },
  countryPrefixes: { path: "/sys/country/mobile/prefix", method: "GET" },
  sendSms: { path: "/web/sendMessageWithCaptcha" },
  sendEmailCode: { path: "/web/sendCodeEmail" },
  loginByPassword: { path: "/web/login" },
  loginByCode: { path: "/web/loginMessage" },
  loginByEmail: { path: "/web/loginByAccountEmail" },
  registerByPhone: { path: "/reg/register" },
  registerByEmail: { path: "/reg/registerByEmail" },
  resendConfirmation: { path: "/web/sendEmail" },
  findPassword: { path: "/web/findPwd" },
  findPasswordByEmail: { path: "/web/findPwdByEmail" },
  changePassword: { path: "/web/changePassword" },
  wechatLoginCode: { path: "/wechatpub/login" },
  wechatPoll: { path: "/wechatpub/pollingLogin" },
  wxBindMobile: { path: "/BindPhone/Wechat" },
  emailBindMobile: { path: "/BindPhone/Email" },
  feedback: { path: "/feedBack/addFeedBack" },
  checkEmailAudit: { path: "/author/checkEmailAudit", method: "GET" },
  queryAuthorByUserId: { path: "/author/queryAuthorByUserId", method: "GET" },
  claimAuthor: { path: "/author/claim" },
  findPasswordByEmailCode: { path: "/web/sendMessageInFindPwdForEmail" },
  uploadFile: { path: "/file/upload" },
  updateProfile: { path: "/userInfo/info" },
});

/** Buying (ADR 018) and the address book: the engine decides prices, coupons and states; pages only show its answers. */
export const orderCalls = defineCalls({
  claimCoupon: { path: "/coupon/addActivityCoupon" },
  placeOrderInfo: { path: "/assembly-goods/getPlaceOrderInfo" },
  quote: { path: "/order/caculatePrice" },
  confirmPay: { path: "/order/confirmPay" },
  payStatus: { path: "/order/getPaystatus", method: "GET" },
  cancel: { path: "/order/cancel" },
  addresses: { path: "/userAddress/list", method: "GET" },
  address: { path: "/userAddress/detail", method: "GET" },
  saveAddress: { path: "/userAddress/operation" },
  deleteAddress: { path: "/userAddress/delete" },
  defaultAddress: { path: "/userAddress/setDefault" },
  divisions: { path: "/area/listAll", method: "GET" },
  newcomerCoupon: { path: "/firstEven/firstEvenCoupon", method: "GET" },
  /** Gives the welcome coupon (receive: true); a POST, as every call that changes something. */
  receiveNewcomerCoupon: { path: "/firstEven/firstEvenCoupon" },
  myHelpLink: { path: "/activityGiveCoupon/addGiveLink" },
  activityCoupon: { path: "/activity/singleCouponData", method: "GET" },
  helpLink: { path: "/activityGiveCoupon/getGiveLink", method: "GET" },
  help: { path: "/coupon/addActivityCouponFromGiveLink" },
});

/** Points, tasks and the points mall (ADR 020): the ledger, sign-in days and stock are decided by the platform. */
export const pointCalls = defineCalls({
  taskList: { path: "/integralTask/taskList", method: "GET" },
  signin: { path: "/integralTask/signin" },
  exchange: { path: "/goodsExchange/confirm" },
  reminder: { path: "/signinPush/status", method: "GET" },
  setReminder: { path: "/signinPush/switch" },
  guide: { path: "/functionGuide/list", method: "GET" },
  guideRead: { path: "/functionGuide/read" },
});

/** Membership (ADR 020): cards are bought through orderCalls; codes and gift cards are redeemed here. */
export const memberCalls = defineCalls({
  redeemCode: { path: "/members/exchange" },
  receiveGift: { path: "/members/receive" },
  giftCard: { path: "/members/friendCardDetail", method: "GET" },
});

/** Audio books (ADR 022): what may play, where the listener is, the shelf, ratings and unlocking. */
export const audioCalls = defineCalls({
  play: { path: "/booksPlay", method: "GET" },
  savePosition: { path: "/booksHistory/updatePlaysTimes" },
  toggleShelf: { path: "/shelf/toggle" },
  score: { path: "/booksScore" },
  unlock: { path: "/unlock" },
  newVoucher: { path: "/unlock/voucher" },
  vouchers: { path: "/unlock/vouchers", method: "GET" },
  voucher: { path: "/unlock/voucherDetail", method: "GET" },
});

export const activityCalls = defineCalls({
  taskCheck: { path: "/integralTask/checkFinishTask" },
  firstVisitAd: { path: "/firstEven/checkFirstEvenAd" },
  firstVisitCommon: { path: "/firstEven/firstEvenCommon" },
  tracking: { path: "/buryingPoint/buryingPoint" },
  addressBindCheck: { path: "/members/whetherBindAddress", method: "GET" },
});

/** Makes a named call through the browser's API client (its method, its encoding). */
export function callApi<T = unknown>(definition: CallDefinition, params: Record<string, unknown> = {}): Promise<ApiEnvelope<T>> {
  return browserApi.request<T>(definition.path, { method: definition.method ?? "POST", encoding: definition.encoding, params });
}

/** A failed call's message as an error toast, unless the API client already answered it (code 4, the verify warning). */
export function showFailure(answer: ApiEnvelope): void {
  if (answer.code === SESSION_REVOKED_CODE || VERIFY_FIRST_MESSAGES.has(answer.message ?? "")) return;
  showToast(answer.message ?? "", "error");
}

/** The lucky draw and its chance tasks: the platform draws, takes the payment and keeps the stock; pages show its answers. */
export const drawCalls = defineCalls({
  drawDetail: { path: "/luckyDraw/detail", method: "GET" },
  draw: { path: "/luckyDraw/draw" },
  myPrizes: { path: "/luckyDraw/myPrizes", method: "GET" },
  claimPrize: { path: "/luckyDraw/claim" },
  drawTasks: { path: "/luckyTask/list", method: "GET" },
  finishDrawTask: { path: "/luckyTask/finish" },
  receiveDrawChance: { path: "/luckyTask/receive" },
});

/** Book and video votes and the reading contest (ADR 021): tickets and counts are the platform's; pages show its answers. */
export const voteCalls = defineCalls({
  bookVote: { path: "/voteBook/vote" },
  videoVote: { path: "/voteVideo/vote" },
});
