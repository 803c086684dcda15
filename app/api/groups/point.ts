import { calls } from "../call-table";

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
