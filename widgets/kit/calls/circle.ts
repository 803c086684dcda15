export { circleCalls } from "~/api/groups/circle";
