import { calls } from "../call-table";

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
