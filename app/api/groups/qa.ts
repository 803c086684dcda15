import { calls } from "../call-table";

/** Questions and answers: asking, answering, votes, concern and removal. */
export const qaCalls = calls({
  question: { path: "/qa/detail", method: "GET" },
  ask: { path: "/qa/ask" },
  answerQuestion: { path: "/qa/answer" },
  praiseAnswer: { path: "/qa/praise" },
  trampleAnswer: { path: "/qa/trample" },
  concern: { path: "/qa/concern" },
  removeAnswer: { path: "/qa/removeAnswer" },
  removeQuestion: { path: "/qa/removeQuestion" },
});
