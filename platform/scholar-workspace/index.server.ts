/**
 * The scholar's workspace (ADR 060): verification by claim (/author/claim, /author/claimAndCreate, the state paths,
 * /author/supplement), the owner's profile and its reviewed edits (/author/get, /author/edit), the editors' lookups
 * (/scholar/jelCodes, /mpAuthor/search); the reviews the developer tools make for an administrator.
 */
export { scholarWorkspaceRoutes } from "./routes.server.ts";
export { reviewClaim, reviewProfileChange, waitingChanges } from "./rules.server.ts";
