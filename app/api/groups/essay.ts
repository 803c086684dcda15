import { calls } from "../call-table";

/** Essays a reader writes: the draft, its release and its removal. */
export const essayCalls = calls({
  essay: { path: "/essay/detail", method: "GET" },
  saveDraft: { path: "/essay/saveDraft" },
  releaseEssay: { path: "/essay/release" },
  removeEssay: { path: "/essay/remove" },
});
