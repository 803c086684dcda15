/** Why a spec path is not served or not called (ADR 061), read by scripts/spec-paths.ts. */

/** Prefixes another engineer is adding at the same time (live service, messaging, robot, questionnaires, share, WeCom). */
export const PARALLEL_PREFIXES = [
  "/plan/",
  "/anchor/",
  "/audience/",
  "/live/",
  "/seat/",
  "/guest/",
  "/planInvite/",
  "/push/",
  "/rtc/",
  "/relevant/",
  "/common/",
  "/im/",
  "/robot/",
  "/planQuestion/",
  "/wechatsubscription/",
  "/information/collection",
  "/share/",
  "/wecom/",
];

export const NOT_SERVED: Record<string, string> = {
  "/author/create":
    "deliberately not: a profile is created only through a verified claim (/author/claimAndCreate, approved by review); a second path that creates unverified profiles would let anyone speak as a scholar (ADR 060)",
  "/ScholarV2/*": "deliberately not: the spec names no endpoint under it; /author/get and /author/edit carry the profile's sections (ADR 060)",
  "/activity/isActive": "deliberately not: /activity/singleCouponData answers whether a coupon activity runs; no screen asks separately",
  "/crMeeting/list": "deliberately not: meetings are listed by /meeting/*; the spec names no screen for a separate list",
  "/wxpay/getUserOpenidByCode": "deliberately not: payments go through the order engine's cashier (ADR 018); no WeChat Pay account is configured",
  "/expression/list": "deliberately not: no screen of the spec offers emoji expressions; comments are plain text",
};

export const NOT_CALLED: Record<string, string> = {
  "/web/sendMessage": "served as an alias: every page sends codes with /web/sendMessageWithCaptcha, which the spec's send-code rule requires (captcha first)",
  "/sms/sendMessageCommon": "served as an alias of /web/sendMessageWithCaptcha for the same reason",
  "/web/InFindPwd": "served; the find-password dialog posts to /web/findPwd, which does the same reset for phones",
  "/reg/change": "served as an alias; the password page calls /web/changePassword",
  "/web/email": "served; opened from the link in the confirmation email, not by a page",
  "/author/checkClaimStatus": "served; the verification page reads /author/checkEmailAudit and /author/certification, which answer the same state (ADR 060)",
  "/author/searAuthor": "served; the author lists call /author/operationAuthorList with a keyword, the same search",
  "/author/userInformation":
    "served for clients that want the account and its verification state in one answer; the app has both from /web/getUserInfoWithToken and /author/checkEmailAudit",
  "/author/checkMobileEmailAudit": "served; the app's scholar flow (spec §4) checks the bound phone from the session and then /author/checkEmailAudit",
  "/search": "served; the search page calls /commonSearc/all",
  "/voteVideo/list": "served; the video-vote screens show one entry through /voteVideo/detail and list through the campaign board",
  "/voteData/getTicket": "served; the vote board reads the tickets left with the campaign's entries",
  "/comment/commentNumDetail": "served; comment counts come with each list's items",
  "/advertising/list": "served; the spec names no screen that shows adverts (the /demoAdTest page uses banners)",
  "/activityGiveCoupon/list": "served; the coupon-gift screen reads /activityGiveCoupon/getGiveLink",
  "/order/couponList": "served; the order confirmation gets the usable coupons with its quote from /order/caculatePrice",
  "/textRoute/filterRiskWords": "served; each posting path checks risk words itself, so a page need not ask first",
};
