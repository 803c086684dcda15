export { messagingPayCalls } from "~/api/groups/messaging-pay";
