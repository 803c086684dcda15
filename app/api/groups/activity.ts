import { calls } from "../call-table";

export const activityCalls = calls({
  taskCheck: { path: "/integralTask/checkFinishTask" },
  firstVisitAd: { path: "/firstEven/checkFirstEvenAd" },
  firstVisitCommon: { path: "/firstEven/firstEvenCommon" },
  tracking: { path: "/buryingPoint/buryingPoint" },
  addressBindCheck: { path: "/members/whetherBindAddress", method: "GET" },
});
