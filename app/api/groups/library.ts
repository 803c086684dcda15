import { calls } from "../call-table";

/** The reader's library (ADR 055): saved items, their notes and tags. */
export const libraryCalls = calls({
  libraryList: { path: "/library/list", method: "GET" },
  libraryStatus: { path: "/library/status", method: "GET" },
  librarySave: { path: "/library/save" },
  libraryUpdate: { path: "/library/update" },
  libraryRemove: { path: "/library/remove" },
});
