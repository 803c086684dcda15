import { calls } from "../call-table";

/** Membership (ADR 020): cards are bought through orderCalls; codes and gift cards are redeemed here. */
export const memberCalls = calls({
  redeemCode: { path: "/members/exchange" },
  receiveGift: { path: "/members/receive" },
  giftCard: { path: "/members/friendCardDetail", method: "GET" },
});
