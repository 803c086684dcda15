/**
 * The scholar directory (/author/operationAuthorList, /author/searAuthor, /recommend/authorList, /author/query,
 * /follow/doFollow) and the public shape of a profile, which the workspace, recommendations and search show too.
 */
export { scholarRoutes } from "./routes.server.ts";
export { jelTag, knownJelCodes, readSections, searchJel, sectionsView, toScholar, type ProfileSections } from "./rules.server.ts";
export type { ScholarRow } from "./queries.server.ts";
