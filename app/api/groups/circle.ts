import { calls } from "../call-table";

/** The scholars' circle: posts, their praise and who may post. */
export const circleCalls = calls({
  canPost: { path: "/circle/verify", method: "GET" },
  addPost: { path: "/circle/add" },
  removePost: { path: "/circle/remove" },
  praisePost: { path: "/circle/praise" },
});
