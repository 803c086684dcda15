import { calls } from "../call-table";

/** Book and video votes and the reading contest (ADR 021): tickets and counts are the platform's; pages show its answers. */
export const voteCalls = calls({
  bookVote: { path: "/voteBook/vote" },
  videoVote: { path: "/voteVideo/vote" },
});
