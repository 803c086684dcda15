export { voteCalls } from "~/api/groups/vote";
