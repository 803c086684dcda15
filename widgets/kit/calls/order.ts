export { orderCalls } from "~/api/groups/order";
