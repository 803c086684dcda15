export { essayCalls } from "~/api/groups/essay";
