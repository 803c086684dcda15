export { commentCalls } from "~/api/groups/comment";
