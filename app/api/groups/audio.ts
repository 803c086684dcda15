import { calls } from "../call-table";

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
