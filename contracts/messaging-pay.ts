/**
 * Paying in the messaging app's browser (ADR 092): the person's openid from the app's OAuth code
 * (spec §7 /wxpay/getUserOpenidByCode), then the JSAPI payment's parameters for the page to hand to the app's bridge.
 */
export const MESSAGING_PAY_API = { openidByCode: "/wxpay/getUserOpenidByCode", jsapi: "/wxpay/jsapi" } as const;

/** The product page that runs the flow: `?paymentNo=…&returnTo=…`, and `code` when the app's OAuth sends the person back. */
export const MESSAGING_PAY_PAGE = "/messagingPay";

/** What the page hands to WeixinJSBridge.invoke("getBrandWCPayRequest", …). */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: "HMAC-SHA256";
  paySign: string;
}
