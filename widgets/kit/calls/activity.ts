export { activityCalls } from "~/api/groups/activity";
