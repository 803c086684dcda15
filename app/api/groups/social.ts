import { calls } from "../call-table";

/** Following, blocking, praising and collecting: the platform keeps each relation and its count. */
export const socialCalls = calls({
  follow: { path: "/follow/doFollow" },
  block: { path: "/userBlack/add" },
  unblock: { path: "/userBlack/remove" },
  praise: { path: "/praise/doPraise" },
  collect: { path: "/collect/doCollect" },
});
