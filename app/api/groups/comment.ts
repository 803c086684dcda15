import { calls } from "../call-table";

/** Comments on documents and on videos. */
export const commentCalls = calls({
  comments: { path: "/comment/list", method: "GET" },
  addComment: { path: "/comment/add" },
  deleteComment: { path: "/comment/delete" },
  addVideoComment: { path: "/video/addVideoComment" },
  deleteVideoComment: { path: "/video/delVideoComment" },
});
