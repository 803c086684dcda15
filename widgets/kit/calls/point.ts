export { pointCalls } from "~/api/groups/point";
