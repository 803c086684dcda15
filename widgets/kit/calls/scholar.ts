export { scholarCalls } from "~/api/groups/scholar";
