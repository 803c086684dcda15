export { accountCalls } from "~/api/groups/account";
