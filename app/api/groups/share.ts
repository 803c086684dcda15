import { calls } from "../call-table";

/** Share records (ADR 092): a signed-in person's share of an item, once per channel a day, and an item's count. */
export const shareCalls = calls({
  record: { path: "/share/record" },
  count: { path: "/share/count", method: "GET" },
});
