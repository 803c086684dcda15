import { calls } from "../call-table";

/** Events: the calendar feed, live reminders, seats, sign-ups and the live stream's address. */
export const eventCalls = calls({
  feedToken: { path: "/calendar/feedToken", method: "GET" },
  createFeedToken: { path: "/calendar/feedToken" },
  resetFeedToken: { path: "/calendar/resetFeedToken" },
  liveReminder: { path: "/calendar/liveReminder", method: "GET" },
  setLiveReminder: { path: "/calendar/liveReminder" },
  chooseSeat: { path: "/seat/choose" },
  specialEnroll: { path: "/special/enroll" },
  specialSignUp: { path: "/signData/add" },
  playInfo: { path: "/live/playInfo" },
});
