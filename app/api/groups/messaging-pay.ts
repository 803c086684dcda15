import { calls } from "../call-table";

/** Paying in the messaging app's browser (ADR 092): the openid from the app's OAuth code, then the JSAPI parameters. */
export const messagingPayCalls = calls({
  openidByCode: { path: "/wxpay/getUserOpenidByCode" },
  jsapi: { path: "/wxpay/jsapi" },
});
