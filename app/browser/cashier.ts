import { type JsapiParams, MESSAGING_PAY_PAGE } from "@contracts/messaging-pay";
import { isMessagingAppBrowser } from "./user-agent";
import { readStorage, writeStorage } from "./storage";

/**
 * Where a payment attempt is paid, then the buyer comes back to `returnTo`: in the messaging app's browser its JSAPI
 * payment page (ADR 092), elsewhere the platform's cashier (`payUrl`, the simulator's locally).
 */
export function cashierUrl(payment: { paymentNo: string; payUrl: string }, returnTo: string): string {
  if (!isMessagingAppBrowser(navigator.userAgent)) return `${payment.payUrl}&returnTo=${encodeURIComponent(returnTo)}`;
  // A page's query takes letters, digits, _ and - only: where to come back to waits in this tab's storage instead.
  writeStorage(returnKey(payment.paymentNo), returnTo, "visit");
  return `${MESSAGING_PAY_PAGE}?paymentNo=${encodeURIComponent(payment.paymentNo)}`;
}

const returnKey = (paymentNo: string) => `messagingPayReturn:${paymentNo}`;

/** Where the buyer of a payment paid in the messaging app goes back to: a path of this site only, else their orders. */
export function cashierReturn(paymentNo: string): string {
  const path = readStorage(returnKey(paymentNo), "visit") ?? "";
  return /^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&%.]*)?$/.test(path) && !path.startsWith("//") ? path : "/myOrder";
}

/** The messaging app's bridge, present only inside the app. */
interface MessagingBridge {
  invoke(name: "getBrandWCPayRequest", params: JsapiParams, done: (result: { err_msg?: string }) => void): void;
}

/**
 * Hands a JSAPI payment to the messaging app's bridge and says how the person left its cashier ("absent" outside the
 * app). Only the provider's notice decides the payment: the order's status page asks the platform either way.
 */
export function payWithBridge(params: JsapiParams): Promise<"ok" | "cancel" | "fail" | "absent"> {
  const bridge = (window as unknown as { WeixinJSBridge?: MessagingBridge }).WeixinJSBridge;
  if (!bridge) return Promise.resolve("absent");
  return new Promise((resolve) =>
    bridge.invoke("getBrandWCPayRequest", params, (result) => {
      const message = result.err_msg ?? "";
      resolve(message.endsWith(":ok") ? "ok" : message.endsWith(":cancel") ? "cancel" : "fail");
    }),
  );
}
