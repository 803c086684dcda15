export { memberCalls } from "~/api/groups/member";
