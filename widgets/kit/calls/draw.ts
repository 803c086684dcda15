export { drawCalls } from "~/api/groups/draw";
