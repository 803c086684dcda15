export { liveRoomCalls } from "~/api/groups/live-room";
