export { socialCalls } from "~/api/groups/social";
