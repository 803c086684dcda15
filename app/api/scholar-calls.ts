import { defineCalls } from "./api-client";

/** A scholar's own profile and documents (ADR 060, 061): the workspace on /person and the verification page. */
export const scholarCalls = defineCalls({
  getAuthor: { path: "/author/get" },
  editAuthor: { path: "/author/edit" },
  claimAndCreate: { path: "/author/claimAndCreate" },
  supplementClaim: { path: "/author/supplement" },
  similarAuthors: { path: "/author/querySimilarAuthor" },
  certification: { path: "/author/certification" },
  jelCodes: { path: "/scholar/jelCodes" },
  coauthorSearch: { path: "/mpAuthor/search" },
});
