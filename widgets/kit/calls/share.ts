export { shareCalls } from "~/api/groups/share";
