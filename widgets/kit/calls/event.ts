export { eventCalls } from "~/api/groups/event";
