/** The widget kit's message centre (ADR 063): its calls, its contract, and the live unread count and arrivals. */
export { $arrived, $unread } from "~/stores/messages";
export {
  DIRECT_TEXT_LIMIT,
  IM_API,
  NOTICE_CHANNEL,
  directChannel,
  peerOf,
  type ImChannel,
  type ImMessage,
} from "@contracts/messages";
