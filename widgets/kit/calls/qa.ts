export { qaCalls } from "~/api/groups/qa";
