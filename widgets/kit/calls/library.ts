export { libraryCalls } from "~/api/groups/library";
