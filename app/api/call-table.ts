/**
 * Every platform call the browser makes by name (ADR 069): the one way widgets, dialogs and hooks call the platform.
 * Each path has a contract in contracts/api/, whose generated type (`ApiAnswers`) types the call's answer; a path
 * without one does not compile. Pure data, so the contract recorder reads it on the server too.
 */
import type { ApiAnswers } from "@contracts/generated/api";
import { type CallDefinition, defineCalls } from "./api-client";

/** A platform path with a recorded contract. */
export type ApiPath = keyof ApiAnswers;

/** A named call whose answer is typed by its path's contract. */
export type NamedCall<P extends ApiPath = ApiPath> = CallDefinition & { path: P };

/** The answer of a named call, for types derived from it: `AnswerOf<typeof scholarCalls.getAuthor>["change"]`. */
export type AnswerOf<C> = C extends NamedCall<infer P> ? ApiAnswers[P] : never;

function calls<T extends Record<string, NamedCall>>(group: T): T {
  return defineCalls(group);
}

/** Account and activity calls the shell and dialogs make, by name (page configs name their own paths). */
export const accountCalls = calls({
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
export const orderCalls = calls({
  claimCoupon: { path: "/coupon/addActivityCoupon" },
  placeOrderInfo: { path: "/assembly-goods/getPlaceOrderInfo" },
  quote: { path: "/order/caculatePrice" },
  confirmPay: { path: "/order/confirmPay" },
  payStatus: { path: "/order/getPaystatus", method: "GET" },
  cancel: { path: "/order/cancel" },
  refund: { path: "/order/refund" },
  // Read by the order pages' own data sources (GET, as their configs declare); named here so widgets type them.
  details: { path: "/order/details", method: "GET" },
  list: { path: "/order/list", method: "GET" },
  statusCounts: { path: "/order/statusCounts", method: "GET" },
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
export const pointCalls = calls({
  taskList: { path: "/integralTask/taskList", method: "GET" },
  signin: { path: "/integralTask/signin" },
  exchange: { path: "/goodsExchange/confirm" },
  reminder: { path: "/signinPush/status", method: "GET" },
  setReminder: { path: "/signinPush/switch" },
  guide: { path: "/functionGuide/list", method: "GET" },
  guideRead: { path: "/functionGuide/read" },
});

/** Membership (ADR 020): cards are bought through orderCalls; codes and gift cards are redeemed here. */
export const memberCalls = calls({
  redeemCode: { path: "/members/exchange" },
  receiveGift: { path: "/members/receive" },
  giftCard: { path: "/members/friendCardDetail", method: "GET" },
});

/** Audio books (ADR 022): what may play, where the listener is, the shelf, ratings and unlocking. */
export const audioCalls = calls({
  play: { path: "/booksPlay", method: "GET" },
  savePosition: { path: "/booksHistory/updatePlaysTimes" },
  toggleShelf: { path: "/shelf/toggle" },
  score: { path: "/booksScore" },
  unlock: { path: "/unlock" },
  newVoucher: { path: "/unlock/voucher" },
  vouchers: { path: "/unlock/vouchers", method: "GET" },
  voucher: { path: "/unlock/voucherDetail", method: "GET" },
});

export const activityCalls = calls({
  taskCheck: { path: "/integralTask/checkFinishTask" },
  firstVisitAd: { path: "/firstEven/checkFirstEvenAd" },
  firstVisitCommon: { path: "/firstEven/firstEvenCommon" },
  tracking: { path: "/buryingPoint/buryingPoint" },
  addressBindCheck: { path: "/members/whetherBindAddress", method: "GET" },
});

/** The lucky draw and its chance tasks: the platform draws, takes the payment and keeps the stock; pages show its answers. */
export const drawCalls = calls({
  drawDetail: { path: "/luckyDraw/detail", method: "GET" },
  draw: { path: "/luckyDraw/draw" },
  myPrizes: { path: "/luckyDraw/myPrizes", method: "GET" },
  claimPrize: { path: "/luckyDraw/claim" },
  drawTasks: { path: "/luckyTask/list", method: "GET" },
  finishDrawTask: { path: "/luckyTask/finish" },
  receiveDrawChance: { path: "/luckyTask/receive" },
});

/** Book and video votes and the reading contest (ADR 021): tickets and counts are the platform's; pages show its answers. */
export const voteCalls = calls({
  bookVote: { path: "/voteBook/vote" },
  videoVote: { path: "/voteVideo/vote" },
});

/** A scholar's own profile and documents (ADR 060, 061): the workspace on /person and the verification page. */
export const scholarCalls = calls({
  getAuthor: { path: "/author/get" },
  editAuthor: { path: "/author/edit" },
  claimAndCreate: { path: "/author/claimAndCreate" },
  supplementClaim: { path: "/author/supplement" },
  similarAuthors: { path: "/author/querySimilarAuthor" },
  certification: { path: "/author/certification" },
  jelCodes: { path: "/scholar/jelCodes" },
  coauthorSearch: { path: "/mpAuthor/search" },
  addDocument: { path: "/article/doNewInsertDoc" },
  updateDocument: { path: "/article/doUpdateDoc" },
  myDocuments: { path: "/article/getUploadDocList" },
  hideDocument: { path: "/article/addHide" },
  showDocument: { path: "/article/cancelHide" },
  searchWorks: { path: "/article/searchByAuthor" },
});

/** Following, blocking, praising and collecting: the platform keeps each relation and its count. */
export const socialCalls = calls({
  follow: { path: "/follow/doFollow" },
  block: { path: "/userBlack/add" },
  unblock: { path: "/userBlack/remove" },
  praise: { path: "/praise/doPraise" },
  collect: { path: "/collect/doCollect" },
});

/** Paying in the messaging app's browser (ADR 092): the openid from the app's OAuth code, then the JSAPI parameters. */
export const messagingPayCalls = calls({
  openidByCode: { path: "/wxpay/getUserOpenidByCode" },
  jsapi: { path: "/wxpay/jsapi" },
});

/** Share records (ADR 092): a signed-in person's share of an item, once per channel a day, and an item's count. */
export const shareCalls = calls({
  record: { path: "/share/record" },
  count: { path: "/share/count", method: "GET" },
});

/** The scholars' circle: posts, their praise and who may post. */
export const circleCalls = calls({
  canPost: { path: "/circle/verify", method: "GET" },
  addPost: { path: "/circle/add" },
  removePost: { path: "/circle/remove" },
  praisePost: { path: "/circle/praise" },
});

/** Essays a reader writes: the draft, its release and its removal. */
export const essayCalls = calls({
  essay: { path: "/essay/detail", method: "GET" },
  saveDraft: { path: "/essay/saveDraft" },
  releaseEssay: { path: "/essay/release" },
  removeEssay: { path: "/essay/remove" },
});

/** Questions and answers: asking, answering, votes, concern and removal. */
export const qaCalls = calls({
  question: { path: "/qa/detail", method: "GET" },
  ask: { path: "/qa/ask" },
  answerQuestion: { path: "/qa/answer" },
  praiseAnswer: { path: "/qa/praise" },
  trampleAnswer: { path: "/qa/trample" },
  concern: { path: "/qa/concern" },
  removeAnswer: { path: "/qa/removeAnswer" },
  removeQuestion: { path: "/qa/removeQuestion" },
});

/** Comments on documents and on videos. */
export const commentCalls = calls({
  comments: { path: "/comment/list", method: "GET" },
  addComment: { path: "/comment/add" },
  deleteComment: { path: "/comment/delete" },
  addVideoComment: { path: "/video/addVideoComment" },
  deleteVideoComment: { path: "/video/delVideoComment" },
});

/** Events: the calendar feed, live reminders, seats, sign-ups and the live stream's address. */
export const eventCalls = calls({
  feedToken: { path: "/calendar/feedToken", method: "GET" },
  createFeedToken: { path: "/calendar/feedToken" },
  resetFeedToken: { path: "/calendar/resetFeedToken" },
  liveReminder: { path: "/calendar/liveReminder", method: "GET" },
  setLiveReminder: { path: "/calendar/liveReminder" },
  chooseSeat: { path: "/seat/choose" },
  specialEnroll: { path: "/special/enroll" },
  specialSignUp: { path: "/signData/add" },
  playInfo: { path: "/live/playInfo" },
});

/** The reader's library (ADR 055): saved items, their notes and tags. */
export const libraryCalls = calls({
  libraryList: { path: "/library/list", method: "GET" },
  libraryStatus: { path: "/library/status", method: "GET" },
  librarySave: { path: "/library/save" },
  libraryUpdate: { path: "/library/update" },
  libraryRemove: { path: "/library/remove" },
});

/** The message centre (ADR 063) and reminders by WeChat subscription. */
export const messageCalls = calls({
  channels: { path: "/im/channels", method: "GET" },
  messages: { path: "/im/messages", method: "GET" },
  send: { path: "/im/send" },
  read: { path: "/im/read" },
  readAll: { path: "/im/readAll" },
  remind: { path: "/wechatsubscription/subscribe" },
  cancelReminder: { path: "/wechatsubscription/cancel" },
  reminderState: { path: "/wechatsubscription/state", method: "GET" },
});

/** The live room's own service (spec §7), called through the live-room client: questionnaires, sign-in, invitations. */
export const liveRoomCalls = calls({
  questions: { path: "/planQuestion/getQuestion" },
  answerQuestionnaire: { path: "/planQuestion/createUserAnswer" },
  signIn: { path: "/audience/signIn" },
  canSignIn: { path: "/audience/signInState" },
  myInvite: { path: "/planInvite/myInvite" },
  joinAudience: { path: "/audience/join" },
  invitedPeople: { path: "/relevant/invitedList" },
  expressions: { path: "/expression/list" },
});
