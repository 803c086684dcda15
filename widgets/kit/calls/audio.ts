export { audioCalls } from "~/api/groups/audio";
