export { messageCalls } from "~/api/groups/message";
