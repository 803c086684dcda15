import { calls } from "../call-table";

/** The lucky draw and its chance tasks: the platform draws, takes the payment and keeps the stock; pages show its answers. */
export const drawCalls = calls({
  drawDetail: { path: "/luckyDraw/detail", method: "GET" },
  draw: { path: "/luckyDraw/draw" },
  myPrizes: { path: "/luckyDraw/myPrizes", method: "GET" },
  claimPrize: { path: "/luckyDraw/claim" },
  drawTasks: { path: "/luckyTask/list", method: "GET" },
  finishDrawTask: { path: "/luckyTask/finish" },
  receiveDrawChance: { path: "/luckyTask/receive" },
});
