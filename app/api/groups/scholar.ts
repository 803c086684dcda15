import { calls } from "../call-table";

/** A scholar's own profile and documents (ADR 060, 061): the workspace on /person and the verification page. */
export const scholarCalls = calls({
  getAuthor: { path: "/author/get" },
  editAuthor: { path: "/author/edit" },
  claimAndCreate: { path: "/author/claimAndCreate" },
  supplementClaim: { path: "/author/supplement" },
  similarAuthors: { path: "/author/querySimilarAuthor" },
  certification: { path: "/author/certification" },
  jelCodes: { path: "/scholar/jelCodes" },
  coauthorSearch: { path: "/mpAuthor/search" },
  addDocument: { path: "/article/doNewInsertDoc" },
  updateDocument: { path: "/article/doUpdateDoc" },
  myDocuments: { path: "/article/getUploadDocList" },
  hideDocument: { path: "/article/addHide" },
  showDocument: { path: "/article/cancelHide" },
  searchWorks: { path: "/article/searchByAuthor" },
});
